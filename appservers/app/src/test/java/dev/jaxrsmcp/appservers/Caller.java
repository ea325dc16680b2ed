package dev.jaxrsmcp.appservers;

import java.util.Optional;

/**
 * The callers of every test: an admin and a plain user with bearer tokens, and an anonymous one.
 */
public enum Caller {
  ADMIN(Optional.of("Bearer " + User.ADMIN_TOKEN), "alice"),
  USER(Optional.of("Bearer " + User.USER_TOKEN), "bob"),
  ANONYMOUS(Optional.empty(), "anonymous");

  final Optional<String> authorization;
  final String name;

  Caller(Optional<String> authorization, String name) {
    this.authorization = authorization;
    this.name = name;
  }
}
