package dev.jaxrsmcp.internal.stream;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;

/**
 * The container's entity stream of one event stream, as its {@link Outbox} writes it: Jersey
 * flushes after every event, which here only ends a batch's event when the outbox says so, so the
 * frames of one batch go out in as few container writes as its buffer allows (Grizzly keeps each
 * flushed write in a pooled buffer of its own until the socket takes it); and it tells the outbox
 * whether the container takes more ({@link WriteReadiness}).
 *
 * <p>Used by one writer thread at a time (the outbox's), and by the request thread before the
 * outbox is released.
 */
final class StreamOutput extends FilterOutputStream implements Outbox.Wire {
  private static final boolean GRIZZLY = grizzlyPresent();

  private final WriteReadiness readiness;
  private final boolean verbatim;
  private volatile boolean batching;

  /**
   * @param verbatim whether what is written here reaches the client as it is (no {@code
   *     Content-Encoding} on the response), so events encoded once may be written here directly
   */
  StreamOutput(OutputStream container, boolean verbatim) {
    super(container);
    this.readiness = readinessOf(container);
    this.verbatim = verbatim;
  }

  boolean verbatim() {
    return verbatim;
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    out.write(bytes, offset, length);
  }

  @Override
  public void flush() throws IOException {
    if (!batching) {
      out.flush();
    }
  }

  @Override
  public void close() throws IOException {
    batching = false;
    out.close();
  }

  @Override
  public boolean writable() {
    return readiness.writable();
  }

  @Override
  public void whenWritable(Runnable resume) {
    readiness.whenWritable(resume);
  }

  @Override
  public void startBatch() {
    batching = true;
  }

  @Override
  public void endBatch() throws IOException {
    batching = false;
    out.flush();
  }

  private static WriteReadiness readinessOf(OutputStream container) {
    if (GRIZZLY) {
      try {
        Optional<WriteReadiness> grizzly = GrizzlyReadiness.of(container);
        if (grizzly.isPresent()) {
          return grizzly.get();
        }
      } catch (LinkageError e) {
        // a Grizzly this class loader cannot link: treat as a blocking container
      }
    }
    return WriteReadiness.BLOCKING;
  }

  private static boolean grizzlyPresent() {
    try {
      Class.forName("org.glassfish.grizzly.OutputSink", false, StreamOutput.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
