package dev.jaxrsmcp.examples.spring;

import static org.springframework.security.config.Customizer.withDefaults;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Spring Security's filter chain authenticates every request, {@code /mcp} included, with HTTP
 * Basic. Per-resource rules ({@code @RolesAllowed}) live on the JAX-RS methods, where they apply to
 * an MCP read exactly as to the {@code GET}: the filter chain sees an MCP read as a POST to {@code
 * /mcp}, so URL rules for {@code /api/**} would not.
 */
@Configuration
public class SecurityConfig {
  @Bean
  SecurityFilterChain filterChain(HttpSecurity http) throws Exception {
    return http.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
        .httpBasic(withDefaults())
        .csrf(csrf -> csrf.disable())
        .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .build();
  }

  @Bean
  UserDetailsService users() {
    return new InMemoryUserDetailsManager(
        User.withUsername("alice").password("{noop}alice-secret").roles("admin", "user").build(),
        User.withUsername("bob").password("{noop}bob-secret").roles("user").build());
  }
}
