package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The checks every request to the endpoint passes before any work starts: Origin (a present Origin
 * must be a loopback origin or the endpoint's own), and the body size limit.
 */
final class RequestGate {
  /** The largest declared body read into an array allocated before the bytes arrive. */
  private static final int EXACT_READ_MAX = 64 * 1024;

  private final McpFeature settings;

  RequestGate(McpFeature settings) {
    this.settings = settings;
  }

  /** A 403 response when the request's Origin is not allowed. */
  Optional<Response> refuse(ContainerRequest request) {
    String origin = request.getHeaderString("Origin");
    if (origin == null || isAllowedOrigin(origin, request)) {
      return Optional.empty();
    }
    return Optional.of(Response.status(403).build());
  }

  private static boolean isAllowedOrigin(String origin, ContainerRequest request) {
    URI uri;
    try {
      uri = URI.create(origin.trim());
    } catch (IllegalArgumentException e) {
      return false;
    }
    String host = uri.getHost();
    if (host == null) {
      return false;
    }
    host = host.toLowerCase(Locale.ROOT);
    if (host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]")) {
      return true;
    }
    String own = request.getBaseUri().getHost();
    return own != null && host.equalsIgnoreCase(own);
  }

  /**
   * Reads the body, refusing more than the configured limit with HTTP 413. A small body with a
   * {@code Content-Length} (the usual JSON-RPC request) is read into one array of that size; any
   * other grows as it arrives, up to one byte past the limit.
   */
  byte[] readBody(ContainerRequest request) {
    int limit = settings.maxBodyBytes();
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
