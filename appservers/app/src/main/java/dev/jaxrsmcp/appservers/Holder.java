package dev.jaxrsmcp.appservers;

import java.util.Optional;

/**
 * The user a servlet filter ({@link HolderFilter}) keeps in a thread-local for the rest of its
 * chain, as Spring Security's {@code SecurityContextHolder} does in its default mode.
 */
public final class Holder {
  private static final ThreadLocal<User> CURRENT = new ThreadLocal<>();

  private Holder() {}

  static void set(User user) {
    CURRENT.set(user);
  }

  static void clear() {
    CURRENT.remove();
  }

  /** The current user's name, or {@code anonymous}. */
  public static String name() {
    return Optional.ofNullable(CURRENT.get()).map(User::name).orElse("anonymous");
  }
}
