package dev.jaxrsmcp.internal.envelope;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.content.ContentsShape;
import dev.jaxrsmcp.internal.content.MessageSplice;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.observe.CountingOutput;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Where an in-place read's final message goes: the plain response (a whole message with its
 * length), or the last event of the read's event stream once that started.
 */
interface ReadSink {
  /** A whole message. */
  void message(ObjectNode message) throws IOException;

  /** A success message with the body {@code content} writes streamed where its placeholder is. */
  void message(ObjectNode message, ContentsShape shape, MessageSplice.Content content)
      throws IOException;

  /** This sink, telling {@code read}'s observers what each whole message answers. */
  static ReadSink observed(ReadSink sink, InPlaceRead read) {
    if (read.observed.isEmpty()) {
      return sink;
    }
    return new ReadSink() {
      @Override
      public void message(ObjectNode message) throws IOException {
        read.answered(message);
        sink.message(message);
      }

      @Override
      public void message(ObjectNode message, ContentsShape shape, MessageSplice.Content content)
          throws IOException {
        read.answered(message);
        sink.message(message, shape, content);
      }
    };
  }

  /** The plain response. */
  static ReadSink response(MultivaluedMap<String, Object> headers, OutputStream out) {
    return new ReadSink() {
      @Override
      public void message(ObjectNode message) throws IOException {
        byte[] bytes = Json.writeBytes(message);
        headers.putSingle("Content-Length", Integer.toString(bytes.length));
        out.write(bytes);
      }

      @Override
      public void message(ObjectNode message, ContentsShape shape, MessageSplice.Content content)
          throws IOException {
        MessageSplice.of(message).write(out, shape, content);
      }
    };
  }

  /**
   * The last event of the read's event stream, {@link #observed} for {@code read}; the message's
   * bytes (not the event's framing) are counted for its observers, as a plain response's are.
   */
  static ReadSink stream(EventChannel channel, InPlaceRead read) {
    return observed(
        new ReadSink() {
          @Override
          public void message(ObjectNode message) throws IOException {
            byte[] bytes = Json.writeBytes(message);
            channel.writeFinal(target -> CountingOutput.of(target, read.observed).write(bytes));
          }

          @Override
          public void message(
              ObjectNode message, ContentsShape shape, MessageSplice.Content content)
              throws IOException {
            MessageSplice splice = MessageSplice.of(message);
            channel.writeFinal(
                target -> splice.write(CountingOutput.of(target, read.observed), shape, content));
          }
        },
        read);
  }
}
