package dev.jaxrsmcp.servletit;

import java.util.Optional;

/**
 * Keeps the authenticated user of the current request in a thread-local, the way Spring Security's
 * {@code SecurityContextHolder} does, with its two strategies: a plain {@link ThreadLocal} (its
 * default) or an {@link InheritableThreadLocal} ({@code MODE_INHERITABLETHREADLOCAL}), where every
 * thread created while a request is being served keeps that request's user.
 */
final class IdentityHolder {
  /** The holder's strategy. */
  enum Mode {
    PLAIN,
    INHERITABLE
  }

  private final Mode mode;
  private final ThreadLocal<User> current;

  IdentityHolder(Mode mode) {
    this.mode = mode;
    this.current = mode == Mode.PLAIN ? new ThreadLocal<>() : new InheritableThreadLocal<>();
  }

  Mode mode() {
    return mode;
  }

  void set(User user) {
    current.set(user);
  }

  Optional<User> get() {
    return Optional.ofNullable(current.get());
  }

  /** The current user's name, or {@code anonymous}. */
  String name() {
    return get().map(User::name).orElse("anonymous");
  }

  void clear() {
    current.remove();
  }
}
