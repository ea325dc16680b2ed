package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an idle stream costs, layer by layer (issue 36): the same number of idle streams, opened
 * with the same client ({@link ListenFanOut#idle}) on the same Grizzly settings, each floor in a
 * server JVM of its own: the container alone ({@link GrizzlyFloor}), with Jersey ({@link
 * JerseyFloor}), and with the bridge (a modern listen on {@link BridgeServer}). The heap per stream
 * is the growth of the heap in use after full collections, divided by the streams; class histograms
 * before and after (also after full collections) are kept beside the server logs, with their
 * difference per stream.
 */
final class IdleFloors {
  /** How many classes of a floor's per-stream histogram the report lists. */
  static final int TOP_CLASSES = 12;

  /** One floor: its name, what runs, its heap before and with the streams open. */
  record Floor(
      String name,
      String what,
      int streams,
      ServerMemory before,
      ServerMemory after,
      List<Map.Entry<String, Double>> perStreamClasses) {
    double heapPerStreamBytes() {
      return (double) (after.heapUsed() - before.heapUsed()) / streams;
    }
  }

  private IdleFloors() {}

  static List<Floor> run(BenchSettings settings, int streams) {
    List<Floor> floors = new ArrayList<>();
    floors.add(
        floor(
            settings,
            "container",
            "the container alone: a bare Grizzly `HttpHandler`",
            FloorServer.class.getName(),
            List.of("0", FloorServer.GRIZZLY),
            GrizzlyFloor.PATH,
            streams));
    floors.add(
        floor(
            settings,
            "jersey",
            "with Jersey: a bare resource returning a `ChunkedOutput`",
            FloorServer.class.getName(),
            List.of("0", FloorServer.JERSEY),
            JerseyFloor.PATH,
            streams));
    floors.add(
        floor(
            settings,
            "bridge",
            "with the bridge: a modern `subscriptions/listen`",
            BridgeServer.class.getName(),
            List.of("0"),
            "/mcp",
            streams));
    return floors;
  }

  private static Floor floor(
      BenchSettings settings,
      String name,
      String what,
      String mainClass,
      List<String> args,
      String path,
      int streams) {
    String jvm = "idle-floor-" + name + "-" + streams;
    try (ChildJvm server =
        ChildJvm.start(jvm, settings.jvmFor(jvm), mainClass, args, settings.logs())) {
      int port = server.awaitPort();
      Map<String, Path> histograms = new HashMap<>();
      ServerMemory[] memory =
          ListenFanOut.idle(
              port,
              streams,
              path,
              Duration.ofMinutes(5),
              when -> histograms.put(when, histogram(server.pid(), settings.logs(), jvm, when)));
      List<Map.Entry<String, Double>> classes =
          perStream(histograms.get("before"), histograms.get("after"), streams);
      writeDifference(settings.logs().resolve(jvm + "-per-stream.txt"), classes);
      Floor floor =
          new Floor(
              name,
              what,
              streams,
              memory[0],
              memory[1],
              classes.subList(0, Math.min(TOP_CLASSES, classes.size())));
      Bench.log(
          String.format(
              Locale.ROOT,
              "idle floor %s: %d streams, %.0f heap bytes per stream",
              name,
              streams,
              floor.heapPerStreamBytes()));
      return floor;
    }
  }

  /**
   * {@code jcmd PID GC.class_histogram} (which collects first) into the logs; null if it failed.
   */
  private static Path histogram(long pid, Path logs, String jvm, String when) {
    Path file = logs.resolve(jvm + "-" + when + ".histo").toAbsolutePath();
    try {
      Process jcmd = ThreadDump.jcmd(pid, "GC.class_histogram", file);
      return jcmd.waitFor() == 0 ? file : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** Bytes per stream by class, largest first: the after histogram less the before one. */
  static List<Map.Entry<String, Double>> perStream(Path before, Path after, int streams) {
    if (before == null || after == null) {
      return List.of();
    }
    Map<String, Long> grown = new HashMap<>(bytesByClass(after));
    bytesByClass(before).forEach((name, bytes) -> grown.merge(name, -bytes, Long::sum));
    List<Map.Entry<String, Double>> out = new ArrayList<>();
    grown.forEach((name, bytes) -> out.add(Map.entry(name, (double) bytes / streams)));
    out.sort((a, b) -> Double.compare(b.getValue(), a.getValue()));
    return out;
  }

  /** A histogram's lines {@code num: instances bytes class}, bytes by class. */
  private static Map<String, Long> bytesByClass(Path histogram) {
    Map<String, Long> bytes = new HashMap<>();
    try {
      for (String line : Files.readAllLines(histogram, StandardCharsets.UTF_8)) {
        String[] f = line.trim().split("\\s+");
        if (f.length >= 4 && f[0].endsWith(":")) {
          bytes.merge(f[3], Long.parseLong(f[2]), Long::sum);
        }
      }
    } catch (IOException | NumberFormatException e) {
      return Map.of();
    }
    return bytes;
  }

  private static void writeDifference(Path file, List<Map.Entry<String, Double>> classes) {
    StringBuilder text = new StringBuilder("bytes per stream  class\n");
    for (Map.Entry<String, Double> c : classes) {
      if (Math.abs(c.getValue()) >= 1) {
        text.append(String.format(Locale.ROOT, "%10.1f  %s%n", c.getValue(), c.getKey()));
      }
    }
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      Bench.log("cannot write " + file + ": " + e);
    }
  }

  /** The report's section: the floors side by side, and the largest classes of the first. */
  static String markdown(List<Floor> floors) {
    StringBuilder md = new StringBuilder("### What an idle stream costs\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "%,d idle streams on one server, each floor in a JVM of its own with the fan-out's"
                + " Grizzly settings (a `PooledMemoryManager`, keep-alive without a request limit),"
                + " opened by the same client with the same `POST` of a listen, each answered with"
                + " an event stream whose first event is written and which then stays open: the"
                + " heap in use after full collections with all open, less before the first, per"
                + " stream.\n\n",
            floors.get(0).streams()));
    md.append("| floor | heap per idle stream | more than the floor above |\n|---|---:|---:|\n");
    Floor previous = null;
    for (Floor f : floors) {
      md.append("| ")
          .append(f.what())
          .append(" | ")
          .append(Report.kib(f.heapPerStreamBytes()))
          .append(" | ")
          .append(
              previous == null
                  ? "–"
                  : Report.kib(f.heapPerStreamBytes() - previous.heapPerStreamBytes()))
          .append(" |\n");
      previous = f;
    }
    Floor container = floors.get(0);
    if (!container.perStreamClasses().isEmpty()) {
      md.append("\nThe container alone, by class (class histograms after full collections, with")
          .append(" the streams open less before them, per stream; the largest ")
          .append(container.perStreamClasses().size())
          .append("):\n\n| class | bytes per stream |\n|---|---:|\n");
      for (Map.Entry<String, Double> c : container.perStreamClasses()) {
        md.append("| `")
            .append(c.getKey())
            .append("` | ")
            .append(String.format(Locale.ROOT, "%,.0f", c.getValue()))
            .append(" |\n");
      }
    }
    md.append("\n");
    return md.toString();
  }
}
