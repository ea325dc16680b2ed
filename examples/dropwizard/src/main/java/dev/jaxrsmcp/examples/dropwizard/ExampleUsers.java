package dev.jaxrsmcp.examples.dropwizard;

import io.dropwizard.auth.Authenticator;
import io.dropwizard.auth.Authorizer;
import io.dropwizard.auth.basic.BasicCredentials;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** alice (admin, user) and bob (user): Dropwizard's authenticator and authorizer for them. */
public final class ExampleUsers
    implements Authenticator<BasicCredentials, ExampleUser>, Authorizer<ExampleUser> {
  private static final Map<String, String> PASSWORDS =
      Map.of("alice", "alice-secret", "bob", "bob-secret");
  private static final Map<String, Set<String>> ROLES =
      Map.of("alice", Set.of("admin", "user"), "bob", Set.of("user"));

  @Override
  public Optional<ExampleUser> authenticate(BasicCredentials credentials) {
    String user = credentials.getUsername();
    if (!credentials.getPassword().equals(PASSWORDS.get(user))) {
      return Optional.empty();
    }
    return Optional.of(new ExampleUser(user, ROLES.get(user)));
  }

  @Override
  public boolean authorize(ExampleUser user, String role, ContainerRequestContext request) {
    return user.roles().contains(role);
  }
}
