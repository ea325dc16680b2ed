package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.ReadContext;
import dev.jaxrsmcp.internal.protocol.RouteReader;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.glassfish.jersey.internal.MapPropertiesDelegate;
import org.glassfish.jersey.internal.PropertiesDelegate;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;

/**
 * Runs a route in-process: builds a {@code GET} for the route's own path with the variables
 * percent-encoded as path segments and query parameters, hands it to the application's {@link
 * ApplicationHandler} (so pre-matching and post-matching filters, interceptors, exception mappers
 * and parameter conversion all apply) and collects the response. Used where one MCP request needs
 * several reads (a listen's readability check, template members, a watcher's check): each runs on
 * the calling thread, with the MCP request's scope carried over ({@link RequestScope}); a read that
 * targets one route runs in place instead ({@link RouteRewrite}).
 */
public final class InProcessReader implements RouteReader {
  private static final System.Logger LOG = System.getLogger(InProcessReader.class.getName());

  private final Supplier<ApplicationHandler> application;
  private final Duration timeout;
  private final HeaderForwarding forwarding;
  private final RouteShadows shadows;

  public InProcessReader(Supplier<ApplicationHandler> application, Duration timeout) {
    this(
        application,
        timeout,
        HeaderForwarding.DEFAULT,
        new RouteShadows(() -> java.util.Optional.ofNullable(application.get())));
  }

  public InProcessReader(
      Supplier<ApplicationHandler> application,
      Duration timeout,
      HeaderForwarding forwarding,
      RouteShadows shadows) {
    this.application = application;
    this.timeout = timeout;
    this.forwarding = forwarding;
    this.shadows = shadows;
  }

  @Override
  public RouteResponse read(
      CatalogueEntry entry, TemplateMatch match, Caller caller, Map<String, String> traceHeaders) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    RouteResponse response = readInto(entry, match, caller, traceHeaders, body, null, timeout);
    return response.withBody(body.toByteArray());
  }

  @Override
  public RouteResponse readInto(
      CatalogueEntry entry,
      TemplateMatch match,
      Caller caller,
      Map<String, String> traceHeaders,
      OutputStream body,
      ReadContext context,
      Duration timeout) {
    String target = RouteTarget.of(entry, match);
    int query = target.indexOf('?');
    Optional<String> shadow =
        shadows.shadowing(entry, "/" + (query < 0 ? target : target.substring(0, query)));
    if (shadow.isPresent()) {
      // Jersey would run other code than the method the URI matched: nothing runs (section 7).
      LOG.log(
          System.Logger.Level.DEBUG,
          () -> "in-process read of " + target + " refused: it reaches " + shadow.get());
      return new RouteResponse(404, "Not Found", Optional.empty(), Map.of(), new byte[0], true);
    }
    ContainerRequest request = request(caller, target, traceHeaders, entry.mimeType());
    Map<String, String> pathValues = new HashMap<>();
    for (String variable : entry.template().pathVariables()) {
      pathValues.put(variable, match.values().get(variable));
    }
    request.setProperty(DispatchGuard.EXPECTED_METHOD, entry.method());
    request.setProperty(DispatchGuard.EXPECTED_PATH_VALUES, pathValues);
    if (context != null) {
      request.setProperty(McpContextSupplier.PROPERTY, context);
    }
    return run(request, body, context, timeout, entry.methodName());
  }

  @Override
  public Collection readPath(String path, Caller caller, int maxBytes) {
    String target = path.startsWith("/") ? path.substring(1) : path;
    ContainerRequest request = request(caller, target, Map.of(), "application/json");
    BoundedBody body = new BoundedBody(maxBytes);
    RouteResponse response = run(request, body, null, timeout, path);
    return new Collection(response.withBody(body.kept()), body.written());
  }

  /** Keeps the first {@code max} bytes written and counts the rest. */
  private static final class BoundedBody extends java.io.OutputStream {
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final int max;
    private long written;

    BoundedBody(int max) {
      this.max = max;
    }

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      int room = (int) Math.max(0, Math.min(length, max - written));
      kept.write(bytes, offset, room);
      written += length;
    }

    byte[] kept() {
      return kept.toByteArray();
    }

    long written() {
      return written;
    }
  }

  /** A GET of {@code target} (relative to the application root) with the caller's headers. */
  private ContainerRequest request(
      Caller caller, String target, Map<String, String> traceHeaders, String accept) {
    ApplicationHandler handler = application.get();
    URI base = caller.baseUri();
    PropertiesDelegate properties = new MapPropertiesDelegate();
    if (caller.scope() instanceof RequestScope scope) {
      properties = scope.properties(properties);
    }
    ContainerRequest request =
        new ContainerRequest(
            base,
            URI.create(base.toString() + target),
            "GET",
            SecurityIdentity.contextOf(caller.identity()),
            properties,
            handler.getConfiguration());
    if (caller.scope() instanceof RequestScope scope) {
      scope.applyTo(request);
    }
    forwarding.forwarded(caller.headers()).forEach(request::headers);
    // The MCP request's own trace context replaces any the HTTP request carried.
    traceHeaders.forEach(
        (name, value) -> {
          if (forwarding.permits(name)) {
            request.getHeaders().putSingle(name, value);
          }
        });
    request.getHeaders().putSingle("Accept", accept.isEmpty() ? "*/*" : accept);
    return request;
  }

  private RouteResponse run(
      ContainerRequest request,
      OutputStream body,
      ReadContext context,
      Duration timeout,
      String what) {
    // On the calling thread: Jersey runs a synchronous route right here, with the caller's
    // thread-locals; an async route completes the future later, and only that wait has a timeout.
    Future<ContainerResponse> applied = application.get().apply(request, body);
    ContainerResponse response;
    try {
      response =
          applied.isDone() || timeout.isZero()
              ? applied.get()
              : applied.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      if (context != null) {
        context.cancel();
      }
      applied.cancel(true);
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR, "Read timed out after " + timeout.toMillis() + " ms");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      applied.cancel(true);
      throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Read interrupted");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      LOG.log(
          context != null && context.isCancelled()
              ? System.Logger.Level.DEBUG // the route stopped because its read was cancelled
              : System.Logger.Level.ERROR,
          "In-process read of " + what + " failed: " + request.getRequestUri(),
          cause);
      return new RouteResponse(
          500, "Internal Server Error", Optional.empty(), Map.of(), new byte[0], false);
    }
    Map<String, List<String>> headers = new LinkedHashMap<>();
    response
        .getStringHeaders()
        .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
    return new RouteResponse(
        response.getStatus(),
        response.getStatusInfo().getReasonPhrase(),
        Optional.ofNullable(response.getMediaType()).map(Object::toString),
        headers,
        new byte[0],
        Boolean.TRUE.equals(request.getProperty(DispatchGuard.REJECTED)));
  }
}
