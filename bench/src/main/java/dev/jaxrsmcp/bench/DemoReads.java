package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Reads on the demo service as shipped (part {@code demo}): the direct {@code GET} and the modern
 * {@code resources/read} of the reads part, against {@link DemoShippedServer} instead of the
 * benchmark's server, so that the demo's own settings count (its container settings, its filters,
 * and the access record it writes for every MCP operation, which the benchmark's server turns off).
 * Interleaved slices and ratios within a round, as the reads part measures.
 */
final class DemoReads {
  private static final ReadComparison.Pair MODERN_DIRECT =
      new ReadComparison.Pair("modern", "direct", "modern / direct GET");

  /** What the part measured. */
  record Result(ReadComparison.Results results, List<Integer> concurrencies) {}

  private DemoReads() {}

  static Result run(BenchSettings settings) {
    int adminPort = freePort();
    try (ChildJvm server =
        ChildJvm.start(
            "demo-shipped",
            settings.jvmFor("demo-shipped"),
            DemoShippedServer.class.getName(),
            List.of(Integer.toString(adminPort)),
            settings.logs(),
            true)) {
      int port = server.awaitPort();
      List<ReadScenario> scenarios =
          List.of(
              ReadScenario.direct(port).reportedAt(adminPort),
              ReadScenario.modern(port).reportedAt(adminPort));
      ReadComparison.Measured measured = ReadComparison.measure(settings, scenarios, sc -> true);
      Result result =
          new Result(
              new ReadComparison.Results(
                  scenarios,
                  Optional.empty(),
                  measured.merged(),
                  measured.rounds(),
                  ServerMemory.of(adminPort, true),
                  server.status()),
              settings.concurrencies());
      for (int c : settings.concurrencies()) {
        Bench.log(
            String.format(
                Locale.ROOT,
                "demo as shipped c=%d: modern / direct throughput %s, p50 %s, allocation %s,"
                    + " CPU %s",
                c,
                ratio(result, c, LoadResult::throughput),
                ratio(result, c, LoadResult::p50),
                ratio(result, c, LoadResult::allocatedPerRead),
                ratio(result, c, LoadResult::serverCpuPerRead)));
      }
      return result;
    }
  }

  static String markdown(Result r) {
    StringBuilder md = new StringBuilder("## Reads on the demo service as shipped\n\n");
    md.append(
            "The direct `GET` and the modern `resources/read` of the reads above, against the demo"
                + " service as `java -jar widgets-demo.jar` starts it (without Redis): the demo's"
                + " Grizzly container settings, filters and bridge settings, and the access record on"
                + " (a line per MCP operation on the console, here written to a file), which the"
                + " benchmark's own server turns off. Memory and CPU are read from a separate listener"
                + " of the JDK's HTTP server in the same JVM, outside the demo's pipeline."
                + " Interleaved slices, ")
        .append(r.results().rounds().size())
        .append(" rounds; each ratio is the median over rounds (range in brackets).\n\n");
    md.append(
        "| concurrency | throughput | p50 | p99 | allocation per read | server CPU per read |\n");
    md.append("|---:|---:|---:|---:|---:|---:|\n");
    for (int c : r.concurrencies()) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %d | %s | %s | %s | %s | %s |%n",
              c,
              ratio(r, c, LoadResult::throughput),
              ratio(r, c, LoadResult::p50),
              ratio(r, c, LoadResult::p99),
              ratio(r, c, LoadResult::allocatedPerRead),
              ratio(r, c, LoadResult::serverCpuPerRead)));
    }
    md.append(
        "\n| concurrency | scenario | reads/s | p50 ms | p99 ms | allocated per read |"
            + " server CPU per read |\n");
    md.append("|---:|---|---:|---:|---:|---:|---:|\n");
    for (int c : r.concurrencies()) {
      for (String key : List.of("direct", "modern")) {
        LoadResult one = r.results().get(key, c);
        md.append(
            String.format(
                Locale.ROOT,
                "| %d | %s | %.0f | %.3f | %.3f | %.1f KiB | %.0f µs |%n",
                c,
                key,
                one.throughput(),
                one.p50(),
                one.p99(),
                one.allocatedPerRead() / 1024,
                one.serverCpuPerRead() / 1000));
      }
    }
    return md.append('\n').toString();
  }

  private static String ratio(Result r, int c, ToDoubleFunction<LoadResult> figure) {
    ReadComparison.Ratio ratio = r.results().ratio(MODERN_DIRECT, c, figure);
    return String.format(Locale.ROOT, "%.2f [%.2f–%.2f]", ratio.median(), ratio.min(), ratio.max());
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException("no free port for the demo's memory listener: " + e, e);
    }
  }
}
