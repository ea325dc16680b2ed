package dev.jaxrsmcp.internal.stream;

import dev.jaxrsmcp.internal.readiness.GrizzlyReadiness;
import dev.jaxrsmcp.internal.readiness.ServletReadiness;
import dev.jaxrsmcp.internal.readiness.WriteReadiness;
import java.io.ByteArrayOutputStream;
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
 * <p>On a servlet container whose response is asynchronous, the output is put in non-blocking mode
 * once Jersey has set the response up ({@link #nonBlocking}). From then on what a batch writes is
 * kept here and handed to the container in one write at the batch's end, then flushed, each only
 * after the container said it takes it ({@link ServletReadiness}): Jersey writes an event in
 * several small writes and flushes after each, which a non-blocking servlet output refuses while an
 * earlier write is pending. What is kept is bounded: the outbox sees the wire not writable past
 * {@value #HELD_BYTES} bytes and ends the batch.
 *
 * <p>Used by one thread at a time (the outbox's turn), and by the request thread before the outbox
 * is released.
 */
final class StreamOutput extends FilterOutputStream implements Wire {
  /** What a non-blocking servlet output's stream keeps before its batch ends. */
  static final int HELD_BYTES = 64 * 1024;

  private static final boolean GRIZZLY = present("org.glassfish.grizzly.OutputSink");
  private static final boolean SERVLET = present("jakarta.servlet.WriteListener");

  private final boolean verbatim;
  private volatile WriteReadiness readiness;
  private volatile boolean batching;

  // non-blocking servlet output only (null otherwise: an idle Grizzly stream keeps no buffer here);
  // held is set before servlet, which publishes it; used by the turn's writer thread
  private volatile ServletReadiness servlet;
  private ByteArrayOutputStream held;
  private boolean unflushed;

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

  /**
   * Puts a servlet container's output in non-blocking mode, when {@code servletResponse} is the
   * response of an asynchronous servlet request (on the request thread, after Jersey suspended it,
   * before the outbox is released); otherwise, or on Grizzly, nothing changes.
   */
  void nonBlocking(Optional<Object> servletResponse) {
    if (!SERVLET || servletResponse.isEmpty() || readiness != WriteReadiness.BLOCKING) {
      return;
    }
    try {
      Optional<ServletReadiness> started = ServletReadiness.start(servletResponse.get());
      if (started.isPresent()) {
        held = new ByteArrayOutputStream();
        servlet = started.get();
        readiness = started.get();
      }
    } catch (IOException | RuntimeException | LinkageError e) {
      // no output to listen to, or a Servlet API this class loader cannot link: stays blocking
    }
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    if (servlet != null) {
      held.write(bytes, offset, length);
    } else {
      out.write(bytes, offset, length);
    }
  }

  @Override
  public void flush() throws IOException {
    if (batching) {
      return;
    }
    if (servlet != null) {
      handOver();
    } else {
      out.flush();
    }
  }

  @Override
  public void close() throws IOException {
    batching = false;
    if (servlet != null) {
      handOver(); // what is still kept goes only if the container takes it now
    }
    out.close();
  }

  @Override
  public boolean writable() {
    return (servlet == null || held.size() < HELD_BYTES) && readiness.writable();
  }

  @Override
  public void whenWritable(Runnable resume) {
    readiness.whenWritable(resume);
  }

  /**
   * True once the container says when it takes more (Grizzly, a non-blocking servlet output) and
   * events are written here as they are: each frame is then one write, asked for first, and a turn
   * never waits for the client (Jersey's event writer, for an encoded response, writes an event in
   * several writes that Grizzly may block on).
   */
  @Override
  public boolean neverBlocks() {
    return verbatim && readiness != WriteReadiness.BLOCKING;
  }

  @Override
  public void startBatch() {
    batching = true;
  }

  @Override
  public boolean endBatch() throws IOException {
    batching = false;
    if (servlet != null) {
      return handOver();
    }
    out.flush();
    return true;
  }

  /**
   * Hands what is kept to the non-blocking servlet output in one write, then flushes it, each when
   * the container takes it now; true when nothing waits here or in the container's output.
   */
  private boolean handOver() throws IOException {
    ServletReadiness output = servlet;
    if (output.broken()) {
      held.reset();
      throw new IOException("the servlet container reported the client's connection failed");
    }
    if (held.size() > 0) {
      if (!output.writable()) {
        return false;
      }
      held.writeTo(out);
      // a stalled client's stream keeps no large buffer while it waits
      held = held.size() > 8 * 1024 ? new ByteArrayOutputStream() : held;
      held.reset();
      unflushed = true;
    }
    if (unflushed) {
      if (!output.writable()) {
        return false;
      }
      out.flush();
      unflushed = false;
    }
    return output.writable();
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

  private static boolean present(String type) {
    try {
      Class.forName(type, false, StreamOutput.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
