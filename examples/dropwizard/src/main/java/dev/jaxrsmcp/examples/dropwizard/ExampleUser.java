package dev.jaxrsmcp.examples.dropwizard;

import java.security.Principal;
import java.util.Set;

/** An authenticated user and their roles. */
public record ExampleUser(String name, Set<String> roles) implements Principal {
  @Override
  public String getName() {
    return name;
  }
}
