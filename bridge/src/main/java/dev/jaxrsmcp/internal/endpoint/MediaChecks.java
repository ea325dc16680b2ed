package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.glassfish.jersey.message.internal.AcceptableMediaType;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * What the endpoint refuses about a request's method and media types, before its body is read, each
 * as a JSON-RPC error (so neither Jersey's nor the container's error page ever answers): a method
 * other than {@code POST}, {@code GET}, {@code DELETE} (and {@code HEAD}, {@code OPTIONS}, which
 * Jersey answers for the resource) is 405; a POST whose {@code Content-Type} is malformed is 400,
 * one that is not {@code application/json} 415 (a POST without one is read as JSON); a POST whose
 * {@code Accept} is malformed is 400, one that allows neither {@code application/json} nor {@code
 * text/event-stream} 406 (no {@code Accept} allows everything).
 */
final class MediaChecks {
  private static final List<String> SERVED = List.of("POST", "GET", "DELETE", "HEAD", "OPTIONS");

  private MediaChecks() {}

  static Optional<JsonRpcException> refuse(ContainerRequest request) {
    String method = request.getMethod();
    if (!SERVED.contains(method)) {
      return Optional.of(
          new JsonRpcException(
              ErrorCodes.INVALID_REQUEST,
              "Method Not Allowed: the MCP endpoint answers POST (and GET and DELETE on a"
                  + " session of protocol 2025-11-25 and earlier), not "
                  + method,
              Optional.empty(),
              405,
              Map.of("Allow", List.of("POST, GET, DELETE"))));
    }
    if (!"POST".equals(method)) {
      return Optional.empty();
    }
    Optional<JsonRpcException> type = contentType(request.getHeaderString("content-type"));
    return type.isPresent() ? type : accept(request);
  }

  private static Optional<JsonRpcException> contentType(String header) {
    if (header == null) {
      return Optional.empty();
    }
    MediaType type;
    try {
      type = MediaType.valueOf(header);
    } catch (RuntimeException e) {
      type = null;
    }
    if (type == null || !ContentTypeCheck.isWellFormed(header)) {
      return Optional.of(invalid(400, "Invalid Request: the Content-Type header is malformed"));
    }
    if (type.getType().equalsIgnoreCase("application")
        && type.getSubtype().equalsIgnoreCase("json")) {
      return Optional.empty();
    }
    return Optional.of(
        invalid(
            415,
            "Unsupported Media Type: the body must be application/json (found '"
                + type.getType()
                + "/"
                + type.getSubtype()
                + "')"));
  }

  private static Optional<JsonRpcException> accept(ContainerRequest request) {
    String header = request.getHeaderString("accept");
    if (header == null || header.isBlank()) {
      return Optional.empty();
    }
    List<AcceptableMediaType> accepted;
    try {
      accepted = request.getQualifiedAcceptableMediaTypes();
    } catch (RuntimeException e) {
      return Optional.of(invalid(400, "Invalid Request: the Accept header is malformed"));
    }
    for (AcceptableMediaType type : accepted) {
      if (type.getQuality() > 0
          && (type.isCompatible(MediaType.APPLICATION_JSON_TYPE)
              || type.isCompatible(MediaType.SERVER_SENT_EVENTS_TYPE))) {
        return Optional.empty();
      }
    }
    return Optional.of(
        invalid(
            406,
            "Not Acceptable: the Accept header must allow application/json or text/event-stream"
                + " (found '"
                + header
                + "')"));
  }

  private static JsonRpcException invalid(int status, String message) {
    return new JsonRpcException(ErrorCodes.INVALID_REQUEST, message).withHttpStatus(status);
  }
}
