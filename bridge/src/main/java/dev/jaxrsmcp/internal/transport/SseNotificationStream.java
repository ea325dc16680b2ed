package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.session.NotificationStream;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import org.glassfish.jersey.media.sse.EventOutput;
import org.glassfish.jersey.media.sse.OutboundEvent;

/**
 * A session's GET notification stream over Jersey's SSE support: each JSON-RPC message is one
 * {@code message} event with one {@code data:} line (the JSON is written on one line; clients such
 * as the MCP Java SDK only read events named {@code message}); keep-alives are comments. {@link
 * EventOutput} serialises writes, so any thread may use this.
 */
public final class SseNotificationStream implements NotificationStream {
  private static final System.Logger LOG = System.getLogger(SseNotificationStream.class.getName());

  private final EventOutput output;

  public SseNotificationStream(EventOutput output) {
    this.output = output;
  }

  @Override
  public boolean send(ObjectNode message) {
    return write(
        new OutboundEvent.Builder()
            .name("message")
            // text/plain, so the String is written as it is (an application JSON provider
            // would quote it again)
            .mediaType(MediaType.TEXT_PLAIN_TYPE)
            .data(String.class, Json.write(message))
            .build());
  }

  @Override
  public boolean keepAlive() {
    return write(new OutboundEvent.Builder().comment("keep-alive").build());
  }

  @Override
  public boolean isOpen() {
    return !output.isClosed();
  }

  @Override
  public void close() {
    try {
      output.close();
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "closing an MCP notification stream failed", e);
    }
  }

  private boolean write(OutboundEvent event) {
    if (output.isClosed()) {
      return false;
    }
    try {
      output.write(event);
      return true;
    } catch (IOException | RuntimeException e) {
      close();
      return false;
    }
  }
}
