package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The checks every request to the endpoint passes before any work starts: Origin (a present Origin
 * must be a loopback origin or the endpoint's own), and the body size limit.
 */
final class RequestGate {
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
