package dev.jaxrsmcp.internal.dispatch;

import java.util.Optional;
import org.glassfish.jersey.internal.inject.InjectionManager;
import org.glassfish.jersey.internal.inject.ServiceHolder;
import org.glassfish.jersey.server.spi.ExternalRequestContext;
import org.glassfish.jersey.server.spi.ExternalRequestScope;

/**
 * The container's external request scope (CDI's request context where Jersey runs with Weld, as on
 * Helidon MP: {@code WeldRequestScope}), made safe for requests nested on one thread. Bound in the
 * application over the scope Jersey found, it passes every call on, and keeps what each thread has
 * active so that a request started inside another (an in-process read: {@link InProcessReader})
 * first suspends the outer request's context and, when it ends or suspends, resumes it: the outer
 * request goes on in its own context, as it found it.
 *
 * <p>Without this, an external scope that keeps one context per thread (Weld's does) loses the
 * outer context to the nested request: the nested request's end invalidates and deactivates the
 * context the outer request still runs in (its request-scoped beans destroyed), and the outer
 * request's own end then fails ({@code NullPointerException} in Weld's bound request context),
 * after its response was written. Jersey's own (HK2) request scope needs none of this: it restores
 * the outer scope itself.
 *
 * <p>Thread-safe: what is active is per thread; the scope found is set once, at the first request.
 */
public final class NestedRequestScopes implements ExternalRequestScope<Object> {
  /** Above the scope Jersey binds (unranked), so that Jersey's runtime gets this one. */
  public static final int RANK = 100;

  /** A context active on a thread, over the one it suspended there (if any). */
  private record Active(
      ExternalRequestContext<Object> context, InjectionManager injection, Optional<Active> outer) {}

  private final ThreadLocal<Active> active = new ThreadLocal<>();

  /** The container's scope; empty until the first request, or when there is none. */
  private volatile Optional<ExternalRequestScope<Object>> found = Optional.empty();

  @Override
  public ExternalRequestContext<Object> open(InjectionManager injection) {
    ExternalRequestScope<Object> scope = scope(injection);
    Optional<Active> outer = Optional.ofNullable(active.get());
    outer.ifPresent(o -> scope.suspend(o.context(), o.injection()));
    ExternalRequestContext<Object> context;
    try {
      context = scope.open(injection);
    } catch (RuntimeException | Error e) {
      restore(scope, outer);
      throw e;
    }
    if (context != null) {
      active.set(new Active(context, injection, outer));
    } else {
      restore(scope, outer); // a scope that keeps nothing (Jersey's no-op): nothing to track
    }
    return context;
  }

  @Override
  public void suspend(ExternalRequestContext<Object> context, InjectionManager injection) {
    ExternalRequestScope<Object> scope = scope(injection);
    Active top = active.get();
    try {
      scope.suspend(context, injection);
    } finally {
      if (top != null && top.context() == context) {
        restore(scope, top.outer());
      }
    }
  }

  @Override
  public void resume(ExternalRequestContext<Object> context, InjectionManager injection) {
    ExternalRequestScope<Object> scope = scope(injection);
    Optional<Active> outer = Optional.ofNullable(active.get());
    outer.ifPresent(o -> scope.suspend(o.context(), o.injection()));
    scope.resume(context, injection);
    if (context != null) {
      active.set(new Active(context, injection, outer));
    }
  }

  @Override
  public void close() {
    Optional<ExternalRequestScope<Object>> scope = found;
    Active top = active.get();
    try {
      scope.ifPresent(ExternalRequestScope::close);
    } finally {
      if (top != null && scope.isPresent()) {
        restore(scope.get(), top.outer());
      }
    }
  }

  /** Makes {@code outer} the thread's active context again (none: nothing is active). */
  private void restore(ExternalRequestScope<Object> scope, Optional<Active> outer) {
    if (outer.isEmpty()) {
      active.remove();
      return;
    }
    active.set(outer.get());
    scope.resume(outer.get().context(), outer.get().injection());
  }

  /** The scope Jersey found for the application: the best-ranked one that is not this. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private ExternalRequestScope<Object> scope(InjectionManager injection) {
    Optional<ExternalRequestScope<Object>> known = found;
    if (known.isPresent()) {
      return known.get();
    }
    ExternalRequestScope<Object> scope = NONE;
    for (ServiceHolder<ExternalRequestScope> holder :
        injection.getAllServiceHolders(ExternalRequestScope.class)) {
      if (holder.getInstance() != this) {
        scope = holder.getInstance();
        break;
      }
    }
    found = Optional.of(scope);
    return scope;
  }

  private static final ExternalRequestScope<Object> NONE =
      new ExternalRequestScope<>() {
        @Override
        public ExternalRequestContext<Object> open(InjectionManager injection) {
          return null;
        }

        @Override
        public void suspend(ExternalRequestContext<Object> context, InjectionManager injection) {}

        @Override
        public void resume(ExternalRequestContext<Object> context, InjectionManager injection) {}

        @Override
        public void close() {}
      };
}
