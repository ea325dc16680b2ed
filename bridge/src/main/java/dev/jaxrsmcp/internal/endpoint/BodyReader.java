package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Reads an MCP request body under two limits (contract section 11): its size ({@code maxBodyBytes},
 * HTTP 413) and the time it takes to arrive ({@code bodyReadTimeout}, HTTP 408). The time is
 * checked each time the container's stream returns bytes, so a body that trickles in is refused at
 * the deadline and its thread freed; a read that blocks because nothing arrives at all cannot be
 * interrupted portably (closing the stream does not wake Grizzly's blocking read), so such a body
 * is given up by the container's own read timeout. A refused body's connection is closed ({@code
 * Connection: close}): the rest of the body is never read.
 */
final class BodyReader {
  /** The largest declared body read into an array allocated before the bytes arrive. */
  private static final int EXACT_READ_MAX = 64 * 1024;

  /** The first buffer of a body of unknown length; it doubles as bytes arrive. */
  private static final int FIRST_BUFFER = 8 * 1024;

  private final int limit;
  private final Duration timeout;
  private final LongSupplier nanoTime;

  BodyReader(int limit, Duration timeout, LongSupplier nanoTime) {
    this.limit = limit;
    this.timeout = timeout;
    this.nanoTime = nanoTime;
  }

  /**
   * The whole body. A small body with a {@code Content-Length} (the usual JSON-RPC request) is read
   * into one array of that size; any other grows as it arrives, up to one byte past the limit.
   *
   * @param declared the {@code Content-Length}, or -1 when there is none
   * @throws JsonRpcException 413 past the limit, 408 past the deadline, 400 when reading failed
   */
  byte[] read(InputStream in, long declared) throws IOException {
    if (declared > limit) {
      throw tooLarge(limit);
    }
    long deadline = nanoTime.getAsLong() + timeout.toNanos();
    boolean exact = declared >= 0 && declared <= EXACT_READ_MAX;
    int wanted = exact ? (int) declared : limit + 1;
    byte[] body = new byte[exact ? (int) declared : Math.min(FIRST_BUFFER, wanted)];
    int length = 0;
    while (length < wanted) {
      if (length == body.length) {
        body = Arrays.copyOf(body, (int) Math.min((long) body.length * 2, wanted));
      }
      int read = in.read(body, length, body.length - length);
      if (read < 0) {
        break;
      }
      length += read;
      if (length < wanted && nanoTime.getAsLong() - deadline > 0) {
        throw tooSlow(length);
      }
    }
    if (!exact && length > limit) {
      throw tooLarge(limit);
    }
    return length == body.length ? body : Arrays.copyOf(body, length);
  }

  private JsonRpcException tooSlow(int arrived) {
    long millis = timeout.toMillis();
    return new JsonRpcException(
        ErrorCodes.INVALID_REQUEST,
        "Invalid Request: the body did not arrive within "
            + millis
            + " ms (bodyReadTimeout); "
            + arrived
            + " bytes arrived",
        java.util.Optional.of(
            Json.object().put("limit", "bodyReadTimeout").put("timeoutMs", millis)),
        408,
        Map.of("Connection", List.of("close")));
  }

  static JsonRpcException tooLarge(int limit) {
    return new JsonRpcException(
            ErrorCodes.INVALID_REQUEST,
            "Invalid Request: the body is larger than " + limit + " bytes")
        .withHttpStatus(413);
  }
}
