package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.security.OriginPolicy;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.settings.Settings;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The checks every request to the endpoint passes before any work starts: Origin and Host (contract
 * section 11, see {@link OriginPolicy}), and the body size limit.
 */
final class RequestGate {
  private static final System.Logger LOG = System.getLogger(RequestGate.class.getName());

  /** The largest declared body read into an array allocated before the bytes arrive. */
  private static final int EXACT_READ_MAX = 64 * 1024;

  private final Settings settings;
  private final OriginPolicy origins;

  RequestGate(Settings settings) {
    this.settings = settings;
    this.origins =
        new OriginPolicy(
            settings.get(SecuritySettings.ALLOWED_ORIGINS),
            settings.get(SecuritySettings.ALLOWED_HOSTS));
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

  /**
   * Reads the body, refusing more than the configured limit with HTTP 413. A small body with a
   * {@code Content-Length} (the usual JSON-RPC request) is read into one array of that size; any
   * other grows as it arrives, up to one byte past the limit.
   */
  byte[] readBody(ContainerRequest request) {
    int limit = settings.get(LimitSettings.MAX_BODY_BYTES);
    long declared = -1;
    String length = request.getHeaderString("Content-Length");
    if (length != null) {
      try {
        declared = Long.parseLong(length.trim());
      } catch (NumberFormatException e) {
        // Let the streamed count decide.
      }
      if (declared > limit) {
        throw tooLarge(limit);
      }
    }
    try (InputStream in = request.getEntityStream()) {
      if (declared >= 0 && declared <= EXACT_READ_MAX) {
        byte[] body = new byte[(int) declared];
        int read = in.readNBytes(body, 0, body.length);
        return read == body.length ? body : Arrays.copyOf(body, read);
      }
      byte[] body = in.readNBytes(limit + 1);
      if (body.length > limit) {
        throw tooLarge(limit);
      }
      return body;
    } catch (IOException e) {
      throw new JsonRpcException(ErrorCodes.PARSE_ERROR, "Parse error: the body could not be read")
          .withHttpStatus(400);
    }
  }

  private static JsonRpcException tooLarge(int limit) {
    return new JsonRpcException(
            ErrorCodes.INVALID_REQUEST,
            "Invalid Request: the body is larger than " + limit + " bytes")
        .withHttpStatus(413);
  }
}
