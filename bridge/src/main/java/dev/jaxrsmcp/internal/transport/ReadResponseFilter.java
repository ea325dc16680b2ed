package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.dispatch.DispatchGuard;
import dev.jaxrsmcp.internal.protocol.ContentsMapper;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.security.ResourceMetadata;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * Turns the route's response to an in-place read back into the MCP response (contract section 7):
 * runs after every other response filter of the application (response filters run in descending
 * priority), takes the route's status and headers, and replaces its entity with a {@link
 * ReadEnvelope} that {@link ReadEnvelopeWriter} writes around it. The MCP response is HTTP 200
 * except for a route's 401 (passed on with its challenge) and a 403 with a Bearer {@code
 * insufficient_scope} challenge (passed on, so an OAuth client can step up); the route's own
 * headers are not passed on, but for CORS headers the application's filters added.
 */
@Priority(Integer.MIN_VALUE)
final class ReadResponseFilter implements ContainerResponseFilter {
  private static final Annotation[] NONE = new Annotation[0];

  private final Supplier<ObjectNode> serverInfo;
  private final Optional<ResourceMetadata> metadata;

  ReadResponseFilter(Supplier<ObjectNode> serverInfo, Optional<ResourceMetadata> metadata) {
    this.serverInfo = serverInfo;
    this.metadata = metadata;
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(request.getProperty(InPlaceRead.PROPERTY) instanceof InPlaceRead read)) {
      return;
    }
    Map<String, List<String>> headers = new LinkedHashMap<>();
    response
        .getStringHeaders()
        .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
    RouteResponse route =
        new RouteResponse(
            response.getStatus(),
            response.getStatusInfo().getReasonPhrase(),
            Optional.ofNullable(response.getMediaType()).map(MediaType::toString),
            headers,
            new byte[0],
            Boolean.TRUE.equals(request.getProperty(DispatchGuard.REJECTED)));
    boolean failed = !ContentsMapper.isSuccess(route) || read.timedOut.get() > 0;
    // A long-running success still spools its body, and progress may still start the stream;
    // anything else is decided now.
    boolean streamed =
        (failed || read.longRead.isEmpty())
            && read.longRead.flatMap(r -> r.channel).map(EventChannel::seal).orElse(false);
    if (failed) {
      read.longRead.ifPresent(r -> r.spool.delete()); // nothing of the body is sent
    }
    int status = 200;
    List<Object> challenges = List.of();
    if (read.refusal().isPresent() && !streamed) {
      status = read.refusal().get().httpStatus();
    } else if (failed && !streamed && !route.guardRejected() && read.timedOut.get() == 0) {
      List<String> given = headers.getOrDefault("www-authenticate", List.of());
      if (route.status() == 401) {
        status = 401;
        challenges = challenges(given);
      } else if (route.status() == 403 && insufficientScope(given)) {
        status = 403;
        challenges = challenges(given);
      }
    }
    ReadEnvelope envelope =
        new ReadEnvelope(
            read,
            route,
            Optional.ofNullable(response.getEntity()),
            response.hasEntity() ? response.getEntityClass() : Object.class,
            response.hasEntity() ? response.getEntityType() : Object.class,
            response.getEntityAnnotations(),
            Optional.ofNullable(response.getMediaType()),
            streamed,
            serverInfo.get(),
            new EnvelopeStreams(),
            ((ContainerRequest) request).getWorkers());
    keepOnly(response);
    if (!challenges.isEmpty()) {
      response.getHeaders().put("WWW-Authenticate", new ArrayList<>(challenges));
    }
    response.setStatus(status);
    response.setEntity(
        envelope,
        NONE,
        streamed ? MediaType.SERVER_SENT_EVENTS_TYPE : MediaType.APPLICATION_JSON_TYPE);
  }

  private List<Object> challenges(List<String> given) {
    return new ArrayList<>(metadata.map(m -> m.challenges(given)).orElse(given));
  }

  /** True for a Bearer challenge with {@code error="insufficient_scope"} (RFC 6750). */
  static boolean insufficientScope(List<String> challenges) {
    for (String challenge : challenges) {
      String c = challenge.toLowerCase(Locale.ROOT);
      if (c.startsWith("bearer") && c.replace(" ", "").contains("error=\"insufficient_scope\"")) {
        return true;
      }
    }
    return false;
  }

  /** Drops the route's headers; CORS headers of the application's own filters stay. */
  private static void keepOnly(ContainerResponseContext response) {
    response
        .getHeaders()
        .keySet()
        .removeIf(
            name ->
                !name.toLowerCase(Locale.ROOT).startsWith("access-control-")
                    && !name.equalsIgnoreCase("Vary"));
  }
}
