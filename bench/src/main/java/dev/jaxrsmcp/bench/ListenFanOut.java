package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * Subscription fan-out: opens {@code streams} modern {@code subscriptions/listen} streams on one
 * server (all on one selector thread, a few hundred handshakes in flight at a time), waits until
 * every one is acknowledged, measures the server's heap and threads, then makes one change and
 * times, per stream, how long after the change its {@code resources/updated} notification arrives.
 * Then, once every stream heard it and a second has passed, a later change, timed the same way: the
 * first change comes right after 10,000 listens were opened, while the server still compiles what
 * opening them ran, and meets a delivery path it never ran; the later one is delivery as a running
 * server does it.
 */
final class ListenFanOut {
  private static final int IN_FLIGHT = 200;

  /** What one fan-out measured. */
  record Result(
      int streams,
      double openSeconds,
      ServerMemory before,
      ServerMemory after,
      ServerMemory delivered,
      int told,
      double changeCallMs,
      double changeCallCpuMs,
      double cpuPerNotificationMicros,
      double deliveryCpuPerNotificationMicros,
      long gcMillis,
      Histogram deliveryMicros,
      int notified,
      Histogram laterDeliveryMicros) {

    /** Heap per idle stream: the growth of the heap in use after full collections, per stream. */
    double heapPerStreamBytes() {
      return (double) (after.heapUsed() - before.heapUsed()) / streams;
    }

    double deliveryMs(double percentile) {
      return deliveryMicros.getValueAtPercentile(percentile) / 1000.0;
    }

    double deliveryMaxMs() {
      return deliveryMicros.getMaxValue() / 1000.0;
    }

    /** The later change's delivery, at {@code percentile}. */
    double laterDeliveryMs(double percentile) {
      return laterDeliveryMicros.getValueAtPercentile(percentile) / 1000.0;
    }
  }

  private final int port;
  private final int streams;
  private final String path;
  private final Duration timeout;
  private final Selector selector;
  private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
  private final List<Stream> all = new ArrayList<>();
  private int acknowledged;
  private int notified;
  private int notifiedAgain;

  private ListenFanOut(int port, int streams, String path, Duration timeout) throws IOException {
    this.port = port;
    this.streams = streams;
    this.path = path;
    this.timeout = timeout;
    this.selector = Selector.open();
  }

  static Result run(int port, int streams, Duration timeout) {
    try {
      ListenFanOut fanOut = new ListenFanOut(port, streams, "/mcp", timeout);
      try {
        return fanOut.measure();
      } finally {
        fanOut.closeAll();
      }
    } catch (IOException e) {
      throw new IllegalStateException("fan-out of " + streams + " streams failed: " + e, e);
    }
  }

  /**
   * Opens {@code streams} streams as {@link #run} does, with the same listen request sent to {@code
   * path} instead of {@code /mcp}, and measures the server's heap (after full collections) before
   * the first and with all open; {@code snapshot} runs right after each measurement ({@code
   * "before"}, {@code "after"}), while the streams are still open. The server at {@code path} must
   * answer each with an event stream whose first event is a listen's acknowledgement.
   */
  static ServerMemory[] idle(
      int port,
      int streams,
      String path,
      Duration timeout,
      java.util.function.Consumer<String> snapshot) {
    try {
      ListenFanOut fanOut = new ListenFanOut(port, streams, path, timeout);
      try {
        ServerMemory before = ServerMemory.of(port, true);
        snapshot.accept("before");
        fanOut.open();
        ServerMemory after = ServerMemory.of(port, true);
        snapshot.accept("after");
        return new ServerMemory[] {before, after};
      } finally {
        fanOut.closeAll();
      }
    } catch (IOException e) {
      throw new IllegalStateException(
          "opening " + streams + " idle streams at " + path + " failed: " + e, e);
    }
  }

