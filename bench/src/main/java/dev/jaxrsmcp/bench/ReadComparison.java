package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The side-by-side read measurement: the bridge server and the SDK peer each in their own JVM, one
 * warm-up of every scenario, then {@code rounds} rounds that each run every scenario at every
 * concurrency (in a rotated order, so no scenario always runs first). Ratios are taken within a
 * round, pair by pair, and reported as the median over rounds with their range.
 */
final class ReadComparison {
  /** Two scenarios compared: {@code numerator}/{@code denominator}. */
  record Pair(String numerator, String denominator, String label) {}

  /** A ratio's median over rounds and its range. */
  record Ratio(double median, double min, double max) {}

  /** Everything the reads measured. */
  record Results(
      List<ReadScenario> scenarios,
      Optional<String> legacyMissing,
      Map<String, Map<Integer, LoadResult>> merged,
      List<Map<String, Map<Integer, LoadResult>>> rounds,
      ServerMemory bridgeAfter,
      ProcStatus peerAfter) {

    LoadResult get(String scenario, int concurrency) {
      return merged.get(scenario).get(concurrency);
    }

    boolean has(String scenario) {
      return merged.containsKey(scenario);
    }

    /** The ratio of a figure between two scenarios at one concurrency, round by round. */
    Ratio ratio(Pair pair, int concurrency, ToDoubleFunction<LoadResult> figure) {
      double[] values =
          rounds.stream()
              .mapToDouble(
                  round ->
                      figure.applyAsDouble(round.get(pair.numerator()).get(concurrency))
                          / figure.applyAsDouble(round.get(pair.denominator()).get(concurrency)))
              .sorted()
              .toArray();
      double median =
          values.length % 2 == 1
              ? values[values.length / 2]
              : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
      return new Ratio(median, values[0], values[values.length - 1]);
    }

    List<Pair> pairs() {
      List<Pair> pairs = new ArrayList<>();
      pairs.add(new Pair("modern", "direct", "2/1 bridge modern / direct GET"));
      pairs.add(new Pair("modern", "sdk-peer", "2/4 bridge modern / SDK proxy peer"));
      if (has("legacy")) {
        pairs.add(new Pair("legacy", "direct", "3/1 bridge legacy / direct GET"));
        pairs.add(new Pair("legacy", "sdk-peer", "3/4 bridge legacy / SDK proxy peer"));
      }
      return pairs;
    }
  }

  private ReadComparison() {}

  static Results run(BenchSettings settings) {
    try (ChildJvm bridge =
        ChildJvm.start(
            "reads-bridge",
            settings.jvmFor("reads-bridge"),
            BridgeServer.class.getName(),
            List.of("0"),
            settings.logs())) {
      int port = bridge.awaitPort();
      try (ChildJvm peer =
          ChildJvm.start(
              "reads-sdk-peer",
              settings.jvmFor("reads-sdk-peer"),
              SdkPeerServer.class.getName(),
              List.of("0", "http://" + ReadScenario.HOST + ":" + port + "/"),
              settings.logs())) {
        int peerPort = peer.awaitPort();
        List<ReadScenario> scenarios = new ArrayList<>();
        scenarios.add(ReadScenario.direct(port));
        scenarios.add(ReadScenario.modern(port));
        Optional<String> legacyMissing = legacyMissing(port);
        if (legacyMissing.isEmpty()) {
          scenarios.add(ReadScenario.legacy(port));
        } else {
          Bench.log("legacy era not measured: " + legacyMissing.get());
        }
        scenarios.add(ReadScenario.sdkPeer(peerPort));
        scenarios.add(ReadScenario.postFloor(port));
        return measure(settings, scenarios, legacyMissing, port, peer);
      }
    }
  }

  private static Results measure(
      BenchSettings settings,
      List<ReadScenario> scenarios,
      Optional<String> legacyMissing,
      int bridgePort,
      ChildJvm peer) {
    Measured measured = measure(settings, scenarios, sc -> sc.port() == bridgePort);
    return new Results(
        scenarios,
        legacyMissing,
        measured.merged(),
        measured.rounds(),
        ServerMemory.of(bridgePort, true),
        peer.status());
  }

  /** Each scenario's results per concurrency, summed over rounds, and round by round. */
  record Measured(
      Map<String, Map<Integer, LoadResult>> merged,
      List<Map<String, Map<Integer, LoadResult>>> rounds) {}

