package dev.jaxrsmcp.bench;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The benchmark's own routes, added to the demo application: a subscribable ticker for the fan-out
 * measurement and a long-running route that writes as many bytes as asked for.
 */
@Path("/bench")
public final class BenchRoutes {
  /** The ticker's MCP URI. */
  public static final String TICKER = "app://bench/ticker";

  /** At most 2 GiB per long-running read. */
  static final long MAX_BYTES = 2L << 30;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final AtomicLong TICKS = new AtomicLong();
  private static final byte[] CHUNK = chunk();

  @GET
  @Path("/ticker")
  @Produces(MediaType.APPLICATION_JSON)
  @McpResource(uri = TICKER, subscribe = true, description = "A counter that PUT increments.")
  public String ticker() {
    return "{\"tick\":" + TICKS.get() + "}";
  }

  /**
   * Increments the ticker and tells subscribers; answers how many subscriptions were told and the
   * CPU time {@code changed()} took on this thread, in nanoseconds.
   */
  @PUT
  @Path("/ticker")
  @Produces(MediaType.TEXT_PLAIN)
  public String tick(@Context McpChanges changes) {
    TICKS.incrementAndGet();
    long cpu = THREADS.getCurrentThreadCpuTime();
    int told = changes.changed(TICKER);
    return told + " " + (THREADS.getCurrentThreadCpuTime() - cpu);
  }

  @GET
  @Path("/bytes/{count}")
  @Produces(MediaType.TEXT_PLAIN)
  @McpResource(
      uri = "app://bench/bytes/{count}",
      longRunning = true,
      maxBytes = MAX_BYTES,
      tool = false,
      description = "count bytes of ASCII text, written in 64 KiB chunks.")
  public StreamingOutput bytes(@PathParam("count") long count) {
    return out -> {
      long left = count;
      while (left > 0) {
        int n = (int) Math.min(left, CHUNK.length);
        out.write(CHUNK, 0, n);
        left -= n;
      }
    };
  }

  /**
   * A long-running read that takes its time: a first line naming when (monotonic nanoseconds, the
   * machine's clock on Linux) and on which thread the route started, then {@code count} bytes in 16
   * slices, {@code millis} milliseconds in all. The burst scenario reads it ({@link Burst}).
   */
  @GET
  @Path("/paced/{millis}/{count}")
  @Produces(MediaType.TEXT_PLAIN)
  @McpResource(
      uri = "app://bench/paced/{millis}/{count}",
      longRunning = true,
      maxBytes = MAX_BYTES,
      tool = false,
      description = "count bytes of ASCII text over millis milliseconds.")
  public StreamingOutput paced(@PathParam("millis") long millis, @PathParam("count") long count) {
    String head =
        Burst.STARTED + System.nanoTime() + " thread=" + Thread.currentThread().getName() + "\n";
    return out -> {
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      long left = count;
      for (int slice = 16; slice > 0; slice--) {
        try {
          Thread.sleep(millis / 16);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new java.io.InterruptedIOException("the paced read was interrupted");
        }
        long n = left / slice;
        for (long written = 0; written < n; ) {
          int part = (int) Math.min(n - written, CHUNK.length);
          out.write(CHUNK, 0, part);
          written += part;
        }
        left -= n;
      }
    };
  }

  private static byte[] chunk() {
    byte[] line =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
            .getBytes(StandardCharsets.US_ASCII);
    byte[] chunk = new byte[64 * 1024];
    for (int i = 0; i < chunk.length; i += line.length) {
      System.arraycopy(line, 0, chunk, i, Math.min(line.length, chunk.length - i));
    }
    return Arrays.copyOf(chunk, chunk.length);
  }
}
