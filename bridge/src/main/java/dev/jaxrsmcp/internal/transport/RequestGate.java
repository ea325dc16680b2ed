package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.security.OriginPolicy;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The checks every request to the endpoint passes before any work starts: Origin and Host (contract
 * section 11, see {@link OriginPolicy}), and the body size limit.
 */
final class RequestGate {
  private static final System.Logger LOG = System.getLogger(RequestGate.class.getName());

  private final McpFeature settings;
  private final OriginPolicy origins;

  RequestGate(McpFeature settings) {
    this.settings = settings;
    this.origins = new OriginPolicy(settings.allowedOrigins(), settings.allowedHosts());
  }

  /**
   * A 403 response (a JSON-RPC error without id) when the request's Origin or Host is not allowed.
   */
  Optional<Response> refuse(ContainerRequest request) {
    String containerHost = request.getBaseUri().getHost();
    Optional<String> refusal =
        origins.refusal(
            request.getRequestHeader("Origin") == null
                ? List.of()
                : request.getRequestHeader("Origin"),
            request.getRequestHeader("Host") == null ? List.of() : request.getRequestHeader("Host"),
            containerHost == null ? "" : containerHost);
    if (refusal.isEmpty()) {
      return Optional.empty();
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

  /** Reads the body, refusing more than the configured limit with HTTP 413. */
  byte[] readBody(ContainerRequest request) {
    int limit = settings.maxBodyBytes();
    String length = request.getHeaderString("Content-Length");
    if (length != null) {
      try {
        if (Long.parseLong(length.trim()) > limit) {
          throw tooLarge(limit);
        }
      } catch (NumberFormatException e) {
        // Let the streamed count decide.
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    try (InputStream in = request.getEntityStream()) {
      int n;
      while ((n = in.read(buffer)) > 0) {
        if (out.size() + n > limit) {
          throw tooLarge(limit);
        }
        out.write(buffer, 0, n);
      }
    } catch (IOException e) {
      throw new JsonRpcException(ErrorCodes.PARSE_ERROR, "Parse error: the body could not be read")
          .withHttpStatus(400);
    }
    return out.toByteArray();
  }

  private static JsonRpcException tooLarge(int limit) {
    return new JsonRpcException(
            ErrorCodes.INVALID_REQUEST,
            "Invalid Request: the body is larger than " + limit + " bytes")
        .withHttpStatus(413);
  }
}
