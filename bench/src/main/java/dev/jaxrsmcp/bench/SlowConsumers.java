package dev.jaxrsmcp.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The slow-consumer run: {@code healthy} listens that read everything and {@code stalled} ones that
 * never read (a tiny receive buffer, nothing read after the status line), one change per second.
 * Measures the healthy listens' delivery latency and the server's heap, first without and then with
 * the stalled clients, on the same server.
 */
final class SlowConsumers {
  /** What one phase measured. */
  record Phase(int stalled, Histogram deliveryMicros, long delivered, long expected, long heap) {
    String line() {
      return String.format(
          Locale.ROOT,
          "%d stalled: delivered %d of %d; p50 %.1f ms, p99 %.1f ms, max %.1f ms; heap %d MiB",
          stalled,
          delivered,
          expected,
          deliveryMicros.getValueAtPercentile(50) / 1e3,
          deliveryMicros.getValueAtPercentile(99) / 1e3,
          deliveryMicros.getMaxValue() / 1e3,
          heap >> 20);
    }
  }

  private SlowConsumers() {}

  static List<Phase> run(int port, int healthy, int stalled, int changes) throws Exception {
    List<Phase> phases = new ArrayList<>();
    phases.add(phase(port, healthy, 0, changes));
    phases.add(phase(port, healthy, stalled, changes));
    return phases;
  }

  /** Writes the run's results as a small Markdown table into {@code out}. */
  static void write(Path out, int healthy, int changes, List<Phase> phases) throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# Slow consumers\n\n")
        .append(healthy)
        .append(" healthy listens, ")
        .append(changes)
        .append(" changes one second apart; heap after a full GC at the end of each phase.\n\n")
        .append("| stalled clients | delivered | p50 | p99 | max | server heap |\n")
        .append("|---:|---:|---:|---:|---:|---:|\n");
    for (Phase p : phases) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %d | %d of %d | %.1f ms | %.1f ms | %.1f ms | %d MiB |\n",
              p.stalled(),
              p.delivered(),
              p.expected(),
              p.deliveryMicros().getValueAtPercentile(50) / 1e3,
              p.deliveryMicros().getValueAtPercentile(99) / 1e3,
              p.deliveryMicros().getMaxValue() / 1e3,
              p.heap() >> 20));
    }
    Files.createDirectories(out);
    Files.writeString(out.resolve("slow-consumers.md"), md.toString());
  }

  private static Phase phase(int port, int healthy, int stalled, int changes) throws Exception {
    List<Socket> sockets = new ArrayList<>();
    ConcurrentLinkedQueue<Long> arrivals = new ConcurrentLinkedQueue<>();
    List<Thread> readers = new ArrayList<>();
    try {
      for (int i = 0; i < stalled; i++) {
        sockets.add(open(port, 4096, 1_000_000 + i)); // never read again
      }
      CountDownLatch acknowledged = new CountDownLatch(healthy);
      for (int i = 0; i < healthy; i++) {
        Socket socket = open(port, 64 * 1024, i);
        sockets.add(socket);
        Thread reader =
            new Thread(() -> read(socket, acknowledged, arrivals), "slow-consumers-reader-" + i);
        reader.setDaemon(true);
        reader.start();
        readers.add(reader);
      }
      if (!acknowledged.await(60, TimeUnit.SECONDS)) {
        throw new IllegalStateException("not every healthy listen was acknowledged in 60 s");
      }
      Histogram delivery = new Histogram(TimeUnit.MINUTES.toMicros(10), 3);
      long delivered = 0;
      try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
        for (int c = 0; c < changes; c++) {
          arrivals.clear();
          byte[] put =
              HttpConnection.request("PUT", ReadScenario.HOST, port, "/bench/ticker", Map.of(), "");
          long sent = System.nanoTime();
          connection.exchange(put);
          long deadline = sent + TimeUnit.SECONDS.toNanos(1);
          while (System.nanoTime() < deadline) {
            Thread.sleep(10); // one change per second
          }
          for (Long at : arrivals) {
            delivery.recordValue(Math.max(1, (at - sent) / 1000));
            delivered++;
          }
        }
      }
      long heap = ServerMemory.of(port, true).heapUsed();
      return new Phase(stalled, delivery, delivered, (long) healthy * changes, heap);
    } finally {
      for (Socket socket : sockets) {
        socket.close();
      }
      for (Thread reader : readers) {
        reader.join(5_000);
      }
    }
  }

  private static void read(
      Socket socket, CountDownLatch acknowledged, ConcurrentLinkedQueue<Long> arrivals) {
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.contains(SseResponseReader.ACKNOWLEDGED)) {
          acknowledged.countDown();
        } else if (line.contains(SseResponseReader.UPDATED)) {
          arrivals.add(System.nanoTime());
        }
      }
    } catch (IOException e) {
      // closed at the end of the phase
    }
  }

  private static Socket open(int port, int receiveBuffer, int id) throws IOException {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(receiveBuffer);
    socket.connect(new InetSocketAddress(ReadScenario.HOST, port));
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":"
            + id
            + ",\"method\":\"subscriptions/listen\",\"params\":{\"_meta\":{"
            + "\"io.modelcontextprotocol/protocolVersion\":\""
            + ReadScenario.MODERN_VERSION
            + "\",\"io.modelcontextprotocol/clientCapabilities\":{}},"
            + "\"notifications\":{\"resourceSubscriptions\":[\""
            + BenchRoutes.TICKER
            + "\"]}}}";
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    String head =
        "POST /mcp HTTP/1.1\r\nHost: "
            + ReadScenario.HOST
            + ":"
            + port
            + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
            + "\r\nMCP-Protocol-Version: "
            + ReadScenario.MODERN_VERSION
            + "\r\nMcp-Method: subscriptions/listen\r\nContent-Length: "
            + bytes.length
            + "\r\n\r\n";
    OutputStream out = socket.getOutputStream();
    out.write(head.getBytes(StandardCharsets.US_ASCII));
    out.write(bytes);
    out.flush();
    return socket;
  }
}
