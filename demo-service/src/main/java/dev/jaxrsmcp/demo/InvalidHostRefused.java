package dev.jaxrsmcp.demo;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpHandlerRegistration;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.server.ServerConfiguration;

/**
 * Answers a request whose {@code Host} is not a host (such as {@code a b} or {@code [::1}) with
 * HTTP 400 and a JSON body, as RFC 9112 section 3.2 asks of a server, before Jersey sees it.
 *
 * <p>Grizzly accepts any {@code Host} value; Jersey's Grizzly container then builds the request's
 * base URI from it ({@code new URI(scheme, null, host, port, path, null, null)}), which throws for
 * such a value, and Grizzly answers the exception as HTTP 500. This handler wraps Jersey's: it
 * builds the same URI first and refuses the request when that fails, so only requests Jersey can
 * take reach it.
 */
final class InvalidHostRefused extends HttpHandler {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpHandler jersey;

  private InvalidHostRefused(HttpHandler jersey) {
    super(jersey.getName());
    this.jersey = jersey;
  }

  /** {@code jersey}, wrapped. */
  static HttpHandler wrap(HttpHandler jersey) {
    return new InvalidHostRefused(jersey);
  }

  /** Wraps every handler of {@code server}, which must not have started yet. */
  static void wrapHandlers(HttpServer server) {
    ServerConfiguration config = server.getServerConfiguration();
    Map<HttpHandler, HttpHandlerRegistration[]> handlers = config.getHttpHandlersWithMapping();
    for (Map.Entry<HttpHandler, HttpHandlerRegistration[]> handler : handlers.entrySet()) {
      config.removeHttpHandler(handler.getKey());
      config.addHttpHandler(new InvalidHostRefused(handler.getKey()), handler.getValue());
    }
  }

  @Override
  public void service(Request request, Response response) throws Exception {
    if (isValidHost(request)) {
      jersey.service(request, response);
      return;
    }
    byte[] body =
        JSON.writeValueAsBytes(
            Map.of(
                "status",
                400,
                "error",
                "Bad Request",
                "message",
                "the Host header is not a valid host[:port]"));
    response.setStatus(400, "Bad Request");
    response.setContentType("application/json;charset=UTF-8");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }

  /** Whether Jersey can build the request's base URI from its host, as it will. */
  private static boolean isValidHost(Request request) {
    try {
      new URI(
          request.getScheme(),
          null,
          request.getServerName(),
          request.getServerPort(),
          "/",
          null,
          null);
      return true;
    } catch (URISyntaxException e) {
      return false;
    }
  }

  @Override
  public void start() {
    jersey.start();
  }

  @Override
  public void destroy() {
    jersey.destroy();
  }
}
