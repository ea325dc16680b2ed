package dev.jaxrsmcp.internal.envelope;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.breakoff.BrokenResponse;
import dev.jaxrsmcp.internal.content.ContentItems;
import dev.jaxrsmcp.internal.content.ContentsMapper;
import dev.jaxrsmcp.internal.content.ContentsShape;
import dev.jaxrsmcp.internal.content.MessageSplice;
import dev.jaxrsmcp.internal.content.ReadMessage;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.longrun.LongRead;
import dev.jaxrsmcp.internal.observe.CountingOutput;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writes an in-place read's JSON-RPC response around the route's entity (contract section 7): the
 * message is built by {@link ReadAnswers}, shaped by {@link
 * dev.jaxrsmcp.internal.content.ContentsShape}, and where its content goes the route's own message
 * body writer writes ({@link RouteEntity}), through a JSON string escaper (text) or a base64
 * encoder (blob), as the bytes come. A plain read holds back its first {@value #HELD_BACK} bytes,
 * so a route that fails early still answers a clean error; one that fails later breaks the response
 * (never a complete-looking result). A long-running read spools the route's bytes first (section 9,
 * {@link SpooledBody}) and streams the message from the spool, on its event stream when that
 * started.
 */
@Produces({MediaType.APPLICATION_JSON, MediaType.SERVER_SENT_EVENTS})
public final class ReadEnvelopeWriter implements MessageBodyWriter<ReadEnvelope> {
  private static final System.Logger LOG = System.getLogger(ReadEnvelopeWriter.class.getName());

  /** How much of a plain read's response is held back before it streams. */
  static final int HELD_BACK = 8192;

  @Override
  public boolean isWriteable(
      Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
    return type == ReadEnvelope.class;
  }

  @Override
  public void writeTo(
      ReadEnvelope envelope,
      Class<?> type,
      Type genericType,
      Annotation[] annotations,
      MediaType mediaType,
      MultivaluedMap<String, Object> headers,
      OutputStream routeOut)
      throws IOException {
    // The application's writer interceptors wrap the route's bytes, as for its GET; the envelope
    // goes around them, straight to the response (ReadEnvelopeInterceptor took that stream).
    EnvelopeStreams streams = envelope.streams();
    OutputStream out = streams.response().orElse(routeOut);
    streams.routeOutput(routeOut);
    InPlaceRead read = envelope.read();
    ReadSink plain = ReadSink.observed(ReadSink.response(headers, out), read);
    ReadSink sink =
        envelope.streamed() ? ReadSink.stream(read.channel().orElseThrow(), read) : plain;
    Optional<LongRead> longRead = read.longRead;
    if (longRead.isPresent() && longRead.get().aborted().isPresent()) {
      ReadAnswers.aborted(longRead.get(), plain);
      return;
    }
    if (read.refusal().isPresent()) {
      sink.message(ReadAnswers.error(envelope, read.refusal().get()));
      return;
    }
    if (read.answer().isPresent()) {
      sink.message(JsonRpcMessages.result(read.id, read.answer().get()));
      return;
    }
    if (read.timedOut.get() > 0) {
      sink.message(
          ReadAnswers.error(
              envelope,
              new JsonRpcException(
                  ErrorCodes.INTERNAL_ERROR,
                  "Read timed out after " + read.timedOut.get() + " ms")));
      return;
    }
    if (!ContentsMapper.isSuccess(envelope.route())) {
      sink.message(ReadAnswers.failure(envelope));
      return;
    }
    if (longRead.isPresent()) {
      SpooledBody.write(envelope, longRead.get(), plain);
    } else if (envelope.streamed()) {
      // A call that asked its client on its stream: the answer, held whole, is the last event.
      ByteArrayOutputStream held = new ByteArrayOutputStream();
      plain(envelope, sink, new jakarta.ws.rs.core.MultivaluedHashMap<>(), held);
      byte[] message = held.toByteArray();
      if (message.length > 0) { // else an error went to the stream's sink itself
        read.channel()
            .orElseThrow()
            .writeFinal(target -> CountingOutput.of(target, read.observed).write(message));
      }
    } else {
      plain(envelope, sink, headers, out);
    }
  }

