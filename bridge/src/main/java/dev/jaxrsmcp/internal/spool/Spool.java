package dev.jaxrsmcp.internal.spool;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * A long-running read's response on disk: bytes past {@code maxBytes} are dropped and the spool is
 * marked truncated; once the read is cancelled the next write fails with an {@link IOException}, so
 * a route writing to a {@code StreamingOutput} stops. {@link #delete()} removes the file and is
 * safe to call more than once.
 */
public final class Spool implements AutoCloseable {
  private final Path file;
  private final long maxBytes;
  private final BooleanSupplier cancelled;
  private final SpoolDirectory directory;
  private final OutputStream sink;
  // written by the route's thread only; read by others after the read completed
  private volatile long size;
  private volatile boolean truncated;

  Spool(Path file, long maxBytes, BooleanSupplier cancelled, SpoolDirectory directory)
      throws IOException {
    this.file = file;
    this.maxBytes = maxBytes;
    this.cancelled = cancelled;
    this.directory = directory;
    this.sink = Files.newOutputStream(file);
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
        long room = maxBytes - size;
        int kept = (int) Math.min(room, length);
        if (kept > 0) {
          sink.write(bytes, offset, kept);
          size += kept;
        }
        if (kept < length) {
          truncated = true;
        }
      }

      @Override
      public void flush() throws IOException {
        sink.flush();
      }

      @Override
      public void close() throws IOException {
        sink.close();
      }
    };
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

  /** Reads the kept bytes from the start. */
  public InputStream input() {
    try {
      sink.close();
      return new BufferedInputStream(Files.newInputStream(file), 64 * 1024);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Path file() {
    return file;
  }

  /** Deletes the file (idempotent). */
  public void delete() {
    try {
      sink.close();
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
