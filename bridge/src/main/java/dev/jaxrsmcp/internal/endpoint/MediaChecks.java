package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.glassfish.jersey.message.internal.AcceptableMediaType;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * What the endpoint refuses about a request's method and media types, before its body is read, each
 * as a JSON-RPC error (so neither Jersey's nor the container's error page ever answers): a method
 * other than {@code POST}, {@code GET}, {@code DELETE} (and {@code HEAD}, {@code OPTIONS}, which
 * Jersey answers for the resource) is 405; a POST whose {@code Content-Type} is malformed is 400,
 * one that is not {@code application/json} 415 (a POST without one is read as JSON); a POST whose
 * {@code Accept} is malformed is 400, one that allows neither {@code application/json} nor {@code
 * text/event-stream} 406 (no {@code Accept} allows everything). The first {@value
 * #REMEMBERED_VALUES} distinct {@code Content-Type} and {@code Accept} values that pass are
 * remembered (a verdict depends on the value alone), so a client's usual headers are parsed once.
 */
final class MediaChecks {
  private static final List<String> SERVED = List.of("POST", "GET", "DELETE", "HEAD", "OPTIONS");

  /** How many distinct passing values of each header are remembered. */
  static final int REMEMBERED_VALUES = 256;

  private static final Set<String> GOOD_CONTENT_TYPES = ConcurrentHashMap.newKeySet();
  private static final Set<String> GOOD_ACCEPTS = ConcurrentHashMap.newKeySet();

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
    if (header == null || GOOD_CONTENT_TYPES.contains(header)) {
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
      remember(GOOD_CONTENT_TYPES, header);
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
    if (header == null || header.isBlank() || GOOD_ACCEPTS.contains(header)) {
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
        if (request.getRequestHeader("accept").size() == 1) { // else the value is one of several
          remember(GOOD_ACCEPTS, header);
        }
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

  /** Whether this {@code Content-Type} value is remembered as one that passes. */
  static boolean passedContentType(String value) {
    return GOOD_CONTENT_TYPES.contains(value);
  }

  private static void remember(Set<String> passed, String value) {
    if (passed.size() < REMEMBERED_VALUES) {
      passed.add(value);
    }
  }

  private static JsonRpcException invalid(int status, String message) {
    return new JsonRpcException(ErrorCodes.INVALID_REQUEST, message).withHttpStatus(status);
  }
}
