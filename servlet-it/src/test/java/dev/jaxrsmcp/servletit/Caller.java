package dev.jaxrsmcp.servletit;

import java.util.Optional;

/** The three callers of every test: an admin, a plain user and an anonymous client. */
enum Caller {
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
