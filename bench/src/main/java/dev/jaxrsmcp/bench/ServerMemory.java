package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/** The server's own view of its memory (and CPU time), from {@link AdminRoutes}. */
record ServerMemory(
    long heapUsed,
    long heapCommitted,
    long peakHeapUsed,
    long rss,
    long peakRss,
    int threads,
    long cpuNanos,
    long deliveryCpuNanos,
    long gcMillis,
    long allocatedBytes,
    long liveHeap) {

  /** Asks the bridge server at {@code port}; after full collections when {@code gc}. */
  static ServerMemory of(int port, boolean gc) {
    try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
      HttpConnection.Response response =
          connection.exchange(
              HttpConnection.request(
                  "GET",
                  ReadScenario.HOST,
                  port,
                  "/bench/admin/memory?gc=" + gc,
                  Map.of("Accept", "text/plain"),
                  null));
      if (response.status() != 200) {
        throw new IllegalStateException("memory route answered " + response.status());
      }
      return parse(response.text());
    } catch (IOException e) {
      throw new IllegalStateException("cannot ask the server for its memory: " + e, e);
    }
  }

  /** Restarts the server's peak-heap sampling. */
  static void resetPeak(int port) {
    try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
      connection.exchange(
          HttpConnection.request(
              "POST", ReadScenario.HOST, port, "/bench/admin/memory/reset-peak", Map.of(), ""));
    } catch (IOException e) {
      throw new IllegalStateException("cannot reset the peak heap: " + e, e);
    }
  }

  static ServerMemory parse(String text) {
    Map<String, Long> values = new HashMap<>();
    for (String pair : text.trim().split("\\s+")) {
      int eq = pair.indexOf('=');
      values.put(pair.substring(0, eq), Long.parseLong(pair.substring(eq + 1)));
    }
    return new ServerMemory(
        values.get("heapUsed"),
        values.get("heapCommitted"),
        values.get("peakHeapUsed"),
        values.get("rss"),
        values.get("peakRss"),
        values.get("threads").intValue(),
        values.get("cpu"),
        values.getOrDefault("deliveryCpu", 0L),
        values.getOrDefault("gcMillis", 0L),
        values.getOrDefault("allocated", -1L),
        values.getOrDefault("liveHeap", -1L));
  }
}
