package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.settings.SecuritySettings;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.glassfish.jersey.internal.inject.InjectionManager;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The address a request's connection arrived on (the server's side of it), for the Host check
 * (contract section 11: loopback names are enforced when the server was reached on a loopback
 * address). Jakarta REST has no portable way to read it, so it is learned, in this order:
 *
 * <ol>
 *   <li>the request property {@code McpFeature.LOCAL_ADDRESS_PROPERTY} (a {@code String} such as
 *       {@code 10.0.0.5}, an {@link InetAddress} or an {@link InetSocketAddress}), set by code that
 *       runs before Jersey (a servlet filter or container adapter: request attributes are Jersey's
 *       request properties on the servlet and Grizzly containers);
 *   <li>the container's own request, as Jersey's containers bind it for injection: the servlet
 *       container's {@code HttpServletRequest.getLocalAddr()}, the Grizzly container's {@code
 *       org.glassfish.grizzly.http.server.Request.getLocalAddr()}. Both are looked up by name, so
 *       the bridge depends on neither.
 * </ol>
 *
 * <p>Empty when none of them tells (another container, an in-memory test container): the caller
 * then keeps the safe default, loopback names enforced. Only IP literals are accepted; a name is
 * never resolved. Thread-safe: the container types are looked up once.
 */
public final class LocalAddress {
  private static final System.Logger LOG = System.getLogger(LocalAddress.class.getName());

  /** The container request types Jersey binds, and their local-address accessor. */
  private static final List<String> CONTAINER_REQUESTS =
      List.of(
          "jakarta.servlet.http.HttpServletRequest", "org.glassfish.grizzly.http.server.Request");

  private static final Pattern DOTTED_QUAD =
      Pattern.compile(
          "(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3}");

  private final Supplier<Optional<InjectionManager>> injection;

  /** The container types present, with their accessor; looked up at the first request. */
  private volatile Optional<List<Accessor>> accessors = Optional.empty();

  /**
   * @param injection the running application's injection manager; empty before it started
   */
  public LocalAddress(Supplier<Optional<InjectionManager>> injection) {
    this.injection = injection;
  }

  /** The local address of {@code request}'s connection, when something tells it. */
  Optional<InetAddress> of(ContainerRequest request) {
    Object given = request.getProperty(SecuritySettings.LOCAL_ADDRESS_PROPERTY);
    if (given != null) {
      return address(given); // what the application says wins, also when it is unusable
    }
    Optional<InjectionManager> manager = injection.get();
    if (manager.isEmpty()) {
      return Optional.empty();
    }
    for (Accessor accessor : accessors()) {
      Optional<InetAddress> found = accessor.localAddress(manager.get());
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  private List<Accessor> accessors() {
    Optional<List<Accessor>> known = accessors;
    if (known.isPresent()) {
      return known.get();
    }
    List<Accessor> found = new ArrayList<>();
    for (String name : CONTAINER_REQUESTS) {
      try {
        Class<?> type = Class.forName(name, false, LocalAddress.class.getClassLoader());
        found.add(new Accessor(type, type.getMethod("getLocalAddr")));
      } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
        // Not this container.
      }
    }
    List<Accessor> fixed = List.copyOf(found);
    accessors = Optional.of(fixed);
    return fixed;
  }

  /** An address from a property value; empty for anything but an IP address. */
  static Optional<InetAddress> address(Object value) {
    if (value instanceof InetAddress address) {
      return Optional.of(address);
    }
    if (value instanceof InetSocketAddress socket) {
      return Optional.ofNullable(socket.getAddress());
    }
    return value instanceof String text ? literal(text) : Optional.empty();
  }

  /** An IP literal ({@code 10.0.0.5}, {@code ::1}, {@code [::1]}); a name is never resolved. */
  static Optional<InetAddress> literal(String text) {
    String value = text.trim();
    if (value.startsWith("[") && value.endsWith("]")) {
      value = value.substring(1, value.length() - 1);
    }
    if (value.indexOf(':') < 0 && !DOTTED_QUAD.matcher(value).matches()) {
      return Optional.empty(); // not a literal: InetAddress would look the name up
    }
    try {
      return Optional.of(InetAddress.getByName(value)); // a literal is parsed, never looked up
    } catch (UnknownHostException | SecurityException e) {
      return Optional.empty();
    }
  }

  /** A container's request type, looked up in the request scope. */
  private record Accessor(Class<?> type, Method getLocalAddr) {
    Optional<InetAddress> localAddress(InjectionManager manager) {
      try {
        Object request = manager.getInstance(type);
        if (request == null) {
          return Optional.empty();
        }
        return getLocalAddr.invoke(request) instanceof String address
            ? literal(address)
            : Optional.empty();
      } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
        // Not bound by this container, or not in a request: say nothing.
        LOG.log(
            System.Logger.Level.TRACE,
            () -> "no local address from " + type.getName() + ": " + e,
            e);
        return Optional.empty();
      }
    }
  }
}
