package dev.jaxrsmcp.bench;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The benchmark command ({@code scripts/bench.sh}): measures, on this machine and in one run, reads
 * side by side (direct GET, the bridge in both eras, the SDK proxy peer), subscription fan-out, a
 * long-running read, a burst of long reads and the catalogue's startup cost, then writes
 * docs/performance.md and its chart. Every server runs in its own JVM; this JVM is the load
 * generator.
 */
public final class Bench {
  private static final long START = System.nanoTime();

  private Bench() {}

  public static void main(String[] args) throws Exception {
    BenchSettings settings;
    try {
      settings = BenchSettings.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    Machine machine = Machine.current();
    Provenance provenance = Provenance.current();
    log(
        "benchmark of "
            + provenance.commit()
            + (provenance.clean() ? "" : " (with uncommitted changes)")
            + " on "
            + machine.cores()
            + " cores; "
            + (settings.quick() ? "quick settings" : "full settings"));

    Optional<StartupResult> startup = Optional.empty();
    if (settings.parts().contains("startup")) {
      log(
          "startup: catalogue of "
              + settings.startupClasses() * settings.startupMethods()
              + " annotated methods");
      startup = Optional.of(startup(settings));
    }
    Optional<ReadComparison.Results> reads = Optional.empty();
    if (settings.parts().contains("reads")) {
      log("reads: direct GET, bridge (modern, legacy), SDK proxy peer");
      reads = Optional.of(ReadComparison.run(settings));
    }
    Optional<DemoReads.Result> demo = Optional.empty();
    if (settings.parts().contains("demo")) {
      log("reads on the demo service as shipped: direct GET, bridge (modern)");
      demo = Optional.of(DemoReads.run(settings));
    }
    Optional<ObservedReads.Result> observed = Optional.empty();
    if (settings.parts().contains("observe")) {
      log("observation's cost: modern reads with observation off, on a no-op registry, timed");
      observed = Optional.of(ObservedReads.run(settings));
    }
    List<ListenFanOut.Result> fanOuts = new ArrayList<>();
    List<String> fanOutsSkipped = new ArrayList<>();
    List<IdleFloors.Floor> floors = List.of();
    if (settings.parts().contains("fanout")) {
      long fds = maxFileDescriptors();
      for (int streams : settings.fanOuts()) {
        if (fds > 0 && fds < streams + 500L) {
          String why =
              streams
                  + " streams: skipped, the open-file limit is "
                  + fds
                  + " (raise it with ulimit -n)";
          log(why);
          fanOutsSkipped.add(why);
          continue;
        }
        log("fan-out: " + streams + " listen streams");
        fanOuts.add(fanOut(settings, streams));
      }
      int floor = settings.floorStreams();
      if (floor > 0 && fds > 0 && fds < floor + 500L) {
        log("idle floors: skipped, the open-file limit is " + fds);
      } else if (floor > 0) {
        log("idle floors: " + floor + " streams on Grizzly alone, with Jersey, with the bridge");
        floors = IdleFloors.run(settings, floor);
      }
    }
    Optional<LongRead.Result> longRead = Optional.empty();
    if (settings.parts().contains("longread")) {
      log("long-running read of " + settings.longReadBytes() + " bytes");
      longRead = Optional.of(longRead(settings));
    }
    Optional<Burst.Result> burst = Optional.empty();
    if (settings.parts().contains("burst")) {
      burst = Optional.of(burst(settings));
    }
    if (settings.parts().contains("slow")) {
      slowConsumers(settings, machine, provenance);
    }
    Report report =
        new Report(
            settings,
            machine,
            provenance,
            reads,
            demo,
            observed,
            fanOuts,
            fanOutsSkipped,
            floors,
            longRead,
            burst,
            startup,
            Duration.ofNanos(System.nanoTime() - START));
    report.write();
    log("wrote " + settings.out().resolve(Report.MARKDOWN));
  }

  private static StartupResult startup(BenchSettings settings) {
    StartupResult result =
        StartupResult.parse(
            startupProbe(settings, "plain-first"), startupProbe(settings, "mcp-first"));
    log(
        String.format(
            java.util.Locale.ROOT,
            "startup: %d templates; application build %.0f ms without, %.0f ms with the bridge"
                + " (warm medians)",
            result.templates(),
            result.warmPlainMs(),
            result.warmMcpMs()));
    return result;
  }

  private static List<String> startupProbe(BenchSettings settings, String order) {
    try (ChildJvm probe =
        ChildJvm.start(
            "startup-probe-" + order,
            settings.jvmFor("startup-probe-" + order),
            StartupProbe.class.getName(),
            List.of(
                Integer.toString(settings.startupClasses()),
                Integer.toString(settings.startupMethods()),
                order),
            settings.logs())) {
      return probe.awaitOutput(600);
    }
  }

  private static ListenFanOut.Result fanOut(BenchSettings settings, int streams) {
    try (ChildJvm server =
        ChildJvm.start(
            "fanout-" + streams,
            settings.jvmFor("fanout-" + streams),
            BridgeServer.class.getName(),
            List.of("0"),
            settings.logs())) {
      int port = server.awaitPort();
      ListenFanOut.Result result = ListenFanOut.run(port, streams, Duration.ofMinutes(5));
      log(
          String.format(
              java.util.Locale.ROOT,
              "fan-out %d: opened in %.1f s; delivered p50 %.1f ms, p99 %.1f ms, max %.1f ms;"
                  + " a later change p50 %.1f ms, p99 %.1f ms;"
                  + " changed() took %.1f ms (%.1f ms CPU); server CPU %.1f µs per notification (%.1f µs writing, GC %d ms); %.0f heap bytes per stream; threads %d -> %d, %d once delivered",
              streams,
              result.openSeconds(),
              result.deliveryMs(50),
              result.deliveryMs(99),
              result.deliveryMaxMs(),
              result.laterDeliveryMs(50),
              result.laterDeliveryMs(99),
              result.changeCallMs(),
              result.changeCallCpuMs(),
              result.cpuPerNotificationMicros(),
              result.deliveryCpuPerNotificationMicros(),
              result.gcMillis(),
              result.heapPerStreamBytes(),
              result.before().threads(),
              result.after().threads(),
              result.delivered().threads()));
      return result;
    }
  }

  private static LongRead.Result longRead(BenchSettings settings) {
    try (ChildJvm server =
        ChildJvm.start(
            "longread",
            settings.jvmFor("longread"),
            BridgeServer.class.getName(),
            List.of("0"),
            settings.logs())) {
      int port = server.awaitPort();
      LongRead.Result result = LongRead.run(port, server.pid(), settings.longReadBytes());
      log(
          String.format(
              java.util.Locale.ROOT,
              "long read: %.1f s (%.0f MiB/s), server CPU %.1f s; peak heap %d MiB, peak RSS %d MiB",
              result.seconds(),
              result.megabytesPerSecond(),
              result.serverCpuSeconds(),
              result.after().peakHeapUsed() >> 20,
              result.after().peakRss() >> 20));
      return result;
    }
  }

  /**
   * 200 long-running reads at once (20 with quick settings) against the demo's limit of 32, on a
   * server with the demo's 64 worker threads.
   */
  private static Burst.Result burst(BenchSettings settings) throws Exception {
    int reads = settings.quick() ? 20 : 200;
    int limit = 32; // the demo's maxConcurrentLongReads (ContainerSettings.LONG_READS)
    long bytes = 1L << 20;
    long millis = 1_000;
    log("burst: " + reads + " long-running reads at once, " + limit + " may run");
    try (ChildJvm server =
        ChildJvm.start(
            "burst",
            settings.jvmFor("burst"),
            BridgeServer.class.getName(),
            List.of("0", "64"),
            settings.logs())) {
      int port = server.awaitPort();
      Burst.Result result = Burst.run(port, reads, limit, bytes, millis);
      log(result.line());
      return result;
    }
  }

  /**
   * Stalled clients in both eras while two writers flood their subscriptions, beside healthy
   * listens, on the demo's Grizzly settings and on Tomcat, each in a JVM of its own; the results go
   * to the log and to slow-consumers.md beside the report.
   */
  private static void slowConsumers(BenchSettings settings, Machine machine, Provenance provenance)
      throws Exception {
    SlowConsumers.Settings slow = SlowConsumers.Settings.of(settings.quick());
    log(
        "slow consumers: "
            + slow.stalledCounts()
            + " stalled clients in each era, "
            + slow.flood().toSeconds()
            + " s floods, "
            + slow.healthy()
            + " healthy listens; Grizzly and Tomcat");
    List<String> containers =
        List.of(
            "Grizzly: the demo's settings (64 workers, 1,000 queued; read, write and keep-alive"
                + " timeouts 10, 15 and 30 s; pooled buffers)",
            org.apache.catalina.util.ServerInfo.getServerInfo().replace("Apache Tomcat/", "Tomcat ")
                + ": Jersey's `ServletContainer`, async supported, the counterparts of those"
                + " settings (`maxThreads` "
                + TomcatBridgeServer.THREADS
                + ", `connectionTimeout` "
                + TomcatBridgeServer.CONNECTION_TIMEOUT_MS / 1000
                + " s, `keepAliveTimeout` "
                + TomcatBridgeServer.KEEP_ALIVE_TIMEOUT_MS / 1000
                + " s, `processorCache` 0: docs/deployment.md)");
    // -Dbench.slowContainers=tomcat (or grizzly) measures one container only, to look into it.
    String only = System.getProperty("bench.slowContainers", "grizzly,tomcat");
    List<SlowConsumers.Phase> phases = new ArrayList<>();
    if (only.contains("grizzly")) {
      phases.addAll(
          slowConsumersOn(
              settings,
              slow,
              "Grizzly",
              BridgeServer.class.getName(),
              List.of("0", "64", BridgeServer.DEMO_TIMEOUTS)));
    }
    if (only.contains("tomcat")) {
      phases.addAll(
          slowConsumersOn(
              settings, slow, "Tomcat", TomcatBridgeServer.class.getName(), List.of("0")));
    }
    String measured =
        String.format(
            java.util.Locale.ROOT,
            "Measured on %s at commit %s%s, %d cores, load average %.2f before the run.",
            provenance.date(),
            provenance.commit().substring(0, Math.min(7, provenance.commit().length())),
            provenance.clean() ? "" : " (with uncommitted changes)",
            machine.cores(),
            machine.loadAverage());
    SlowConsumerReport.write(settings.out(), slow, measured, containers, phases);
    log("wrote " + settings.out().resolve(SlowConsumerReport.FILE));
  }

  private static List<SlowConsumers.Phase> slowConsumersOn(
      BenchSettings settings,
      SlowConsumers.Settings slow,
      String container,
      String mainClass,
      List<String> args)
      throws Exception {
    String name = "slow-consumers-" + container.toLowerCase(java.util.Locale.ROOT);
    try (ChildJvm server =
        ChildJvm.start(name, settings.jvmFor(name), mainClass, args, settings.logs())) {
      int port = server.awaitPort();
      return SlowConsumers.run(container, port, server.pid(), slow);
    }
  }

  private static long maxFileDescriptors() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix) {
      return unix.getMaxFileDescriptorCount();
    }
    return -1;
  }

  static void log(String message) {
    System.out.println(
        LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss")) + "  " + message);
  }
}
