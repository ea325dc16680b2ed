package dev.jaxrsmcp.internal.spool;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * A long-running read's response on disk: bytes past {@code maxBytes} are dropped and the spool is
 * marked truncated; once the read is cancelled the next write fails with an {@link IOException}, so
 * a route writing to a {@code StreamingOutput} stops. The file is opened once, when it is created,
 * and every read goes through that same channel: what is read back is what was written, whatever
 * happens to the path meanwhile. {@link #delete()} closes the channel and removes the file, and is
 * safe to call more than once.
 */
public final class Spool implements AutoCloseable {
  private static final int BUFFER = 64 * 1024;

  private final Path file;
  private final FileChannel channel;
  private final long maxBytes;
  private final BooleanSupplier cancelled;
  private final SpoolDirectory directory;
  // written by the route's thread only; read by others after the read completed
  private volatile long size;
  private volatile boolean truncated;
  private volatile boolean writesEnded;
  private final java.util.concurrent.atomic.AtomicBoolean deleted =
      new java.util.concurrent.atomic.AtomicBoolean();

  Spool(
      Path file,
      FileChannel channel,
      long maxBytes,
      BooleanSupplier cancelled,
      SpoolDirectory directory) {
    this.file = file;
    this.channel = channel;
    this.maxBytes = maxBytes;
    this.cancelled = cancelled;
    this.directory = directory;
  }

  /** Where the route's response bytes go. */
  public OutputStream output() {
    return new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] bytes, int offset, int length) throws IOException {
        if (cancelled.getAsBoolean()) {
          throw new IOException("the MCP read was cancelled");
        }
        if (writesEnded) {
          throw new IOException("the spool is closed for writing");
        }
        long room = maxBytes - size;
        int kept = (int) Math.min(room, length);
        if (kept > 0) {
          append(bytes, offset, kept);
        }
        if (kept < length) {
          truncated = true;
        }
      }

      @Override
      public void close() {
        writesEnded = true;
      }
    };
  }

  /**
   * Writes {@code kept} bytes at the end, taken from the budget; under the spool's lock, so that a
   * concurrent {@link #delete} gives back exactly what was taken.
   */
  private synchronized void append(byte[] bytes, int offset, int kept) throws IOException {
    if (deleted.get()) {
      throw new IOException("the spool is closed for writing");
    }
    if (!directory.budget().take(kept)) {
      throw new IOException(
          "the spool files of this server hold "
              + directory.budget().used()
              + " bytes and may hold at most "
              + directory.budget().max()
              + " (maxSpoolBytes); the long-running read is ended");
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, kept);
    long at = size;
    try {
      while (buffer.hasRemaining()) {
        at += channel.write(buffer, at);
      }
    } finally {
      directory.budget().give(kept - (at - size)); // what did not reach the file
      size = at;
    }
  }

  /** Bytes kept. */
  public long size() {
    return size;
  }

  /** True when bytes past {@code maxBytes} were dropped. */
  public boolean truncated() {
    return truncated;
  }

  /** Up to {@code max} bytes from the start (to quote a refusal's body in an error message). */
  public byte[] head(int max) {
    try (InputStream in = input()) {
      return in.readNBytes(max);
    } catch (IOException | UncheckedIOException e) {
      return new byte[0];
    }
  }

  /** Reads the kept bytes from the start; no more writes are accepted once this is called. */
  public InputStream input() {
    writesEnded = true;
    long end = size;
    return new BufferedInputStream(
        new InputStream() {
          private long position;

          @Override
          public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
          }

          @Override
          public int read(byte[] into, int offset, int length) throws IOException {
            if (position >= end) {
              return -1;
            }
            int wanted = (int) Math.min(length, end - position);
            int n = channel.read(ByteBuffer.wrap(into, offset, wanted), position);
            if (n < 0) {
              return -1;
            }
            position += n;
            return n;
          }
        },
        BUFFER);
  }

  public Path file() {
    return file;
  }

  /** Closes the channel and deletes the file (idempotent); its bytes go back to the budget. */
  public void delete() {
    writesEnded = true;
    synchronized (this) {
      if (deleted.compareAndSet(false, true)) {
        directory.budget().give(size);
      }
    }
    try {
      channel.close();
    } catch (IOException e) {
      // Deleting anyway.
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      System.getLogger(Spool.class.getName())
          .log(System.Logger.Level.WARNING, "could not delete spool file " + file, e);
    }
    directory.forget(this);
  }

  @Override
  public void close() {
    delete();
  }
}