  /**
   * Warms every scenario up, then runs the rounds: the scenarios {@code interleaved} says share the
   * server JVM run in interleaved slices; the others each run in one piece afterwards.
   */
  static Measured measure(
      BenchSettings settings,
      List<ReadScenario> scenarios,
      java.util.function.Predicate<ReadScenario> interleaved) {
    for (ReadScenario scenario : scenarios) {
      Bench.log("warm-up: " + scenario.key());
      int concurrency = settings.concurrencies().stream().mapToInt(i -> i).max().orElse(1);
      LoadRun.run(
          scenario,
          concurrency,
          settings.globalWarmUp(),
          java.time.Duration.ofMillis(500),
          java.util.OptionalInt.empty());
    }
    // The bridge server's scenarios run in interleaved slices, each pass starting with the next
    // scenario, so that a busier stretch of the machine's time falls on each of them alike; a
    // scenario on a server of its own (the SDK peer) runs its slices in one piece afterwards, then
    // the machine settles, so that its JVM's after-work (GC, compilation) does not fall on the
    // next slices.
    List<ReadScenario> bridgeScenarios = scenarios.stream().filter(interleaved).toList();
    List<ReadScenario> ownServerScenarios =
        scenarios.stream().filter(interleaved.negate()).toList();
    List<Map<String, Map<Integer, LoadResult>>> rounds = new ArrayList<>();
    for (int r = 0; r < settings.rounds(); r++) {
      Map<String, Map<Integer, LoadResult>> round = new LinkedHashMap<>();
      for (int concurrency : settings.concurrencies()) {
        Map<String, LoadResult> sliced = new LinkedHashMap<>();
        for (int s = 0; s < settings.slices(); s++) {
          for (int i = 0; i < bridgeScenarios.size(); i++) {
            ReadScenario scenario = bridgeScenarios.get((i + r + s) % bridgeScenarios.size());
            sliced.merge(
                scenario.key(),
                LoadRun.run(
                    scenario,
                    concurrency,
                    settings.warmUp(),
                    settings.measured(),
                    java.util.OptionalInt.of(scenario.adminPort())),
                LoadResult::plus);
          }
        }
        for (ReadScenario scenario : ownServerScenarios) {
          sliced.put(
              scenario.key(),
              LoadRun.run(
                  scenario,
                  concurrency,
                  settings.warmUp(),
                  settings.measured().multipliedBy(settings.slices()),
                  java.util.OptionalInt.empty()));
          settle(settings.settle());
        }
        for (ReadScenario scenario : scenarios) {
          LoadResult result = sliced.get(scenario.key());
          Bench.log(
              String.format(
                  java.util.Locale.ROOT,
                  "round %d  %-8s c=%-3d %8.0f reads/s  p50 %.3f  p99 %.3f  p99.9 %.3f ms  errors %d"
                      + "  server allocated %.0f bytes and used %.1f µs of CPU per read",
                  r + 1,
                  scenario.key(),
                  concurrency,
                  result.throughput(),
                  result.p50(),
                  result.p99(),
                  result.p999(),
                  result.errors(),
                  result.allocatedPerRead(),
                  result.serverCpuPerRead() / 1000));
          round
              .computeIfAbsent(scenario.key(), k -> new LinkedHashMap<>())
              .put(concurrency, result);
        }
      }
      rounds.add(round);
    }
    Map<String, Map<Integer, LoadResult>> merged = new LinkedHashMap<>();
    for (ReadScenario scenario : scenarios) {
      Map<Integer, LoadResult> byConcurrency = new LinkedHashMap<>();
      for (int concurrency : settings.concurrencies()) {
        LoadResult sum = null;
        for (Map<String, Map<Integer, LoadResult>> round : rounds) {
          LoadResult one = round.get(scenario.key()).get(concurrency);
          sum = sum == null ? one : sum.plus(one);
        }
        byConcurrency.put(concurrency, sum);
      }
      merged.put(scenario.key(), byConcurrency);
    }
    return new Measured(merged, rounds);
  }

  private static void settle(java.time.Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the machine settled", e);
    }
  }

  /** Empty when the bridge answers a legacy {@code initialize} with a session. */
  private static Optional<String> legacyMissing(int port) {
    try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
      ReadScenario.initialize(connection, port);
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of(e.getMessage());
    }
  }
}