  /**
   * A plain read: the message streams with the route's body inside, once the body's shape is known
   * (a body without a type holds its first bytes back until they tell, see {@link ContentOutput}).
   */
  private static void plain(
      ReadEnvelope envelope,
      ReadSink sink,
      MultivaluedMap<String, Object> headers,
      OutputStream out)
      throws IOException {
    InPlaceRead read = envelope.read();
    long maxRead = read.maxReadBytes;
    if (envelope.route().header("content-length").map(ReadEnvelopeWriter::length).orElse(0L)
        > maxRead) {
      sink.message(ReadAnswers.error(envelope, ReadSizeLimit.error(read.uri, maxRead)));
      return;
    }
    FailSafeOutput held =
        new FailSafeOutput(
            out,
            HELD_BACK,
            length -> {
              if (length >= 0) {
                headers.putSingle("Content-Length", Long.toString(length));
              }
            });
    ContentOutput content =
        new ContentOutput(
            read.entry,
            envelope.route(),
            found -> {
              ContentsShape shape = read.uncacheable ? found.uncached() : found;
              if (read.kind == ReadMessage.Kind.PROMPT_GET) {
                return whole(
                    held,
                    body -> {
                      ObjectNode message = ReadAnswers.prompt(envelope, shape, body);
                      read.answered(message);
                      return message;
                    });
              }
              if (read.kind == ReadMessage.Kind.TOOL_CALL
                  && shape.text()
                  && ContentItems.isContentItems(shape.mimeType())) {
                return whole(held, body -> ReadAnswers.contentItemsSuccess(envelope, shape, body));
              }
              if (read.structured && shape.text() && ContentsShape.isJson(shape.mimeType())) {
                return whole(held, body -> ReadAnswers.structuredSuccess(envelope, shape, body));
              }
              MessageSplice splice = ReadAnswers.successSplice(envelope, shape);
              splice.writeHead(held);
              return splice.open(shape, held);
            });
    try {
      RouteEntity.write(envelope, new ReadSizeLimit(content, maxRead));
      content.close();
    } catch (IOException | RuntimeException e) {
      if (e instanceof ReadSizeLimit.TooLarge && !held.started()) {
        held.discard();
        ObjectNode tooLarge = ReadAnswers.error(envelope, ReadSizeLimit.error(read.uri, maxRead));
        read.answered(tooLarge);
        held.write(Json.writeBytes(tooLarge));
        held.finish();
        return;
      }
      if (held.started()) {
        boolean closed = BrokenResponse.breakOff(envelope.streams().injection(), out, e);
        LOG.log(
            System.Logger.Level.ERROR,
            "the route of "
                + read.uri
                + " failed after part of its MCP response was sent; the response is broken off"
                + (closed ? " (its connection closed before the last chunk)" : ""),
            e);
        throw new IOException("the route failed while its MCP response was being sent", e);
      }
      held.discard();
      ObjectNode failed = ReadAnswers.routeFailed(envelope, e);
      read.answered(failed);
      held.write(Json.writeBytes(failed));
      held.finish();
      return;
    }
    held.finish();
  }

  /**
   * Where a tool call's body goes when its message needs all of it (a structured result's text and
   * {@code structuredContent}, content items): held whole (the read's size limit stands before it),
   * then written as one message.
   */
  private static OutputStream whole(OutputStream out, Function<byte[], ObjectNode> message) {
    return new ByteArrayOutputStream() {
      private boolean closed;

      @Override
      public void close() throws IOException {
        if (!closed) {
          closed = true;
          out.write(Json.writeBytes(message.apply(toByteArray())));
        }
      }
    };
  }

  private static long length(String contentLength) {
    try {
      return Long.parseLong(contentLength.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