  private Result measure() throws IOException {
    ServerMemory before = ServerMemory.of(port, true);
    long openStart = System.nanoTime();
    open();
    double openSeconds = (System.nanoTime() - openStart) / 1e9;
    ServerMemory after = ServerMemory.of(port, true);
    ServerMemory quiet = ServerMemory.of(port, false);

    long[] changeAt = new long[1];
    CompletableFuture<String> change = change(changeAt);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (notified < streams && System.nanoTime() < deadline) {
      poll(100);
    }
    ServerMemory delivered = ServerMemory.of(port, false);
    String[] answer; // told, CPU nanoseconds in changed(), wall nanoseconds of the request
    try {
      answer = change.get(timeout.toSeconds(), TimeUnit.SECONDS).split(" ");
    } catch (Exception e) {
      throw new IllegalStateException("the change request failed: " + e, e);
    }
    if (notified < streams) {
      throw new IllegalStateException(
          "only " + notified + " of " + streams + " streams were notified within " + timeout);
    }
    Histogram delivery = delivery(changeAt[0], SseResponseReader::firstUpdateNanos);
    Histogram later = later();
    return new Result(
        streams,
        openSeconds,
        before,
        after,
        delivered,
        Integer.parseInt(answer[0].trim()),
        Long.parseLong(answer[2]) / 1e6,
        Long.parseLong(answer[1]) / 1e6,
        (delivered.cpuNanos() - quiet.cpuNanos()) / 1e3 / streams,
        (Long.parseLong(answer[1]) + delivered.deliveryCpuNanos() - quiet.deliveryCpuNanos())
            / 1e3
            / streams,
        delivered.gcMillis() - quiet.gcMillis(),
        delivery,
        notified,
        later);
  }

