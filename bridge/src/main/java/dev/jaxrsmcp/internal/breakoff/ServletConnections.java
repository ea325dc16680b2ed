package dev.jaxrsmcp.internal.breakoff;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import org.glassfish.jersey.internal.inject.InjectionManager;
import org.glassfish.jersey.internal.util.collection.Ref;

/**
 * Ends the connection of a servlet request in scope without finishing its response, on the two
 * servlet containers that can: Tomcat (its response's {@code CLOSE_NOW} action, which its own
 * {@code ErrorReportValve} takes for a response that failed once committed) and Jetty 12 (the
 * servlet channel's {@code abort}). The Servlet API has no such call, so both are reached by name,
 * from the container's response that Jersey's servlet container binds for the request; the bridge
 * depends on none of them. Anything else found, or any change in those internals, answers false:
 * the response then ends as Jersey ends it.
 */
final class ServletConnections {
  private static final String SERVLET_RESPONSE = "jakarta.servlet.http.HttpServletResponse";
  private static final String WRAPPER = "jakarta.servlet.ServletResponseWrapper";
  private static final String TOMCAT_FACADE = "org.apache.catalina.connector.ResponseFacade";

  private ServletConnections() {}

  /** Whether the Servlet API is there at all. */
  static boolean present() {
    return type(SERVLET_RESPONSE).isPresent();
  }

  /** Ends the connection of the servlet request in scope; false when it could not. */
  static boolean close(InjectionManager injection, Throwable failure)
      throws ReflectiveOperationException {
    Optional<Class<?>> servletResponse = type(SERVLET_RESPONSE);
    if (servletResponse.isEmpty()) {
      return false;
    }
    // Jersey binds the response itself as a proxy; the reference it keeps holds the real one.
    Ref<?> ref = injection.getInstance(new RefOf(servletResponse.get()));
    Object response = ref == null ? null : ref.get();
    if (response == null) {
      return false;
    }
    Optional<Class<?>> wrapper = type(WRAPPER);
    while (wrapper.isPresent() && wrapper.get().isInstance(response)) {
      response = wrapper.get().getMethod("getResponse").invoke(response);
    }
    return jetty(response, failure) || tomcat(response, failure);
  }

  /** Jetty 12 (ee10, ee11): {@code ServletApiResponse.getServletChannel().abort(failure)}. */
  private static boolean jetty(Object response, Throwable failure)
      throws ReflectiveOperationException {
    if (!response.getClass().getName().startsWith("org.eclipse.jetty.")) {
      return false;
    }
    Object channel = response.getClass().getMethod("getServletChannel").invoke(response);
    channel.getClass().getMethod("abort", Throwable.class).invoke(channel, failure);
    return true;
  }

  /** Tomcat: {@code ResponseFacade.response.getCoyoteResponse().action(CLOSE_NOW, failure)}. */
  private static boolean tomcat(Object response, Throwable failure)
      throws ReflectiveOperationException {
    if (!response.getClass().getName().equals(TOMCAT_FACADE)) {
      return false;
    }
    Field field = response.getClass().getDeclaredField("response");
    field.setAccessible(true);
    Object connectorResponse = field.get(response);
    Object coyote =
        connectorResponse.getClass().getMethod("getCoyoteResponse").invoke(connectorResponse);
    ClassLoader loader = coyote.getClass().getClassLoader();
    Class<?> actionCode = Class.forName("org.apache.coyote.ActionCode", false, loader);
    Object closeNow = actionCode.getField("CLOSE_NOW").get(null);
    Method action = coyote.getClass().getMethod("action", actionCode, Object.class);
    action.invoke(coyote, closeNow, failure);
    return true;
  }

  private static Optional<Class<?>> type(String name) {
    try {
      return Optional.of(Class.forName(name, false, ServletConnections.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
  }

  /** {@code Ref<T>}, the type Jersey binds the container's reference under. */
  private record RefOf(Class<?> argument) implements ParameterizedType {
    @Override
    public Type[] getActualTypeArguments() {
      return new Type[] {argument};
    }

    @Override
    public Type getRawType() {
      return Ref.class;
    }

    @Override
    public Type getOwnerType() {
      return null;
    }

    // As the JDK's own parameterized types compare, so that either side of equals agrees.
    @Override
    public boolean equals(Object other) {
      return other instanceof ParameterizedType that
          && that.getOwnerType() == null
          && Ref.class.equals(that.getRawType())
          && Arrays.equals(getActualTypeArguments(), that.getActualTypeArguments());
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(getActualTypeArguments())
          ^ Objects.hashCode(null)
          ^ Ref.class.hashCode();
    }

    @Override
    public String toString() {
      return Ref.class.getName() + "<" + argument.getName() + ">";
    }
  }
}
