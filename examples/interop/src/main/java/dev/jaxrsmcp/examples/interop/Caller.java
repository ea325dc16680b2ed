package dev.jaxrsmcp.examples.interop;

import dev.jaxrsmcp.test.McpTestClient;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/** The examples' users, and a caller without credentials. */
public enum Caller {
  /** Roles admin and user. */
  ALICE("alice", "alice-secret"),
  /** Role user. */
  BOB("bob", "bob-secret"),
  /** No {@code Authorization} header. */
  ANONYMOUS("", "");

  private final String user;
  private final String password;

  Caller(String user, String password) {
    this.user = user;
    this.password = password;
  }

  /** The HTTP Basic {@code Authorization} value, empty for {@link #ANONYMOUS}. */
  public Optional<String> authorization() {
    if (this == ANONYMOUS) {
      return Optional.empty();
    }
    String pair = user + ":" + password;
    return Optional.of(
        "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * {@code anonymous} with this caller's HTTP Basic credentials ({@code anonymous} itself for
   * {@link #ANONYMOUS}).
   */
  public McpTestClient client(McpTestClient anonymous) {
    return this == ANONYMOUS ? anonymous : anonymous.asBasic(user, password);
  }

  /** The user name, empty for {@link #ANONYMOUS}. */
  public String user() {
    return user;
  }
}
