package dev.jaxrsmcp.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How long and how big: the full settings behind docs/performance.md, or {@code --quick} ones for
 * trying the benchmark out in a minute or two (written under {@code bench/target/} unless {@code
 * --out} says otherwise).
 *
 * @param warmUp the warm-up of each load run (connections opened, then this long unrecorded)
 * @param measured the measured time of each load run
 * @param slices how many load runs of each bridge scenario a round has at each concurrency,
 *     interleaved with the other bridge scenarios' runs so that they see the same stretch of the
 *     machine's time (a scenario on a server of its own runs as long, in one piece)
 * @param settle the pause after a scenario on a server of its own, before the next runs
 * @param floorStreams how many idle streams each floor under a stream opens ({@link IdleFloors}),
 *     in the fan-out part: 2,000 with quick settings, 10,000 with full ones, the largest fan-out
 *     when {@code --fanout} names them, or {@code --floor N} (0: none)
 */
record BenchSettings(
    boolean quick,
    boolean profile,
    Duration globalWarmUp,
    Duration warmUp,
    Duration measured,
    int slices,
    Duration settle,
    int rounds,
    List<Integer> concurrencies,
    List<Integer> fanOuts,
    int floorStreams,
    long longReadBytes,
    int startupClasses,
    int startupMethods,
    Set<String> parts,
    Path out,
    Path logs,
    List<String> serverJvm) {

  static final Set<String> ALL_PARTS =
      Set.of("startup", "reads", "demo", "observe", "fanout", "longread", "burst", "slow");

  static BenchSettings parse(String[] args) {
    boolean quick = false;
    boolean profile = false;
    Path out = null;
    Set<String> parts =
        new LinkedHashSet<>(
            List.of("startup", "reads", "demo", "observe", "fanout", "longread", "burst", "slow"));
    List<Integer> fanOuts = null;
    Integer floorStreams = null;
    Long longReadBytes = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> quick = true;
        case "--profile" -> profile = true;
        case "--long-read-mib" ->
            longReadBytes = Long.parseLong(value(args, ++i, "--long-read-mib")) << 20;
        case "--fanout" ->
            fanOuts =
                java.util.Arrays.stream(value(args, ++i, "--fanout").split(","))
                    .map(Integer::valueOf)
                    .toList();
        case "--floor" -> floorStreams = Integer.valueOf(value(args, ++i, "--floor"));
        case "--out" -> out = Path.of(value(args, ++i, "--out"));
        case "--only" -> {
          parts = new LinkedHashSet<>(List.of(value(args, ++i, "--only").split(",")));
          if (!ALL_PARTS.containsAll(parts)) {
            throw new IllegalArgumentException(
                "--only takes a comma-separated subset of " + ALL_PARTS + " (found " + parts + ")");
          }
        }
        default ->
            throw new IllegalArgumentException(
                "unknown argument '"
                    + args[i]
                    + "' (usage: Bench [--quick] [--profile] [--fanout N,N] [--floor N] [--long-read-mib N] [--out DIR] [--only startup,reads,demo,observe,fanout,longread,burst,slow])");
      }
    }
    if (floorStreams == null) {
      floorStreams =
          fanOuts != null
              ? fanOuts.stream().mapToInt(Integer::intValue).max().orElse(0)
              : quick ? 2_000 : 10_000;
    }
    if (out == null) {
      out = quick ? Path.of("bench", "target", "quick") : Path.of("docs");
    }
    List<String> jvm =
        new ArrayList<>(List.of("-Xmx1g", "-XX:+UseG1GC", "-Djava.awt.headless=true"));
    String extra = System.getProperty("bench.serverJvm", "").trim();
    if (!extra.isEmpty()) {
      jvm.addAll(List.of(extra.split("\\s+"))); // e.g. a logging configuration, to look into a run
    }
    Path logs = Path.of("bench", "target", "bench-logs");
    if (quick) {
      return new BenchSettings(
          true,
          profile,
          Duration.ofSeconds(2),
          Duration.ofSeconds(1),
          Duration.ofSeconds(2),
          1,
          Duration.ofMillis(500),
          1,
          List.of(1, 32),
          fanOuts != null ? fanOuts : List.of(100, 1000),
          floorStreams,
          longReadBytes != null ? longReadBytes : 64L << 20,
          10,
          10,
          parts,
          out,
          logs,
          jvm);
    }
    return new BenchSettings(
        false,
        profile,
        Duration.ofSeconds(10),
        Duration.ofMillis(500),
        Duration.ofMillis(1500),
        6,
        Duration.ofSeconds(2),
        3,
        List.of(1, 16, 32),
        fanOuts != null ? fanOuts : List.of(1_000, 10_000),
        floorStreams,
        longReadBytes != null ? longReadBytes : 1L << 30,
        StartupProbe.CLASSES,
        StartupProbe.METHODS_PER_CLASS,
        parts,
        out,
        logs,
        jvm);
  }

  /** The options of the JVM of the server or probe {@code name}. */
  List<String> jvmFor(String name) {
    if (!profile) {
      return serverJvm;
    }
    List<String> options = new ArrayList<>(serverJvm);
    options.add(
        "-XX:StartFlightRecording=settings=profile,filename="
            + logs.resolve(name + ".jfr").toAbsolutePath());
    return options;
  }

  private static String value(String[] args, int i, String flag) {
    if (i >= args.length) {
      throw new IllegalArgumentException(flag + " needs a value");
    }
    return args[i];
  }
}
