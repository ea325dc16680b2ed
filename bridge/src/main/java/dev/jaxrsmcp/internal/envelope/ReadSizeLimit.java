package dev.jaxrsmcp.internal.envelope;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Counts the bytes a plain read's route writes and stops it past {@code maxReadBytes}: the write
 * that would pass the limit fails with {@link TooLarge}, which the envelope answers with {@link
 * #error} while nothing was sent yet (or breaks the response off once bytes were sent, never
 * completing it). Not thread-safe.
 */
final class ReadSizeLimit extends FilterOutputStream {
  /** The route's body passed the limit. */
  static final class TooLarge extends IOException {
    TooLarge(long max) {
      super("the route's body is larger than maxReadBytes (" + max + " bytes)");
    }
  }

  private final long max;
  private long written;

  ReadSizeLimit(OutputStream out, long max) {
    super(out);
    this.max = max;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    if (written + length > max) {
      throw new TooLarge(max);
    }
    written += length;
    out.write(bytes, offset, length);
  }

  /** The answer to a read whose body is larger than the limit. */
  static JsonRpcException error(String uri, long max) {
    return new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR,
        "Resource too large: the response of "
            + uri
            + " is larger than "
            + max
            + " bytes, the most maxReadBytes allows; mark the resource longRunning to read it"
            + " through a spool, or raise maxReadBytes",
        Json.object().put("uri", uri).put("limit", "maxReadBytes").put("max", max));
  }
}
