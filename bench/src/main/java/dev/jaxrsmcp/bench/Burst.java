package dev.jaxrsmcp.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A burst of long-running reads far beyond {@code maxConcurrentLongReads} (the demo's 32): {@code
 * reads} clients start a read of {@code app://bench/paced/{millis}/{bytes}} at once (SSE accepted,
 * as MCP clients do), each one its own connection. Every read must complete intact: HTTP 200, its
 * result's text whole. The queue's wait of each read is the time from sending its request to its
 * route's start, which the route writes into its first line ({@link System#nanoTime()}, one clock
 * for the machine's processes on Linux). The server's heap and threads are asked before (after full
 * collections), during (sampled every 100 ms, and once after full collections while the queue is at
 * its longest) and after (after full collections, at once and once the bridge's idle threads have
 * gone).
 */
final class Burst {
  static final String STARTED = "started=";
  private static final Pattern HEAD = Pattern.compile("started=(\\d+) thread=(\\S+)");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What the burst measured. */
  record Result(
      int reads,
      int limit,
      long bytes,
      long millis,
      int completed,
      int waited,
      long keepAlives,
      double[] waitMs,
      double seconds,
      ServerMemory before,
      ServerMemory during,
      int peakThreads,
      long peakHeap,
      ServerMemory after,
      ServerMemory idle) {

    double waitPercentile(int p) {
      double[] sorted = waitMs.clone();
      Arrays.sort(sorted);
      return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    double waitMax() {
      return Arrays.stream(waitMs).max().orElse(0);
    }

    String line() {
      return String.format(
          Locale.ROOT,
          "burst: %d/%d complete in %.1f s, %d waited; queue wait p50 %.0f ms, p90 %.0f ms, max %.0f"
              + " ms; heap %d -> %d (peak %d) -> %d MiB; threads %d -> %d (peak %d) -> %d -> %d",
          completed,
          reads,
          seconds,
          waited,
          waitPercentile(50),
          waitPercentile(90),
          waitMax(),
          before.heapUsed() >> 20,
          during.heapUsed() >> 20,
          peakHeap >> 20,
          after.heapUsed() >> 20,
          before.threads(),
          during.threads(),
          peakThreads,
          after.threads(),
          idle.threads());
    }
  }

  private Burst() {}

  static Result run(int port, int reads, int limit, long bytes, long millis) throws Exception {
    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(30))
            .build();
    String uri = "app://bench/paced/" + millis + "/" + bytes;
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\""
            + uri
            + "\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\""
            + ReadScenario.MODERN_VERSION
            + "\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://" + ReadScenario.HOST + ":" + port + "/mcp"))
            .timeout(Duration.ofMinutes(2))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", ReadScenario.MODERN_VERSION)
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", uri)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    // Warm-up, not measured: as many reads as may run, so that nothing waits; then the burst.
    List<CompletableFuture<HttpResponse<byte[]>>> warmUp = new ArrayList<>();
    for (int i = 0; i < limit; i++) {
      warmUp.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()));
    }
    for (CompletableFuture<HttpResponse<byte[]>> response : warmUp) {
      HttpResponse<byte[]> answer = response.get(2, TimeUnit.MINUTES);
      content(-1, answer.statusCode(), new String(answer.body(), StandardCharsets.UTF_8));
    }
    ServerMemory before = ServerMemory.of(port, true);
    ServerMemory.resetPeak(port);
    long[] sent = new long[reads];
    List<CompletableFuture<HttpResponse<byte[]>>> responses = new ArrayList<>();
    long start = System.nanoTime();
    for (int i = 0; i < reads; i++) {
      sent[i] = System.nanoTime();
      responses.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()));
    }
    int peakThreads = 0;
    ServerMemory during = null;
    while (!CompletableFuture.allOf(responses.toArray(CompletableFuture[]::new)).isDone()) {
      boolean longest = during == null && System.nanoTime() - start > millis * 1_000_000L / 2;
      ServerMemory now = ServerMemory.of(port, longest);
      peakThreads = Math.max(peakThreads, now.threads());
      if (longest) {
        during = now;
      }
      Thread.sleep(100);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    ServerMemory peak = ServerMemory.of(port, false);
    ServerMemory after = ServerMemory.of(port, true);
    int completed = 0;
    int waited = 0;
    long keepAlives = 0;
    double[] waitMs = new double[reads];
    for (int i = 0; i < reads; i++) {
      HttpResponse<byte[]> response = responses.get(i).get(2, TimeUnit.MINUTES);
      String text = new String(response.body(), StandardCharsets.UTF_8);
      keepAlives += count(text, ": keep-alive");
      String content = content(i, response.statusCode(), text);
      Matcher head = HEAD.matcher(content);
      if (!head.lookingAt() || content.length() != head.end() + 1 + bytes) {
        throw new IllegalStateException("read " + i + " is not intact: " + shorten(content));
      }
      waitMs[i] = (Long.parseLong(head.group(1)) - sent[i]) / 1e6;
      if (head.group(2).startsWith("jaxrs-mcp-queued-read-")) {
        waited++;
      }
      completed++;
    }
    Thread.sleep(11_000); // the bridge's idle threads for reads that waited go after 10 s
    ServerMemory idle = ServerMemory.of(port, true);
    return new Result(
        reads,
        limit,
        bytes,
        millis,
        completed,
        waited,
        keepAlives,
        waitMs,
        seconds,
        before,
        during == null ? peak : during,
        Math.max(peakThreads, peak.threads()),
        peak.peakHeapUsed(),
        after,
        idle);
  }

  /** The text of the read's result: the last message of its stream, or its JSON response. */
  private static String content(int read, int status, String text) throws IOException {
    if (status != 200) {
      throw new IllegalStateException(
          "read " + read + " answered " + status + ": " + shorten(text));
    }
    int data = text.lastIndexOf("data: ");
    String message = data < 0 ? text.trim() : text.substring(data + 6).trim();
    JsonNode result = JSON.readTree(message).path("result").path("contents").path(0).path("text");
    if (!result.isTextual()) {
      throw new IllegalStateException("read " + read + " has no result: " + shorten(message));
    }
    return result.asText();
  }

  private static long count(String text, String what) {
    long n = 0;
    for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + what.length())) {
      n++;
    }
    return n;
  }

  private static String shorten(String text) {
    return text.length() > 300 ? text.substring(0, 300) + "…" : text;
  }

  /** The section of docs/performance.md. */
  static String markdown(Result r) {
    StringBuilder md = new StringBuilder("## A burst of long-running reads\n\n");
    md.append(r.reads())
        .append(" clients start a long-running read at once (`app://bench/paced/")
        .append(r.millis())
        .append("/")
        .append(r.bytes())
        .append("`: ")
        .append(Report.mib(r.bytes()))
        .append(" written over ")
        .append(r.millis())
        .append(" ms), each on its own connection and accepting `text/event-stream`, against the")
        .append(" demo's limit of ")
        .append(r.limit())
        .append(" long reads at once (`maxConcurrentLongReads`), its other settings (queue")
        .append(" defaults: `maxQueuedLongReads` 256, `maxReadQueueWait` 30 s) and its 64 worker")
        .append(" threads. The queue wait of a read is the time from sending its request to its")
        .append(" route's start (the route writes the time into its first line).\n\n");
    md.append("| | |\n|---|---:|\n");
    md.append(
        String.format(
            Locale.ROOT, "| complete and intact | %d of %d |%n", r.completed(), r.reads()));
    md.append(String.format(Locale.ROOT, "| refused | %d |%n", r.reads() - r.completed()));
    md.append(String.format(Locale.ROOT, "| waited for a slot | %d |%n", r.waited()));
    md.append(
        String.format(
            Locale.ROOT, "| queue wait p50 | %s ms |%n", Report.ms(r.waitPercentile(50))));
    md.append(
        String.format(
            Locale.ROOT, "| queue wait p90 | %s ms |%n", Report.ms(r.waitPercentile(90))));
    md.append(String.format(Locale.ROOT, "| queue wait max | %s ms |%n", Report.ms(r.waitMax())));
    md.append(
        String.format(
            Locale.ROOT, "| keep-alive comments received (all clients) | %,d |%n", r.keepAlives()));
    md.append(String.format(Locale.ROOT, "| time to the last result | %.1f s |%n", r.seconds()));
    md.append(
        String.format(
            Locale.ROOT,
            "| server heap in use before (after full collections) | %s |%n",
            Report.mib(r.before().heapUsed())));
    md.append(
        String.format(
            Locale.ROOT,
            "| server heap in use during (after full collections, queue at its longest) | %s |%n",
            Report.mib(r.during().heapUsed())));
    md.append(
        String.format(
            Locale.ROOT,
            "| server peak heap in use (sampled every 10 ms) | %s |%n",
            Report.mib(r.peakHeap())));
    md.append(
        String.format(
            Locale.ROOT,
            "| server heap in use after (after full collections) | %s |%n",
            Report.mib(r.after().heapUsed())));
    md.append(
        String.format(
            Locale.ROOT,
            "| server threads before / during / peak / after / 11 s later | %d / %d / %d / %d / %d |%n%n",
            r.before().threads(),
            r.during().threads(),
            r.peakThreads(),
            r.after().threads(),
            r.idle().threads()));
    md.append("Before the queue, issue #36 measured a similar burst against the demo service")
        .append(" itself (200 SSE long reads of 1 MiB, truncated): 32 results and 168 HTTP 503s")
        .append(" within 0.7 s. A read that waits holds no thread; the routes of reads that waited")
        .append(" run on the bridge's `jaxrs-mcp-queued-read-` threads (one per running read, gone")
        .append(" after 10 s idle), so threads grow by at most the limit, plus the stream writers")
        .append(" that send the waiting clients' keep-alives (also gone after 10 s idle).\n\n");
    return md.toString();
  }
}
