package dev.jaxrsmcp.internal.envelope;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Holds the first bytes of a response back, so that a route failing early in its body still gets a
 * clean error instead of half a result: until {@code capacity} bytes have been written nothing
 * reaches the target, and {@link #discard()} forgets them. Past that, bytes stream through, and a
 * failure can only break the response. {@link #finish} tells the length of a response that fit,
 * before its bytes are written. Not thread-safe.
 */
final class FailSafeOutput extends OutputStream {
  /** The first buffer's size: a small read's whole message fits; a larger one doubles it. */
  private static final int FIRST_BUFFER = 512;

  /** Called once, before the first byte reaches the target, with the length when it is known. */
  @FunctionalInterface
  interface Start {
    void starting(long contentLength);
  }

  private final OutputStream target;
  private final Start start;
  private final int capacity;
  private byte[] held;
  private int count;
  private boolean streaming;

  FailSafeOutput(OutputStream target, int capacity, Start start) {
    this.target = target;
    this.held = new byte[Math.min(capacity, FIRST_BUFFER)];
    this.start = start;
    this.capacity = capacity;
  }

  /** True once some bytes have reached the target: a failure can no longer be taken back. */
  boolean started() {
    return streaming;
  }

  /** Forgets what was held back (nothing had reached the target). */
  void discard() {
    if (streaming) {
      throw new IllegalStateException("bytes were already sent");
    }
    count = 0;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    if (streaming) {
      target.write(bytes, offset, length);
      return;
    }
    if (count + length <= capacity) {
      if (count + length > held.length) {
        held = Arrays.copyOf(held, Math.min(capacity, Math.max(held.length * 2, count + length)));
      }
      System.arraycopy(bytes, offset, held, count, length);
      count += length;
      return;
    }
    start.starting(-1);
    streaming = true;
    target.write(held, 0, count);
    count = 0;
    target.write(bytes, offset, length);
  }

  /**
   * Writes what is held back (with its length, when nothing was sent yet). The target is not
   * flushed: the container sends the bytes when it closes the response, as for any entity.
   */
  void finish() throws IOException {
    if (!streaming) {
      start.starting(count);
      streaming = true;
      target.write(held, 0, count);
      count = 0;
    }
  }

  @Override
  public void flush() {
    // Held back on purpose: flushing would give up the chance to answer a failure cleanly.
  }
}
