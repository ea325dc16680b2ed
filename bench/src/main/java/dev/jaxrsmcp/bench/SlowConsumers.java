package dev.jaxrsmcp.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The slow-consumer run (issue 36): clients that stop reading while the resources they subscribe to
 * change as fast as two writers can, next to healthy listens whose delivery latency is measured.
 * Each stalled client subscribes to {@value #SUBSCRIPTIONS} items whose URIs are long enough that a
 * notification is about 500 bytes (as the bridge's {@code StalledClientsHeapTest}), so that every
 * buffer between the bridge and the client fills within the flood. On one server it measures a
 * phase without stalled clients, then each stalled count in each era; {@link SlowConsumerReport}
 * writes the tables.
 */
final class SlowConsumers {
  /** Items each stalled client subscribes to. */
  static final int SUBSCRIPTIONS = 400;

  /** The items' URIs (this, then 0 to 399): a notification of one is about 500 bytes. */
  static final String ITEMS = "app://bench/items/" + "i".repeat(400) + "-";

  /** The bridge's default {@code maxUnsentBytes}, which the server under test keeps. */
  static final long MAX_UNSENT = 1 << 20;

  /**
   * How big and how long.
   *
   * @param healthy healthy listens of the ticker, reading everything
   * @param stalledCounts the stalled client counts measured, in each era
   * @param flood how long the writers run in each phase
   * @param tick how often the ticker changes during the flood (the healthy listens' latency)
   * @param heapEvery how often the live heap is sampled during the flood
   */
  record Settings(
      int healthy, List<Integer> stalledCounts, Duration flood, Duration tick, Duration heapEvery) {
    static Settings of(boolean quick) {
      return quick
          ? new Settings(
              10, List.of(5), Duration.ofSeconds(5), Duration.ofMillis(500), Duration.ofSeconds(2))
          : new Settings(
              20,
              List.of(5, 20),
              Duration.ofSeconds(12), // 15 s, as StalledClientsHeapTest, took over 4 minutes
              Duration.ofMillis(500),
              Duration.ofSeconds(2));
    }
  }

  /**
   * What one phase measured.
   *
   * @param era of the stalled clients; null without stalled clients
   * @param heapBefore live heap with every client connected, before the flood
   * @param heapEnd live heap when the writers stopped, the stalled clients still connected
   * @param heapPeak the most live heap of the samples during the flood and at its end
   * @param threadsDuring the most threads sampled during the flood (every 250 ms)
   * @param threadsAfter threads a second after the stalled clients closed their connections
   * @param changes changes the writers made
   * @param deliveryMicros the latency of the notifications delivered clear of the live heap samples
   * @param delivered the healthy listens' notifications that arrived
   * @param sampled of those, the ones whose way from the change overlapped a live heap sample (the
   *     full collections the benchmark asks for pause the server): not in {@code deliveryMicros}
   * @param ends how the stalled streams ended
   * @param unacknowledged healthy listens that got no acknowledgement within 15 s
   */
  record Phase(
      String container,
      StalledClients.Era era,
      int stalled,
      long heapBefore,
      long heapEnd,
      long heapPeak,
      int threadsBefore,
      int threadsDuring,
      int threadsAfter,
      long changes,
      Histogram deliveryMicros,
      long delivered,
      long sampled,
      long expected,
      Map<StalledClients.End, Integer> ends,
      int unacknowledged) {
    String clients() {
      return era == null ? "none" : stalled + " " + era.label;
    }

    /** Live heap growth per stalled client, peak against before; 0 without stalled clients. */
    long growthPerClient() {
      return stalled == 0 ? 0 : Math.max(0, heapPeak - heapBefore) / stalled;
    }

    double ms(double percentile) {
      return deliveryMicros.getTotalCount() == 0
          ? Double.NaN
          : deliveryMicros.getValueAtPercentile(percentile) / 1e3;
    }

    String line() {
      return String.format(
          java.util.Locale.ROOT,
          "%s, %s stalled: heap %d -> %d MiB (peak %d MiB, %d KiB per stalled client);"
              + " threads %d / %d / %d; healthy delivered %d of %d (%d during a heap sample),"
              + " p50 %.1f ms, p99 %.1f ms;"
              + " %d changes; stalled streams %s; %d healthy listens unacknowledged",
          container,
          clients(),
          heapBefore >> 20,
          heapEnd >> 20,
          heapPeak >> 20,
          growthPerClient() >> 10,
          threadsBefore,
          threadsDuring,
          threadsAfter,
          delivered,
          expected,
          sampled,
          ms(50),
          ms(99),
          changes,
          ends,
          unacknowledged);
    }
  }

  private SlowConsumers() {}

  /** The items' URIs. */
  static List<String> items() {
    List<String> uris = new ArrayList<>();
    for (int i = 0; i < SUBSCRIPTIONS; i++) {
      uris.add(ITEMS + i);
    }
    return uris;
  }

  /**
   * Every phase on the server at {@code port} (process {@code pid}): a short unrecorded warm-up,
   * the phase without stalled clients, then each count in each era.
   */
  static List<Phase> run(String container, int port, long pid, Settings settings) throws Exception {
    Settings warmUp =
        new Settings(
            settings.healthy(),
            List.of(1),
            Duration.ofSeconds(2),
            settings.tick(),
            Duration.ofSeconds(1));
    phase(container, port, pid, StalledClients.Era.MODERN, 1, warmUp);
    List<Phase> phases = new ArrayList<>();
    phases.add(phase(container, port, pid, null, 0, settings));
    Bench.log("slow consumers, " + phases.get(0).line());
    for (StalledClients.Era era : StalledClients.Era.values()) {
      for (int stalled : settings.stalledCounts()) {
        Phase phase = phase(container, port, pid, era, stalled, settings);
        Bench.log("slow consumers, " + phase.line());
        phases.add(phase);
      }
    }
    return phases;
  }

  private static Phase phase(
      String container, int port, long pid, StalledClients.Era era, int stalled, Settings settings)
      throws Exception {
    List<Socket> healthy = new ArrayList<>();
    List<Thread> readers = new ArrayList<>();
    ConcurrentLinkedQueue<Long> arrivals = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<String> unacknowledged = new ConcurrentLinkedQueue<>();
    Map<Integer, StringBuffer> received = new java.util.concurrent.ConcurrentSkipListMap<>();
    try (StalledClients clients =
        era == null
            ? StalledClients.open(port, StalledClients.Era.MODERN, 0, List.of())
            : StalledClients.open(port, era, stalled, items())) {
      CountDownLatch acknowledged = new CountDownLatch(settings.healthy());
      for (int i = 0; i < settings.healthy(); i++) {
        Socket socket = listenToTicker(port, i);
        healthy.add(socket);
        StringBuffer head = new StringBuffer();
        received.put(socket.getLocalPort(), head);
        Thread reader =
            new Thread(
                () -> read(socket, acknowledged, arrivals, unacknowledged, received, head),
                "slow-consumers-reader-" + i);
        reader.setDaemon(true);
        reader.start();
        readers.add(reader);
      }
      // A listen left unacknowledged is a finding, not the end of the run: it is counted (and
      // its notifications are missing from the delivered column), and the server's threads are
      // dumped into the logs for a look.
      int unacked = 0;
      if (!acknowledged.await(15, TimeUnit.SECONDS)) {
        unacked = (int) acknowledged.getCount();
        Bench.log(
            "slow consumers: "
                + unacked
                + " of "
                + settings.healthy()
                + " healthy listens were not acknowledged in 15 s ("
                + container
                + ", "
                + (era == null ? "no" : stalled + " " + era.label)
                + " stalled clients); streams that ended unacknowledged: "
                + unacknowledged
                + "; the server's threads: "
                + ThreadDump.of(pid)
                + "; the healthy listens' local ports, with what each unacknowledged one read so"
                + " far: "
                + received
                + "; the server's sockets: "
                + Sockets.of(port));
      }
      long changesBefore = floodStatus(port)[1];
      ServerMemory before = ServerMemory.of(port, true);
      int threadsBefore = ProcStatus.of(pid).threads();

      startFlood(port, settings.flood());
      long start = System.nanoTime();
      long end = start + settings.flood().toNanos();
      List<Long> ticks = new ArrayList<>();
      long heapPeak = before.liveHeap();
      int threadsDuring = threadsBefore;
      long nextTick = start;
      long nextHeap = start + settings.heapEvery().toNanos();
      // Each sample waits until half a tick after the last change: the benchmark's own full
      // collections pause the server, and a sample right after a change would put that pause into
      // the change's delivery (what overlaps one anyway is counted apart, see Phase.sampled).
      long lastTick = start;
      List<long[]> samples = new ArrayList<>();
      try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
        byte[] put =
            HttpConnection.request("PUT", ReadScenario.HOST, port, "/bench/ticker", Map.of(), "");
        while (System.nanoTime() < end) {
          long now = System.nanoTime();
          if (now >= nextTick) {
            long sent = System.nanoTime();
            lastTick = sent;
            synchronized (ticks) {
              ticks.add(sent);
            }
            connection.exchange(put);
            // Never two changes closer than a tick (a late loop would send a burst, which the
            // bridge's 250 ms debounce folds into fewer notifications).
            nextTick = Math.max(nextTick, System.nanoTime()) + settings.tick().toNanos();
          }
          if (now >= nextHeap && now - lastTick >= settings.tick().toNanos() / 2 && now < end) {
            long sampleStart = System.nanoTime();
            heapPeak = Math.max(heapPeak, ServerMemory.of(port, true).liveHeap());
            samples.add(new long[] {sampleStart, System.nanoTime()});
            nextHeap += settings.heapEvery().toNanos();
          }
          threadsDuring = Math.max(threadsDuring, ProcStatus.of(pid).threads());
          Thread.sleep(Math.max(1, Math.min(250, (Math.min(nextTick, end) - now) / 1_000_000)));
        }
      }
      awaitFloodEnd(port);
      long endSample = System.nanoTime();
      ServerMemory atEnd = ServerMemory.of(port, true);
      samples.add(new long[] {endSample, System.nanoTime()});
      threadsDuring = Math.max(threadsDuring, ProcStatus.of(pid).threads());
      heapPeak = Math.max(heapPeak, atEnd.liveHeap());
      long changes = floodStatus(port)[1] - changesBefore;
      long expected = (long) settings.healthy() * ticks.size();
      long lastWait = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
      while (arrivals.size() < expected && System.nanoTime() < lastWait) {
        Thread.sleep(20); // the last changes' notifications arrive
      }

      Histogram delivery = new Histogram(TimeUnit.MINUTES.toMicros(10), 3);
      long delivered = 0;
      long sampled = 0;
      for (long at : arrivals) {
        long tick = latestBefore(ticks, at);
        if (tick > 0) {
          delivered++;
          if (overlaps(samples, tick, at)) {
            sampled++;
          } else {
            delivery.recordValue(Math.max(1, (at - tick) / 1000));
          }
        }
      }
      Map<StalledClients.End, Integer> ends = clients.drain(1_000, 15_000);
      clients.close();
      Thread.sleep(1_000);
      int threadsAfter = ProcStatus.of(pid).threads();
      return new Phase(
          container,
          era,
          stalled,
          before.liveHeap(),
          atEnd.liveHeap(),
          heapPeak,
          threadsBefore,
          threadsDuring,
          threadsAfter,
          changes,
          delivery,
          delivered,
          sampled,
          expected,
          ends,
          unacked);
    } finally {
      for (Socket socket : healthy) {
        socket.close();
      }
      for (Thread reader : readers) {
        reader.join(5_000);
      }
    }
  }

  /** The latest tick sent at or before {@code at}; 0 when none was. */
  /** Whether a live heap sample ran while a notification was on its way. */
  private static boolean overlaps(List<long[]> samples, long from, long to) {
    for (long[] sample : samples) {
      if (sample[0] < to && sample[1] > from) {
        return true;
      }
    }
    return false;
  }

  private static long latestBefore(List<Long> ticks, long at) {
    long latest = 0;
    for (long tick : ticks) {
      if (tick <= at) {
        latest = tick;
      }
    }
    return latest;
  }

  private static void startFlood(int port, Duration flood) throws IOException {
    String query =
        "?prefix="
            + URLEncoder.encode(ITEMS, StandardCharsets.UTF_8)
            + "&count="
            + SUBSCRIPTIONS
            + "&seconds="
            + flood.toSeconds();
    try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
      HttpConnection.Response response =
          connection.exchange(
              HttpConnection.request(
                  "POST", ReadScenario.HOST, port, "/bench/flood" + query, Map.of(), ""));
      if (response.status() != 200) {
        throw new IllegalStateException(
            "the flood did not start: " + response.status() + " " + response.text());
      }
    }
  }

  /** The flood's writers still running and the changes made by those that ended. */
  private static long[] floodStatus(int port) throws IOException {
    try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
      String text =
          connection
              .exchange(
                  HttpConnection.request(
                      "GET", ReadScenario.HOST, port, "/bench/flood", Map.of(), null))
              .text()
              .trim();
      String[] pairs = text.split(" ");
      return new long[] {
        Long.parseLong(pairs[0].substring(pairs[0].indexOf('=') + 1)),
        Long.parseLong(pairs[1].substring(pairs[1].indexOf('=') + 1))
      };
    }
  }

  private static void awaitFloodEnd(int port) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (floodStatus(port)[0] > 0) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the flood's writers did not stop within 30 s");
      }
      Thread.sleep(20);
    }
  }

  /**
   * Reads a healthy listen: counts its acknowledgement and notes each notification's arrival. Until
   * acknowledged, what it read is kept in {@code head} (under its local port in {@code received});
   * a stream that ends before its acknowledgement adds its status line and last line to {@code
   * unacknowledged}, for the error message.
   */
  private static void read(
      Socket socket,
      CountDownLatch acknowledged,
      ConcurrentLinkedQueue<Long> arrivals,
      ConcurrentLinkedQueue<String> unacknowledged,
      Map<Integer, StringBuffer> received,
      StringBuffer head) {
    String status = null;
    String last = null;
    boolean acked = false;
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        if (status == null) {
          status = line;
        }
        if (!line.isEmpty()) {
          last = line;
        }
        if (!acked && head.length() < 512) {
          head.append(line).append(" | ");
        }
        if (line.contains(SseResponseReader.ACKNOWLEDGED)) {
          acked = true;
          received.remove(socket.getLocalPort());
          acknowledged.countDown();
        } else if (line.contains(SseResponseReader.UPDATED)) {
          arrivals.add(System.nanoTime());
        }
      }
    } catch (IOException e) {
      // closed at the end of the phase
    }
    if (!acked) {
      unacknowledged.add(status + " ... " + last);
    }
  }

  /** A healthy listen of the ticker: a 64 KiB receive buffer, read by its own thread. */
  private static Socket listenToTicker(int port, int id) throws IOException {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(64 * 1024);
    socket.connect(new InetSocketAddress(ReadScenario.HOST, port));
    OutputStream out = socket.getOutputStream();
    out.write(StalledClients.listenRequest(port, id, List.of(BenchRoutes.TICKER)));
    out.flush();
    return socket;
  }
}
