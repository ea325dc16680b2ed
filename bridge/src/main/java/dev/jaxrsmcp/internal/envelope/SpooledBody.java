package dev.jaxrsmcp.internal.envelope;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.content.ContentItems;
import dev.jaxrsmcp.internal.content.ContentsShape;
import dev.jaxrsmcp.internal.content.ReadMessage;
import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.longrun.LongRead;
import dev.jaxrsmcp.internal.spool.Spool;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;

/**
 * A long-running read's body (contract section 9): the route writes into the read's spool, counted
 * for {@code McpContext.isFull()}, while progress may turn the response into a stream; then the
 * final message goes out (on the stream once it started) with the body streamed from the spool,
 * shaped as any read's ({@link ContentsShape}: a body without a type by the spool's first bytes),
 * and the spool is deleted.
 */
final class SpooledBody {
  private SpooledBody() {}

  /** Spools the route's entity, then writes the read's final message. */
  static void write(ReadEnvelope envelope, LongRead read, ReadSink plain) throws IOException {
    Spool spool = read.spool;
    Optional<Throwable> failed = Optional.empty();
    try (OutputStream target = new Counting(spool.output(), read)) {
      RouteEntity.write(envelope, target); // progress may make the response a stream meanwhile
    } catch (IOException | RuntimeException e) {
      failed = Optional.of(e);
    }
    if (read.aborted().isPresent()) {
      ReadAnswers.aborted(read, plain);
      return;
    }
    boolean streamed = read.channel.map(EventChannel::seal).orElse(false);
    ReadEnvelope sealed = streamed ? envelope.asStreamed() : envelope;
    ReadSink sink = streamed ? ReadSink.stream(read.channel.orElseThrow(), envelope.read()) : plain;
    if (failed.isPresent()) {
      sink.message(ReadAnswers.routeFailed(sealed, failed.get()));
      return;
    }
    ContentsShape shape =
        ContentsShape.of(
            envelope.read().entry,
            envelope.route(),
            () -> spool.head(ContentsShape.SNIFF_BYTES),
            spool.size());
    read.context.finish();
    Optional<ObjectNode> whole = wholeToolResult(sealed, shape, spool);
    if (whole.isPresent()) {
      sink.message(whole.get());
      spool.delete();
      return;
    }
    sink.message(
        ReadAnswers.success(sealed, shape, spool.truncated()),
        shape,
        target -> {
          try (InputStream in = spool.input()) {
            in.transferTo(target);
          }
        });
    spool.delete();
  }

  /**
   * The message of a tool call whose result needs its whole body, as a plain call's has it: a JSON
   * object (also {@code structuredContent}) or content items; empty for anything else, and for a
   * body past the plain read's {@code maxReadBytes} or truncated at {@code maxBytes}, which stream
   * from the spool as text.
   */
  private static Optional<ObjectNode> wholeToolResult(
      ReadEnvelope envelope, ContentsShape shape, Spool spool) throws IOException {
    InPlaceRead read = envelope.read();
    if (read.kind != ReadMessage.Kind.TOOL_CALL
        || spool.truncated()
        || !shape.text()
        || spool.size() > read.maxReadBytes) {
      return Optional.empty();
    }
    boolean items = ContentItems.isContentItems(shape.mimeType());
    if (!items && !(read.structured && ContentsShape.isJson(shape.mimeType()))) {
      return Optional.empty();
    }
    byte[] body;
    try (InputStream in = spool.input()) {
      body = in.readAllBytes();
    }
    return Optional.of(
        items
            ? ReadAnswers.contentItemsSuccess(envelope, shape, body)
            : ReadAnswers.structuredSuccess(envelope, shape, body));
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
}