  /** The later change: a second after the first reached every stream, timed as the first. */
  private Histogram later() throws IOException {
    long settle = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    while (System.nanoTime() < settle) {
      poll(100); // keep reading (keep-alives)
    }
    long[] changeAt = new long[1];
    CompletableFuture<String> change = change(changeAt);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (notifiedAgain < streams && System.nanoTime() < deadline) {
      poll(100);
    }
    try {
      change.get(timeout.toSeconds(), TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("the later change request failed: " + e, e);
    }
    if (notifiedAgain < streams) {
      throw new IllegalStateException(
          "only "
              + notifiedAgain
              + " of "
              + streams
              + " streams were told of the later change within "
              + timeout);
    }
    return delivery(changeAt[0], SseResponseReader::lastUpdateNanos);
  }

  /** Per stream, how long after {@code changeAt} its notification arrived ({@code arrival}). */
  private Histogram delivery(long changeAt, ToLongFunction<SseResponseReader> arrival) {
    Histogram delivery = new Histogram(TimeUnit.MINUTES.toMicros(10), 3);
    for (Stream stream : all) {
      delivery.recordValue(Math.max(1, (arrival.applyAsLong(stream.reader) - changeAt) / 1000));
    }
    return delivery;
  }

  /**
   * {@code PUT /bench/ticker} on a connection of its own; {@code changeAt[0]} is when it was sent.
   * Completes with what the route answered (told, CPU nanoseconds in changed()) and the request's
   * wall nanoseconds.
   */
  private CompletableFuture<String> change(long[] changeAt) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
            byte[] put =
                HttpConnection.request(
                    "PUT", ReadScenario.HOST, port, "/bench/ticker", Map.of(), "");
            changeAt[0] = System.nanoTime();
            HttpConnection.Response response = connection.exchange(put);
            long returned = System.nanoTime();
            return response.text() + " " + (returned - changeAt[0]);
          } catch (IOException e) {
            throw new IllegalStateException("the change request failed: " + e, e);
          }
        });
  }

  /** Opens every stream, at most {@link #IN_FLIGHT} not yet acknowledged at a time. */
  private void open() throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (acknowledged < streams) {
      while (all.size() < streams && all.size() - acknowledged < IN_FLIGHT) {
        connect(all.size());
      }
      poll(100);
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "only " + acknowledged + " of " + streams + " streams were acknowledged in " + timeout);
      }
    }
  }

  private void connect(int index) throws IOException {
    SocketChannel channel = SocketChannel.open();
    channel.configureBlocking(false);
    channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
    Stream stream = new Stream(channel, request(index));
    all.add(stream);
    if (channel.connect(new InetSocketAddress(ReadScenario.HOST, port))) {
      stream.connected(selector);
    } else {
      channel.register(selector, SelectionKey.OP_CONNECT, stream);
    }
  }

  private void poll(long millis) throws IOException {
    selector.select(millis);
    long now = System.nanoTime();
    for (SelectionKey key : selector.selectedKeys()) {
      Stream stream = (Stream) key.attachment();
      if (!key.isValid()) {
        continue;
      }
      if (key.isConnectable()) {
        if (stream.channel.finishConnect()) {
          stream.connected(selector);
        }
      } else if (key.isWritable()) {
        stream.flush(selector);
      } else if (key.isReadable()) {
        read(stream, key, now);
      }
    }
    selector.selectedKeys().clear();
  }

  private void read(Stream stream, SelectionKey key, long now) throws IOException {
    while (true) {
      buffer.clear();
      int n = stream.channel.read(buffer);
      if (n < 0) {
        key.cancel();
        stream.channel.close();
        throw new IllegalStateException(
            "a listen stream ended early: status "
                + stream.reader.status()
                + ", last data "
                + stream.reader.lastData());
      }
      if (n == 0) {
        return;
      }
      boolean wasAcknowledged = stream.reader.isAcknowledged();
      int updatesBefore = stream.reader.updates();
      stream.reader.feed(buffer.array(), 0, n, now);
      if (!wasAcknowledged && stream.reader.isAcknowledged()) {
        acknowledged++;
      }
      if (updatesBefore == 0 && stream.reader.updates() > 0) {
        notified++;
      }
      if (updatesBefore < 2 && stream.reader.updates() >= 2) {
        notifiedAgain++;
      }
      if (stream.reader.status() != 0 && stream.reader.status() != 200) {
        throw new IllegalStateException(
            "listen answered HTTP " + stream.reader.status() + " after " + all.size() + " streams");
      }
    }
  }

  private byte[] request(int index) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "application/json");
    headers.put("Accept", "application/json, text/event-stream");
    headers.put("MCP-Protocol-Version", ReadScenario.MODERN_VERSION);
    headers.put("Mcp-Method", "subscriptions/listen");
    return HttpConnection.request(
        "POST",
        ReadScenario.HOST,
        port,
        path,
        headers,
        "{\"jsonrpc\":\"2.0\",\"id\":"
            + index
            + ",\"method\":\"subscriptions/listen\",\"params\":{\"_meta\":{"
            + "\"io.modelcontextprotocol/protocolVersion\":\""
            + ReadScenario.MODERN_VERSION
            + "\",\"io.modelcontextprotocol/clientCapabilities\":{}},"
            + "\"notifications\":{\"resourceSubscriptions\":[\""
            + BenchRoutes.TICKER
            + "\"]}}}");
  }

  private void closeAll() {
    for (Stream stream : all) {
      try {
        stream.channel.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
    try {
      selector.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  private static final class Stream {
    final SocketChannel channel;
    final ByteBuffer request;
    final SseResponseReader reader = new SseResponseReader();

    Stream(SocketChannel channel, byte[] request) {
      this.channel = channel;
      this.request = ByteBuffer.wrap(request);
    }

    void connected(Selector selector) throws IOException {
      flush(selector);
    }

    void flush(Selector selector) throws IOException {
      channel.write(request);
      channel.register(
          selector, request.hasRemaining() ? SelectionKey.OP_WRITE : SelectionKey.OP_READ, this);
    }
  }
}
