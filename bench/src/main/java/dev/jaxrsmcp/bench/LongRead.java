package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One long-running read of {@code bytes} bytes through the bridge ({@code
 * app://bench/bytes/{count}}, spooled to disk, then sent as one JSON-RPC result), read by a client
 * that counts and discards the response as it streams. Samples the server's resident memory every
 * 50 ms; the server samples its own heap every 10 ms.
 */
final class LongRead {
  /** What the read measured. */
  record Result(
      long bytes,
      String contentType,
      long responseBytes,
      double seconds,
      ServerMemory before,
      ServerMemory after,
      long sampledPeakRss) {

    /** The server's CPU time during the read, in seconds. */
    double serverCpuSeconds() {
      return (after.cpuNanos() - before.cpuNanos()) / 1e9;
    }

    double megabytesPerSecond() {
      return bytes / seconds / (1024 * 1024);
    }
  }

  private LongRead() {}

  static Result run(int port, long serverPid, long bytes) {
    ServerMemory.of(port, true);
    ServerMemory.resetPeak(port);
    ServerMemory before = ServerMemory.of(port, false);
    AtomicLong peakRss = new AtomicLong(ProcStatus.of(serverPid).rssBytes());
    AtomicBoolean reading = new AtomicBoolean(true);
    Thread sampler =
        new Thread(
            () -> {
              while (reading.get()) {
                peakRss.accumulateAndGet(ProcStatus.of(serverPid).rssBytes(), Math::max);
                try {
                  Thread.sleep(50);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "bench-rss-sampler");
    sampler.setDaemon(true);
    sampler.start();

    String uri = "app://bench/bytes/" + bytes;
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "application/json");
    headers.put("Accept", "application/json, text/event-stream");
    headers.put("MCP-Protocol-Version", ReadScenario.MODERN_VERSION);
    headers.put("Mcp-Method", "resources/read");
    headers.put("Mcp-Name", uri);
    byte[] request =
        HttpConnection.request(
            "POST",
            ReadScenario.HOST,
            port,
            "/mcp",
            headers,
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\""
                + uri
                + "\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\""
                + ReadScenario.MODERN_VERSION
                + "\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
    byte[] tail = new byte[512];
    long[] tailLength = new long[1];
    long start = System.nanoTime();
    HttpConnection.Response response;
    try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
      response =
          connection.exchange(
              request,
              (chunk, offset, length) -> {
                int keep = Math.min(length, tail.length);
                System.arraycopy(tail, keep, tail, 0, tail.length - keep);
                System.arraycopy(chunk, offset + length - keep, tail, tail.length - keep, keep);
                tailLength[0] += length;
              });
    } catch (IOException e) {
      throw new IllegalStateException("the long read failed: " + e, e);
    } finally {
      reading.set(false);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    String end = new String(tail, StandardCharsets.UTF_8);
    if (response.status() != 200 || tailLength[0] < bytes || !end.contains("\"cacheScope\"")) {
      throw new IllegalStateException(
          "the long read did not complete: status "
              + response.status()
              + ", "
              + tailLength[0]
              + " bytes, ending "
              + end.trim());
    }
    ServerMemory after = ServerMemory.of(port, false);
    String contentType = response.header("Content-Type");
    return new Result(
        bytes,
        contentType == null ? "" : contentType,
        response.bodyLength(),
        seconds,
        before,
        after,
        peakRss.get());
  }
}
