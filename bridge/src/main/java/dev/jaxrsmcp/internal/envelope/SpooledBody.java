package dev.jaxrsmcp.internal.envelope;

import dev.jaxrsmcp.internal.content.ContentsShape;
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
    ReadSink sink = streamed ? ReadSink.stream(read.channel.orElseThrow()) : plain;
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
