package dev.jaxrsmcp.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Observation's cost (part {@code observe}): the same modern {@code resources/read} against the
 * three servers of {@link ObservedServer} (observation off, the Micrometer observer on a no-op
 * registry, and timing into a meter registry), side by side in interleaved slices, as the reads
 * part measures the bridge against a direct GET. Ratios are taken within a round and reported as
 * the median over rounds with their range.
 */
final class ObservedReads {
  /** The three servers' results, and the ratios of each observed one to {@code off}. */
  record Result(ReadComparison.Results results, List<Integer> concurrencies) {}

  private ObservedReads() {}

  static Result run(BenchSettings settings) {
    try (ChildJvm server =
        ChildJvm.start(
            "observed-reads",
            settings.jvmFor("observed-reads"),
            ObservedServer.class.getName(),
            List.of(),
            settings.logs())) {
      server.awaitPort();
      Map<String, Integer> ports = ports(server.output());
      List<ReadScenario> scenarios = new ArrayList<>();
      for (String name : ObservedServer.NAMES) {
        scenarios.add(
            ReadScenario.modern(ports.get(name), name, "modern read, observation " + name));
      }
      ReadComparison.Measured measured = ReadComparison.measure(settings, scenarios, sc -> true);
      ReadComparison.Results results =
          new ReadComparison.Results(
              scenarios,
              Optional.empty(),
              measured.merged(),
              measured.rounds(),
              ServerMemory.of(ports.get("off"), true),
              server.status());
      Result result = new Result(results, settings.concurrencies());
      for (int c : settings.concurrencies()) {
        Bench.log(line(result, c));
      }
      return result;
    }
  }

  private static Map<String, Integer> ports(List<String> output) {
    Map<String, Integer> ports = new LinkedHashMap<>();
    for (String line : output) {
      if (line.startsWith("PORTS ")) {
        for (String pair : line.substring("PORTS ".length()).trim().split(" ")) {
          String[] kv = pair.split("=");
          ports.put(kv[0], Integer.valueOf(kv[1]));
        }
      }
    }
    if (!ports.keySet().containsAll(ObservedServer.NAMES)) {
      throw new IllegalStateException("the observed server printed no PORTS line: " + output);
    }
    return ports;
  }

  private static String line(Result r, int c) {
    StringBuilder line = new StringBuilder("observe c=" + c + ":");
    for (String name : List.of("noop", "metrics")) {
      ReadComparison.Pair pair = new ReadComparison.Pair(name, "off", name + "/off");
      ReadComparison.Ratio throughput = r.results().ratio(pair, c, LoadResult::throughput);
      ReadComparison.Ratio p50 = r.results().ratio(pair, c, LoadResult::p50);
      ReadComparison.Ratio alloc = r.results().ratio(pair, c, LoadResult::allocatedPerRead);
      line.append(
          String.format(
              Locale.ROOT,
              "  %s throughput %.2f (%.2f-%.2f), p50 %.2f, allocation %.2f;",
              pair.label(),
              throughput.median(),
              throughput.min(),
              throughput.max(),
              p50.median(),
              alloc.median()));
    }
    return line.toString();
  }

  static String markdown(Result r) {
    StringBuilder md = new StringBuilder("## Observation's cost\n\n");
    md.append(
            "The same modern `resources/read` as above against the demo application served three times"
                + " from one JVM, differing only in observation: **off** (no observer: the bridge"
                + " registers no monitoring listener), **noop** (`McpObservations.observer` on an"
                + " `ObservationRegistry` with no handler, what an application with Micrometer but no"
                + " metrics or tracing gets) and **metrics** (the same observer timing every operation"
                + " into a `SimpleMeterRegistry`, as Spring Boot's Actuator does). The access record is"
                + " off in all three. Interleaved slices, ")
        .append(r.results().rounds().size())
        .append(" rounds; each ratio is the median over rounds (range in brackets).\n\n");
    md.append(
        "| concurrency | noop / off throughput | noop / off p50 | noop / off allocation |"
            + " metrics / off throughput | metrics / off p50 | metrics / off allocation |\n");
    md.append("|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int c : r.concurrencies()) {
      md.append("| ").append(c);
      for (String name : List.of("noop", "metrics")) {
        ReadComparison.Pair pair = new ReadComparison.Pair(name, "off", "");
        for (java.util.function.ToDoubleFunction<LoadResult> figure :
            List.<java.util.function.ToDoubleFunction<LoadResult>>of(
                LoadResult::throughput, LoadResult::p50, LoadResult::allocatedPerRead)) {
          ReadComparison.Ratio ratio = r.results().ratio(pair, c, figure);
          md.append(
              String.format(
                  Locale.ROOT, " | %.2f (%.2f-%.2f)", ratio.median(), ratio.min(), ratio.max()));
        }
      }
      md.append(" |\n");
    }
    md.append("\n| concurrency | server | reads/s | p50 ms | allocated per read |\n");
    md.append("|---:|---|---:|---:|---:|\n");
    for (int c : r.concurrencies()) {
      for (String name : ObservedServer.NAMES) {
        LoadResult one = r.results().get(name, c);
        md.append(
            String.format(
                Locale.ROOT,
                "| %d | %s | %.0f | %.3f | %.0f B |%n",
                c,
                name,
                one.throughput(),
                one.p50(),
                one.allocatedPerRead()));
      }
    }
    return md.append('\n').toString();
  }
}
