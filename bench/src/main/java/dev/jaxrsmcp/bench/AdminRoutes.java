package dev.jaxrsmcp.bench;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the load generator asks the server about itself (not an MCP resource): heap in use (after a
 * full collection when asked), the highest heap use sampled every 10 ms since the last reset, and
 * the process's resident memory and threads from {@code /proc/self/status}.
 */
@Path("/bench/admin")
public final class AdminRoutes {
  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();
  private static final AtomicLong PEAK_HEAP = new AtomicLong();

  static {
    Thread sampler =
        new Thread(
            () -> {
              while (true) {
                PEAK_HEAP.accumulateAndGet(MEMORY.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                  Thread.sleep(10);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "bench-heap-sampler");
    sampler.setDaemon(true);
    sampler.start();
  }

  /**
   * One line of {@code key=value} pairs: heapUsed, heapCommitted, peakHeapUsed, rss, peakRss,
   * threads, cpu (the process's CPU time), deliveryCpu (the CPU time of the bridge's delivery
   * threads, in nanoseconds), gcMillis (time spent collecting garbage), allocated (bytes allocated
   * by all threads since the JVM started) and, with {@code gc}, liveHeap: what the heap pools held
   * right after the last full collection ({@code MemoryPoolMXBean.getCollectionUsage}), the least
   * of three. Unlike heapUsed it leaves out what other threads allocated since (a flood's writers
   * keep allocating while this runs); without {@code gc} it is -1.
   */
  @GET
  @Path("/memory")
  @Produces(MediaType.TEXT_PLAIN)
  public String memory(@QueryParam("gc") boolean gc) {
    long live = gc ? Long.MAX_VALUE : -1;
    if (gc) {
      for (int i = 0; i < 3; i++) {
        System.gc();
        live = Math.min(live, collectedHeap());
      }
    }
    var heap = MEMORY.getHeapMemoryUsage();
    ProcStatus proc = ProcStatus.of(ProcessHandle.current().pid());
    return "heapUsed="
        + heap.getUsed()
        + " heapCommitted="
        + heap.getCommitted()
        + " peakHeapUsed="
        + Math.max(PEAK_HEAP.get(), heap.getUsed())
        + " rss="
        + proc.rssBytes()
        + " peakRss="
        + proc.peakRssBytes()
        + " threads="
        + proc.threads()
        + " cpu="
        + processCpuNanos()
        + " deliveryCpu="
        + deliveryCpuNanos()
        + " gcMillis="
        + gcMillis()
        + " allocated="
        + allocatedBytes()
        + " liveHeap="
        + live;
  }

  /** What the heap pools held right after their last collection. */
  private static long collectedHeap() {
    long live = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null) {
        live += pool.getCollectionUsage().getUsed();
      }
    }
    return live;
  }

  /** CPU time of the bridge's notification delivery threads (none before the fix). */
  private static long deliveryCpuNanos() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (info != null && info.getThreadName().startsWith("jaxrs-mcp-deliver")) {
        sum += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
      }
    }
    return sum;
  }

  /** Bytes allocated so far by all threads, those that ended included (HotSpot's counters). */
  private static long allocatedBytes() {
    if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads) {
      return threads.getTotalThreadAllocatedBytes();
    }
    return -1;
  }

  private static long gcMillis() {
    long sum = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      sum += Math.max(0, gc.getCollectionTime());
    }
    return sum;
  }

  private static long processCpuNanos() {
    return ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime()
        : -1;
  }

  /** Restarts the peak heap measurement from the heap in use now. */
  @POST
  @Path("/memory/reset-peak")
  @Produces(MediaType.TEXT_PLAIN)
  public String resetPeak() {
    PEAK_HEAP.set(MEMORY.getHeapMemoryUsage().getUsed());
    return "ok";
  }
}
