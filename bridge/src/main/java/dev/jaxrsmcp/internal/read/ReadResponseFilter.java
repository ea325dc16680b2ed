package dev.jaxrsmcp.internal.read;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.asking.Asking;
import dev.jaxrsmcp.internal.asking.CallAsker;
import dev.jaxrsmcp.internal.content.ContentsMapper;
import dev.jaxrsmcp.internal.content.SuccessSplices;
import dev.jaxrsmcp.internal.dispatch.DispatchGuard;
import dev.jaxrsmcp.internal.envelope.EnvelopeStreams;
import dev.jaxrsmcp.internal.envelope.InPlaceRead;
import dev.jaxrsmcp.internal.envelope.ReadEnvelope;
import dev.jaxrsmcp.internal.envelope.ReadEnvelopeWriter;
import dev.jaxrsmcp.internal.envelope.RouteWriters;
import dev.jaxrsmcp.internal.eras.LegacyProtocol;
import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.observe.Observed;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.security.ResourceMetadata;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
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
public final class ReadResponseFilter implements ContainerResponseFilter {
  private static final Annotation[] NONE = new Annotation[0];
  private static final byte[] NO_BODY = new byte[0];

  private final Supplier<ObjectNode> serverInfo;
  private final Optional<ResourceMetadata> metadata;
  private final SuccessSplices splices = new SuccessSplices();
  private final RouteWriters writers = new RouteWriters();

  public ReadResponseFilter(Supplier<ObjectNode> serverInfo, Optional<ResourceMetadata> metadata) {
    this.serverInfo = serverInfo;
    this.metadata = metadata;
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(request.getProperty(InPlaceRead.PROPERTY) instanceof InPlaceRead read)) {
      return;
    }
    if (read.ownerPending
        && !read.admitted
        && read.refusal().isEmpty()
        && !read.owns.test((ContainerRequest) request)) {
      // Refused before the admission (by the application's filters, or by the bridge before
      // Jersey matched), and not by the session's owner as they left it: nobody else learns that
      // the session exists (contract section 15). The owner gets their answer (a 403, say).
      read.refuse(LegacyProtocol.sessionNotFound());
    }
    if (request.getProperty(Asking.PROPERTY) instanceof CallAsker asker
        && asker.outcome().isPresent()
        && read.refusal().isEmpty()
        && read.answer().isEmpty()) {
      // The route asked a question (McpContext.ask): the call answers with it, or with the error
      // of a question it could not ask, whatever the route's response became.
      CallAsker.Outcome outcome = asker.outcome().get();
      if (outcome instanceof CallAsker.Outcome.Ask ask) {
        read.answer(ask.result());
      } else if (outcome instanceof CallAsker.Outcome.Refuse refuse) {
        read.refuse(refuse.error());
      }
    }
    MediaType routeType = routeType(response);
    Map<String, List<String>> headers = takeHeaders(response);
    RouteResponse route =
        new RouteResponse(
            response.getStatus(),
            response.getStatusInfo().getReasonPhrase(),
            Optional.ofNullable(routeType).map(MediaType::toString),
            headers,
            NO_BODY,
            Boolean.TRUE.equals(request.getProperty(DispatchGuard.REJECTED)));
    Optional<Observed> observed = Observed.of(request);
    read.observed = observed;
    if (observed.isPresent()
        && read.refusal().isEmpty()
        && read.answer().isEmpty()
        && !route.guardRejected()) {
      observed.get().routeStatus(route.status()); // the route's, or its filters' refusal
    }
    boolean failed =
        read.answer().isEmpty() && (!ContentsMapper.isSuccess(route) || read.timedOut.get() > 0);
    // A long-running success still spools its body, and progress may still start the stream;
    // anything else is decided now.
    boolean streamed =
        (failed || read.longRead.isEmpty()) && read.channel().map(EventChannel::seal).orElse(false);
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
            Optional.ofNullable(routeType),
            streamed,
            serverInfo.get(),
            new EnvelopeStreams(),
            ((ContainerRequest) request).getWorkers(),
            writers,
            splices);
    if (!challenges.isEmpty()) {
      response.getHeaders().put("WWW-Authenticate", new ArrayList<>(challenges));
    }
    if (read.refusal().isPresent() && !streamed) {
      read.refusal()
          .get()
          .httpHeaders()
          .forEach((name, values) -> response.getHeaders().put(name, new ArrayList<>(values)));
    }
    response.setStatus(status);
    read.headersSent(response.getHeaders().keySet());
    response.setEntity(
        envelope,
        NONE,
        streamed ? MediaType.SERVER_SENT_EVENTS_TYPE : MediaType.APPLICATION_JSON_TYPE);
  }

  /**
   * The route's {@code Content-Type}: the {@code MediaType} Jersey put there (from
   * {@code @Produces} or the response built), read as it is; {@code getMediaType()} makes its lazy
   * header cache for every response, which costs more than the rest of this filter.
   */
  private static MediaType routeType(ContainerResponseContext response) {
    Object given = response.getHeaders().getFirst(HttpHeaders.CONTENT_TYPE);
    return given == null || given instanceof MediaType
        ? (MediaType) given
        : response.getMediaType(); // a String (or other) header: parsed as Jersey does
  }

  /**
   * Takes the route's headers off its response, in one pass: those the bridge reads ({@link
   * RouteResponse#READ_HEADERS}, names in lower case) are returned; every header is dropped but for
   * the CORS headers ({@code Access-Control-*}, {@code Vary}) of the application's own filters.
   */
  private static Map<String, List<String>> takeHeaders(ContainerResponseContext response) {
    Map<String, List<String>> headers = Map.of(); // a read's route answers none of them, mostly
    MultivaluedMap<String, String> strings = null;
    for (Iterator<String> names = response.getHeaders().keySet().iterator(); names.hasNext(); ) {
      String name = names.next();
      for (String read : RouteResponse.READ_HEADERS) {
        if (read.equalsIgnoreCase(name)) {
          strings = strings == null ? response.getStringHeaders() : strings;
          List<String> values = strings.get(name);
          if (values != null && !values.isEmpty()) {
            headers = headers.isEmpty() ? new HashMap<>() : headers;
            headers.put(read, values);
          }
        }
      }
      if (!name.regionMatches(true, 0, "access-control-", 0, "access-control-".length())
          && !name.equalsIgnoreCase("Vary")) {
        names.remove();
      }
    }
    return headers;
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
}
