package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.jsonrpc.JsonTextOutput;
import dev.jaxrsmcp.internal.protocol.ContentsMapper;
import dev.jaxrsmcp.internal.protocol.ReadMessage;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.spool.Spool;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Writes an in-place read's JSON-RPC response around the route's entity (contract section 7): the
 * envelope is built by {@link ReadMessage}, and where its content goes the route's own message body
 * writer writes, through a JSON string escaper (text) or a base64 encoder (blob), as the bytes
 * come. A plain read holds back its first {@value #HELD_BACK} bytes, so a route that fails early
 * still answers a clean error; one that fails later breaks the response (never a complete-looking
 * result). A long-running read spools the route's bytes first (section 9) and streams the envelope
 * from the spool, on its event stream when that started.
 */
@Produces({MediaType.APPLICATION_JSON, MediaType.SERVER_SENT_EVENTS})
public final class ReadEnvelopeWriter implements MessageBodyWriter<ReadEnvelope> {
  private static final System.Logger LOG = System.getLogger(ReadEnvelopeWriter.class.getName());

  /** How much of a plain read's response is held back before it streams. */
  static final int HELD_BACK = 8192;

  /** How much of a refused read's body is quoted in its error message. */
  private static final int REFUSAL_HEAD_BYTES = 4096;

  /** The largest untyped body held to decide between text and blob. */
  private static final int UNTYPED_MAX = 16 * 1024 * 1024;

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
    Sink sink = sink(envelope, envelope.streamed(), headers, out);
    Optional<LongRead> longRead = read.longRead;
    if (longRead.isPresent() && longRead.get().aborted().isPresent()) {
      aborted(longRead.get(), plainSink(envelope, headers, out));
      return;
    }
    if (read.refusal().isPresent()) {
      sink.message(error(envelope, read.refusal().get()));
      return;
    }
    if (read.timedOut.get() > 0) {
      sink.message(
          error(
              envelope,
              new JsonRpcException(
                  ErrorCodes.INTERNAL_ERROR,
                  "Read timed out after " + read.timedOut.get() + " ms")));
      return;
    }
    if (!ContentsMapper.isSuccess(envelope.route())) {
      sink.message(failure(envelope));
      return;
    }
    if (longRead.isPresent()) {
      spooled(envelope, longRead.get(), headers, out);
    } else {
      plain(envelope, sink, headers, out);
    }
  }

  /** A plain read: the envelope streams with the route's body inside. */
  private void plain(
      ReadEnvelope envelope, Sink sink, MultivaluedMap<String, Object> headers, OutputStream out)
      throws IOException {
    InPlaceRead read = envelope.read();
    Optional<ReadMessage.Body> known = ReadMessage.Body.of(read.entry, envelope.route());
    if (known.isEmpty()) {
      byte[] bytes;
      try {
        bytes = entityBytes(envelope, UNTYPED_MAX);
      } catch (IOException | RuntimeException e) {
        sink.message(routeFailed(envelope, e));
        return;
      }
      ReadMessage.Body body = ReadMessage.Body.sniffed(bytes);
      sink.message(envelope, success(envelope, body, false), body, target -> target.write(bytes));
      return;
    }
    ReadMessage.Body body = known.get();
    long maxRead = read.maxReadBytes;
    if (envelope.route().header("content-length").map(ReadEnvelopeWriter::length).orElse(0L)
        > maxRead) {
      sink.message(error(envelope, ReadSizeLimit.error(read.uri, maxRead)));
      return;
    }
    Halves halves = halves(success(envelope, body, false));
    FailSafeOutput held =
        new FailSafeOutput(
            out,
            HELD_BACK,
            length -> {
              if (length >= 0) {
                headers.putSingle("Content-Length", Long.toString(length));
              }
            });
    halves.writeHead(held);
    try {
      content(body, held, target -> writeEntity(envelope, new ReadSizeLimit(target, maxRead)));
    } catch (IOException | RuntimeException e) {
      if (e instanceof ReadSizeLimit.TooLarge && !held.started()) {
        held.discard();
        held.write(Json.writeBytes(error(envelope, ReadSizeLimit.error(read.uri, maxRead))));
        held.finish();
        return;
      }
      if (held.started()) {
        LOG.log(
            System.Logger.Level.ERROR,
            "the route of "
                + read.uri
                + " failed after part of its MCP response was sent; the response is broken off",
            e);
        throw new IOException("the route failed while its MCP response was being sent", e);
      }
      held.discard();
      held.write(Json.writeBytes(routeFailed(envelope, e)));
      held.finish();
      return;
    }
    halves.writeTail(held);
    held.finish();
  }

  /** A long-running read: the route's body goes to the spool, then the envelope streams from it. */
  private void spooled(
      ReadEnvelope envelope,
      LongRead read,
      MultivaluedMap<String, Object> headers,
      OutputStream out)
      throws IOException {
    Spool spool = read.spool;
    Optional<Throwable> failed = Optional.empty();
    try (OutputStream target = new Counting(spool.output(), read)) {
      writeEntity(envelope, target); // progress may still make the response a stream meanwhile
    } catch (IOException | RuntimeException e) {
      failed = Optional.of(e);
    }
    if (read.aborted().isPresent()) {
      aborted(read, plainSink(envelope, headers, out));
      return;
    }
    boolean streamed = read.channel.map(EventChannel::seal).orElse(false);
    ReadEnvelope sealed = streamed ? envelope.asStreamed() : envelope;
    Sink sink = sink(sealed, streamed, headers, out);
    if (failed.isPresent()) {
      sink.message(routeFailed(sealed, failed.get()));
      return;
    }
    ReadMessage.Body body =
        ReadMessage.Body.of(envelope.read().entry, envelope.route())
            .orElseGet(() -> ReadMessage.Body.sniffed(spool.head(UNTYPED_MAX)));
    read.context.finish();
    sink.message(
        sealed,
        success(sealed, body, spool.truncated()),
        body,
        target -> {
          try (InputStream in = spool.input()) {
            in.transferTo(target);
          }
        });
    spool.delete();
  }

  /**
   * The read was aborted before its route answered. On a stream, the abort's error (if any) went
   * out when it happened; otherwise the plain response carries it.
   */
  private static void aborted(LongRead read, Sink plain) throws IOException {
    if (read.channel.map(EventChannel::isCommitted).orElse(false)) {
      return;
    }
    read.channel.ifPresent(EventChannel::seal);
    Optional<JsonRpcException> answer = read.aborted().flatMap(LongRead.Abort::answer);
    plain.message(
        JsonRpcMessages.error(
            Optional.of(read.id),
            answer.orElseGet(
                () -> new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Read cancelled"))));
  }

  /** The response to a route that did not answer 2xx. */
  private ObjectNode failure(ReadEnvelope envelope) {
    InPlaceRead read = envelope.read();
    RouteResponse route = envelope.route();
    if (route.status() >= 400 && route.status() < 500 && !route.guardRejected()) {
      try {
        route = route.withBody(entityBytes(envelope, REFUSAL_HEAD_BYTES));
      } catch (IOException | RuntimeException e) {
        // The status says enough.
      }
    }
    try {
      return ReadMessage.failure(
          read.kind, read.id, read.call.era(), read.uri, route, envelope.serverInfo());
    } catch (JsonRpcException e) {
      return error(envelope, e);
    }
  }

  private static ObjectNode success(ReadEnvelope envelope, ReadMessage.Body body, boolean cut) {
    InPlaceRead read = envelope.read();
    return ReadMessage.success(
        read.kind,
        read.id,
        read.call.era(),
        read.entry,
        read.uri,
        body,
        envelope.route(),
        cut,
        envelope.serverInfo());
  }

  /** A route that threw while writing its body answers as a 500 would. */
  private static ObjectNode routeFailed(ReadEnvelope envelope, Throwable failure) {
    LOG.log(
        System.Logger.Level.ERROR,
        "the route of " + envelope.read().uri + " failed while writing its MCP read",
        failure);
    InPlaceRead read = envelope.read();
    RouteResponse failed =
        new RouteResponse(
            500, "Internal Server Error", Optional.empty(), java.util.Map.of(), new byte[0], false);
    try {
      return ReadMessage.failure(
          read.kind, read.id, read.call.era(), read.uri, failed, envelope.serverInfo());
    } catch (JsonRpcException e) {
      return error(envelope, e);
    }
  }

  /** The error response; on a stream, a 401 is an error object like any other. */
  private static ObjectNode error(ReadEnvelope envelope, JsonRpcException e) {
    return JsonRpcMessages.error(
        Optional.of(envelope.read().id), envelope.streamed() ? streamed(e) : e);
  }

  /** Once an SSE stream has started, a 401 can no longer be an HTTP status. */
  static JsonRpcException streamed(JsonRpcException e) {
    if (e.httpStatus() != 401 && e.httpStatus() != 403) {
      return e;
    }
    ObjectNode data = e.data().map(ObjectNode::deepCopy).orElseGet(Json::object);
    data.put("status", e.httpStatus());
    return new JsonRpcException(e.code(), e.getMessage(), data);
  }

  /** The route's entity written by the route's own writer (nothing when it had none). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private void writeEntity(ReadEnvelope envelope, OutputStream target) throws IOException {
    if (envelope.entity().isEmpty()) {
      return;
    }
    MediaType type = envelope.mediaType().orElse(MediaType.WILDCARD_TYPE);
    MessageBodyWriter writer =
        envelope
            .workers()
            .getMessageBodyWriter(
                envelope.type(), envelope.genericType(), envelope.annotations(), type);
    if (writer == null) {
      throw new IOException(
          "no message body writer for " + envelope.type().getName() + " as " + type);
    }
    EnvelopeStreams streams = envelope.streams();
    OutputStream through = streams.into(target);
    writer.writeTo(
        envelope.entity().get(),
        envelope.type(),
        envelope.genericType(),
        envelope.annotations(),
        type,
        new MultivaluedHashMap<String, Object>(),
        new NonClosing(through));
    streams.endRoute();
  }

  private static long length(String contentLength) {
    try {
      return Long.parseLong(contentLength.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** At most {@code max} bytes of the route's entity (the rest is dropped). */
  private byte[] entityBytes(ReadEnvelope envelope, int max) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    writeEntity(
        envelope,
        new OutputStream() {
          @Override
          public void write(int b) {
            if (bytes.size() < max) {
              bytes.write(b);
            }
          }

          @Override
          public void write(byte[] b, int off, int len) {
            bytes.write(b, off, Math.max(0, Math.min(len, max - bytes.size())));
          }
        });
    return bytes.toByteArray();
  }

  /** The serialized message split where the content goes. */
  private static Halves halves(ObjectNode message) {
    byte[] json = Json.writeBytes(message);
    int at = lastIndexOf(json, QUOTED_PLACEHOLDER);
    if (at < 0) {
      throw new IllegalStateException("the read's message has no place for its content");
    }
    return new Halves(json, at, at + QUOTED_PLACEHOLDER.length);
  }

  private static final byte[] QUOTED_PLACEHOLDER =
      ("\"" + ReadMessage.PLACEHOLDER + "\"").getBytes(StandardCharsets.US_ASCII);

  private static int lastIndexOf(byte[] data, byte[] what) {
    outer:
    for (int i = data.length - what.length; i >= 0; i--) {
      for (int j = 0; j < what.length; j++) {
        if (data[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** The serialized message around the place of its content. */
  private record Halves(byte[] json, int end, int start) {
    void writeHead(OutputStream out) throws IOException {
      out.write(json, 0, end);
    }

    void writeTail(OutputStream out) throws IOException {
      out.write(json, start, json.length - start);
    }
  }

  /** Writes content bytes as the JSON string value of the envelope: quoted text or base64. */
  private static void content(ReadMessage.Body body, OutputStream out, Content content)
      throws IOException {
    out.write('"');
    OutputStream inner =
        body.text()
            ? new JsonTextOutput(out, body.charset())
            : Base64.getEncoder().wrap(new NonClosing(out));
    content.writeTo(inner);
    inner.close();
    out.write('"');
  }

  @FunctionalInterface
  private interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  private Sink plainSink(
      ReadEnvelope envelope, MultivaluedMap<String, Object> headers, OutputStream out) {
    return sink(envelope, false, headers, out);
  }

  /** Where the message goes: the plain response, or the read's event stream. */
  private Sink sink(
      ReadEnvelope envelope,
      boolean streamed,
      MultivaluedMap<String, Object> headers,
      OutputStream out) {
    if (streamed) {
      EventChannel channel = envelope.read().longRead.orElseThrow().channel.orElseThrow();
      return new Sink() {
        @Override
        public void message(ObjectNode message) throws IOException {
          byte[] bytes = Json.writeBytes(message);
          channel.writeFinal(target -> target.write(bytes));
        }

        @Override
        public void message(
            ReadEnvelope e, ObjectNode message, ReadMessage.Body body, Content content)
            throws IOException {
          Halves halves = halves(message);
          channel.writeFinal(
              target -> {
                halves.writeHead(target);
                content(body, target, content);
                halves.writeTail(target);
              });
        }
      };
    }
    return new Sink() {
      @Override
      public void message(ObjectNode message) throws IOException {
        byte[] bytes = Json.writeBytes(message);
        headers.putSingle("Content-Length", Integer.toString(bytes.length));
        out.write(bytes);
      }

      @Override
      public void message(
          ReadEnvelope e, ObjectNode message, ReadMessage.Body body, Content content)
          throws IOException {
        Halves halves = halves(message);
        halves.writeHead(out);
        content(body, out, content);
        halves.writeTail(out);
      }
    };
  }

  private interface Sink {
    /** A whole message. */
    void message(ObjectNode message) throws IOException;

    /** A success message with {@code content} streamed where the placeholder is. */
    void message(ReadEnvelope envelope, ObjectNode message, ReadMessage.Body body, Content content)
        throws IOException;
  }

  /** Counts what a long-running route writes, for {@code McpContext.isFull()}. */
  private static final class Counting extends FilterOutputStream {
    private final LongRead read;

    Counting(OutputStream out, LongRead read) {
      super(out);
      this.read = read;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      read.context.wrote(1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      out.write(bytes, offset, length);
      read.context.wrote(length);
    }
  }

  /** Keeps a writer from closing the stream the envelope still writes to. */
  private static final class NonClosing extends FilterOutputStream {
    NonClosing(OutputStream out) {
      super(out);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      out.write(bytes, offset, length);
    }

    @Override
    public void close() throws IOException {
      out.flush();
    }
  }
}
