package dev.jaxrsmcp.appservers;

import java.security.Principal;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A user of the application, known by a bearer token. */
public record User(String name, Set<String> roles) implements Principal {
  public static final String ADMIN_TOKEN = "admin-token";
  public static final String USER_TOKEN = "user-token";

  private static final Map<String, User> BY_TOKEN =
      Map.of(
          ADMIN_TOKEN, new User("alice", Set.of("admin", "user")),
          USER_TOKEN, new User("bob", Set.of("user")));

  @Override
  public String getName() {
    return name;
  }

  /** The user whose token {@code authorization} ({@code Bearer <token>}) carries. */
  public static Optional<User> fromAuthorization(String authorization) {
    if (authorization == null || !authorization.startsWith("Bearer ")) {
      return Optional.empty();
    }
    return Optional.ofNullable(BY_TOKEN.get(authorization.substring("Bearer ".length()).trim()));
  }
}
