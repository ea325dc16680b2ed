package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * A closed-loop load run: {@code concurrency} workers, each on its own keep-alive connection, send
 * the next request as soon as the previous response is read. Requests started during the warm-up
 * are not recorded; requests started during the measured window are, one latency each. (Closed-loop
 * load does not model arrivals independent of the server, so the tail under overload is
 * understated, the same way for every scenario.)
 */
final class LoadRun {
  private static final long MAX_MICROS = 60_000_000L;

  private LoadRun() {}

  /**
   * @param adminPort the server's port for {@link AdminRoutes}, to measure the bytes it allocates
   *     per read (warm-up included); empty when the server has no such route
   */
  static LoadResult run(
      ReadScenario scenario,
      int concurrency,
      Duration warmUp,
      Duration measured,
      OptionalInt adminPort) {
    CyclicBarrier ready = new CyclicBarrier(concurrency + 1);
    List<Worker> workers = new ArrayList<>();
    for (int i = 0; i < concurrency; i++) {
      Worker worker = new Worker(scenario, ready);
      workers.add(worker);
      Thread thread = new Thread(worker, "load-" + scenario.key() + "-" + i);
      thread.setDaemon(true);
      worker.thread = thread;
      thread.start();
    }
    long measureStart;
    long end;
    ServerMemory before = null;
    try {
      ready.await(); // every worker connected and prepared
      if (adminPort.isPresent()) {
        before = ServerMemory.of(adminPort.getAsInt(), false);
      }
      long now = System.nanoTime();
      measureStart = now + warmUp.toNanos();
      end = measureStart + measured.toNanos();
      for (Worker worker : workers) {
        worker.measureStart = measureStart;
        worker.end = end;
      }
      ready.await(); // go
      for (Worker worker : workers) {
        worker.thread.join();
      }
    } catch (Exception e) {
      workers.forEach(w -> w.thread.interrupt());
      throw new IllegalStateException("load run of " + scenario.key() + " failed: " + e, e);
    }
    Histogram all = new Histogram(MAX_MICROS, 3);
    long requests = 0;
    long errors = 0;
    long lastFinish = end;
    for (Worker worker : workers) {
      if (worker.failure.get() != null) {
        throw new IllegalStateException(
            scenario.key() + " could not run: " + worker.failure.get(), worker.failure.get());
      }
      all.add(worker.histogram);
      requests += worker.requests;
      errors += worker.errors;
      lastFinish = Math.max(lastFinish, worker.lastFinish);
    }
    double seconds = (lastFinish - measureStart) / 1e9;
    double allocatedPerRead = Double.NaN;
    double cpuPerRead = Double.NaN;
    if (before != null) {
      long everything = workers.stream().mapToLong(w -> w.completed).sum();
      ServerMemory after = ServerMemory.of(adminPort.getAsInt(), false);
      if (before.allocatedBytes() >= 0) {
        allocatedPerRead = (double) (after.allocatedBytes() - before.allocatedBytes()) / everything;
      }
      if (before.cpuNanos() >= 0) {
        cpuPerRead = (double) (after.cpuNanos() - before.cpuNanos()) / everything;
      }
    }
    return new LoadResult(
        scenario.key(), concurrency, requests, seconds, errors, all, allocatedPerRead, cpuPerRead);
  }

  private static final class Worker implements Runnable {
    private final ReadScenario scenario;
    private final CyclicBarrier ready;
    private final Histogram histogram = new Histogram(MAX_MICROS, 3);
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    Thread thread;
    volatile long measureStart;
    volatile long end;
    long requests;
    long errors;
    long completed;
    long lastFinish;
    private String lastError = "";

    Worker(ReadScenario scenario, CyclicBarrier ready) {
      this.scenario = scenario;
      this.ready = ready;
    }

    @Override
    public void run() {
      HttpConnection connection = null;
      byte[] request;
      try {
        connection = new HttpConnection(ReadScenario.HOST, scenario.port());
        request = scenario.prepare(connection);
        ready.await();
        ready.await();
      } catch (Exception e) {
        failure.set(e);
        if (connection != null) {
          connection.close();
        }
        try {
          ready.await();
          ready.await();
        } catch (Exception ignored) {
          // the coordinator reports the failure
        }
        return;
      }
      long start = measureStart;
      long stop = end;
      try {
        while (true) {
          long t0 = System.nanoTime();
          if (t0 >= stop) {
            break;
          }
          boolean ok;
          try {
            HttpConnection.Response response = connection.exchange(request);
            ok = scenario.isValid(response);
            if (!ok) {
              lastError = response.status() + " " + response.text();
            }
          } catch (IOException e) {
            ok = false;
            lastError = e.toString();
            scenario.finish(connection);
            connection.close();
            connection = new HttpConnection(ReadScenario.HOST, scenario.port());
            request = scenario.prepare(connection);
          }
          long t1 = System.nanoTime();
          completed++;
          if (connection.closing()) {
            scenario.finish(connection);
            connection.close();
            connection = new HttpConnection(ReadScenario.HOST, scenario.port());
            request = scenario.prepare(connection);
          }
          if (t0 >= start) {
            if (ok) {
              histogram.recordValue(Math.min(MAX_MICROS, Math.max(1, (t1 - t0) / 1000)));
              requests++;
            } else {
              errors++;
            }
            lastFinish = t1;
          }
        }
      } catch (Exception e) {
        failure.set(e);
      } finally {
        scenario.finish(connection);
        connection.close();
        if (errors > 0) {
          System.err.println(scenario.key() + ": " + errors + " failed reads, last: " + lastError);
        }
      }
    }
  }
}
