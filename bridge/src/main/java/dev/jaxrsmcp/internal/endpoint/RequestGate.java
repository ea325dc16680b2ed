package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.security.OriginPolicy;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.settings.Settings;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.util.List;
import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The checks every request to the endpoint passes before any work starts: Origin and Host (contract
 * section 11, see {@link OriginPolicy}; Host by the connection's local address, see {@link
 * LocalAddress}), the HTTP method, a POST's {@code Content-Type} and {@code Accept}, and the body's
 * size and time limits ({@link BodyReader}). Every refusal is a JSON-RPC error without id, so no
 * answer of the endpoint is left to the container or a framework's error page.
 */
final class RequestGate {
  private static final System.Logger LOG = System.getLogger(RequestGate.class.getName());

  private final OriginPolicy origins;
  private final LocalAddress localAddress;
  private final BodyReader body;

  RequestGate(Settings settings, LocalAddress localAddress) {
    this.origins =
        new OriginPolicy(
            settings.get(SecuritySettings.ALLOWED_ORIGINS),
            settings.get(SecuritySettings.ALLOWED_HOSTS));
    this.localAddress = localAddress;
    this.body =
        new BodyReader(
            settings.get(LimitSettings.MAX_BODY_BYTES),
            settings.get(LimitSettings.BODY_READ_TIMEOUT),
            System::nanoTime);
  }

  /**
   * A 403 response (a JSON-RPC error without id) when the request's Origin or Host is not allowed.
   * Host is checked when {@code allowedHosts} is set, and otherwise when the connection arrived on
   * a loopback address or its local address is unknown (see {@link LocalAddress}).
   */
  Optional<Response> refuse(ContainerRequest request) {
    String base = request.getBaseUri().getHost();
    String containerHost = base == null ? "" : base;
    List<String> origin = headers(request, "origin");
    List<String> host = headers(request, "host");
    Optional<String> checked = origins.refusal(origin, host, containerHost, true);
    // The connection's local address decides only for a Host that would be refused: looking it up
    // costs an injection lookup, and a loopback Host passes on any connection.
    Optional<String> refusal =
        checked.isPresent()
                && !origins.listsHosts()
                && !localAddress.of(request).map(InetAddress::isLoopbackAddress).orElse(true)
            ? origins.refusal(origin, host, containerHost, false)
            : checked;
    if (refusal.isEmpty()) {
      return MediaChecks.refuse(request).map(e -> McpEndpoint.error(Optional.empty(), e));
    }
    LOG.log(
        System.Logger.Level.DEBUG,
        () ->
            "MCP request refused: "
                + refusal.get()
                + " (allow origins and hosts with McpFeature.Builder.allowedOrigins and"
                + " allowedHosts)");
    return Optional.of(
        McpEndpoint.error(
            Optional.empty(),
            new JsonRpcException(ErrorCodes.INVALID_REQUEST, refusal.get()).withHttpStatus(403)));
  }

  private static List<String> headers(ContainerRequest request, String name) {
    List<String> values = request.getRequestHeader(name);
    return values == null ? List.of() : values;
  }

  /**
   * Reads the body under {@code maxBodyBytes} (HTTP 413) and {@code bodyReadTimeout} (HTTP 408);
   * see {@link BodyReader}.
   */
  byte[] readBody(ContainerRequest request) {
    long declared = -1;
    String length = request.getHeaderString("content-length");
    if (length != null) {
      try {
        declared = Long.parseLong(length.trim());
      } catch (NumberFormatException e) {
        // Let the streamed count decide.
      }
    }
    try (InputStream in = request.getEntityStream()) {
      return body.read(in, declared);
    } catch (IOException e) {
      throw new JsonRpcException(ErrorCodes.PARSE_ERROR, "Parse error: the body could not be read")
          .withHttpStatus(400);
    }
  }
}
