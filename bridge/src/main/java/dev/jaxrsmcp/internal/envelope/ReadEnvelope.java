package dev.jaxrsmcp.internal.envelope;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.content.SuccessSplices;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import jakarta.ws.rs.core.MediaType;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Optional;
import org.glassfish.jersey.message.MessageBodyWorkers;

/**
 * The entity of an in-place read's response once the route has answered: the route's own entity
 * (written later, by the route's own writer, inside the JSON-RPC envelope) and everything the
 * envelope needs. Written by {@link ReadEnvelopeWriter}.
 *
 * @param read the read
 * @param route the route's status and headers (no body)
 * @param entity the route's entity; empty when it had none
 * @param type the entity's class
 * @param genericType the entity's generic type
 * @param annotations the route method's annotations, for its writer
 * @param mediaType the route's response type; empty when it had none
 * @param streamed true when the final message is the last event of the read's event stream (decided
 *     when the route answered with a failure; a long-running success decides once its body is
 *     spooled)
 * @param serverInfo the server's identity, for modern results
 * @param streams the streams of this response, as the envelope's interceptor and writer share them
 * @param workers the request's message body workers, which find the route's own writer
 * @param writers the application's remembered writer lookups
 * @param splices the application's kept success messages
 */
public record ReadEnvelope(
    InPlaceRead read,
    RouteResponse route,
    Optional<Object> entity,
    Class<?> type,
    Type genericType,
    Annotation[] annotations,
    Optional<MediaType> mediaType,
    boolean streamed,
    ObjectNode serverInfo,
    EnvelopeStreams streams,
    MessageBodyWorkers workers,
    RouteWriters writers,
    SuccessSplices splices) {

  /** The same envelope, its final message going on the read's event stream. */
  ReadEnvelope asStreamed() {
    return new ReadEnvelope(
        read,
        route,
        entity,
        type,
        genericType,
        annotations,
        mediaType,
        true,
        serverInfo,
        streams,
        workers,
        writers,
        splices);
  }
}
