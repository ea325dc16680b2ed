package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Refuses an MCP request whose {@code Content-Type} cannot be parsed before Jersey's method
 * selection sees it: Jersey 4 fails with HTTP 500 on a quality parameter that is not a number
 * ({@code Content-Type: *}{@code /*;q=abc}); the endpoint answers 400 with a JSON-RPC error
 * instead. Other paths are left to the application.
 */
@PreMatching
@Priority(0)
public final class ContentTypeCheck implements ContainerRequestFilter {
  private static final Pattern QUALITY = Pattern.compile("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?");

  private final EndpointPath endpoint;

  public ContentTypeCheck(String endpointPath) {
    this.endpoint = new EndpointPath(endpointPath);
  }

  @Override
  public void filter(ContainerRequestContext request) {
    String contentType = request.getHeaderString("content-type");
    if (contentType == null
        || MediaChecks.passedContentType(contentType)
        || !endpoint.matches(request)) {
      return;
    }
    if (!isWellFormed(contentType)) {
      request.abortWith(
          McpEndpoint.error(
              Optional.empty(),
              new JsonRpcException(
                      ErrorCodes.INVALID_REQUEST,
                      "Invalid Request: the Content-Type header is malformed")
                  .withHttpStatus(400)));
    }
  }

  /** A media type whose {@code q}, if any, is a quality value. */
  static boolean isWellFormed(String contentType) {
    MediaType type;
    try {
      type = MediaType.valueOf(contentType);
    } catch (RuntimeException e) {
      return false;
    }
    for (Map.Entry<String, String> parameter : type.getParameters().entrySet()) {
      if (parameter.getKey().equalsIgnoreCase("q")
          && !QUALITY.matcher(String.valueOf(parameter.getValue()).trim()).matches()) {
        return false;
      }
    }
    return true;
  }
}
