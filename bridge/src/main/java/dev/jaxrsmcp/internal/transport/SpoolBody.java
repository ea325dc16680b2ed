package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.internal.protocol.SpooledResult;
import dev.jaxrsmcp.internal.spool.Spool;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The final JSON of a long-running read, written once from its spool; the spool is deleted when the
 * write ends, however it ends. Jersey may write it later on another thread (a queued SSE event, or
 * the entity of a plain response), or never (the client went away first): {@link #abandon()}
 * deletes the spool of a body that has not started, and never touches one being written.
 */
final class SpoolBody implements StreamingOutput {
  private static final int PENDING = 0;
  private static final int WRITING = 1;
  private static final int DONE = 2;

  private final SpooledResult result;
  private final Spool spool;
  private final AtomicInteger state = new AtomicInteger(PENDING);

  SpoolBody(SpooledResult result, Spool spool) {
    this.result = result;
    this.spool = spool;
  }

  @Override
  public void write(OutputStream out) throws IOException {
    if (!state.compareAndSet(PENDING, WRITING)) {
      throw new IOException("the spooled result was discarded before it was sent");
    }
    try {
      result.writeTo(out);
    } finally {
      state.set(DONE);
      spool.delete();
    }
  }

  /** Deletes the spool unless the body is being written or was written. Idempotent. */
  void abandon() {
    if (state.compareAndSet(PENDING, DONE)) {
      spool.delete();
    }
  }
}
