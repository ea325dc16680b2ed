package dev.jaxrsmcp.internal.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link OriginPolicy} remembers its verdict on the Host values it checked: the verdict stays what
 * it was, for repeated values, for values that differ only in case or port, and once more distinct
 * values arrived than it remembers.
 */
class OriginPolicyVerdictsTest {
  private final OriginPolicy policy = new OriginPolicy(Set.of(), Set.of("api.example.com"));

  private boolean allowed(String host) {
    return policy.refusal(List.of(), List.of(host), "", true).isEmpty();
  }

  @Test
  void repeatedHostsKeepTheirVerdict() {
    for (int i = 0; i < 3; i++) {
      assertThat(allowed("localhost:8080")).isTrue();
      assertThat(allowed("API.example.com")).isTrue();
      assertThat(allowed("evil.example")).isFalse();
      assertThat(allowed("evil.example:8080")).isFalse();
      assertThat(allowed("127.0.0.1.evil.example")).isFalse();
      assertThat(allowed("localhost:8o80")).isFalse();
    }
  }

  @Test
  void verdictsStayRightPastWhatIsRemembered() {
    for (int port = 1; port <= OriginPolicy.REMEMBERED_HOSTS + 50; port++) {
      assertThat(allowed("localhost:" + port)).isTrue();
      assertThat(allowed("evil-" + port + ".example")).isFalse();
    }
    assertThat(allowed("evil.example")).isFalse();
    assertThat(allowed("api.example.com:443")).isTrue();
    assertThat(allowed("[::1]:1")).isTrue();
  }

  @Test
  void anUncheckedHostPassesWhateverWasRemembered() {
    assertThat(allowed("evil.example")).isFalse();
    assertThat(policy.refusal(List.of(), List.of("evil.example"), "", false)).isEmpty();
    assertThat(allowed("evil.example")).isFalse();
  }
}
