package dev.jaxrsmcp.examples.interop;

import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Reads one resource through MCP and its route through a direct {@code GET}, for every caller,
 * {@code rounds} times each, all interleaved on a small pool: every MCP outcome must equal the
 * {@code GET}'s (same data, same status, same 401 challenge).
 */
public final class ReadComparison {
  private static final int THREADS = 6;

  private ReadComparison() {}

  /** One caller's two answers. */
  public record Pair(Caller caller, Outcome get, Outcome mcp) {
    /** Whether MCP answered as the route did. */
    public boolean same() {
      return get.equals(mcp);
    }
  }

  /**
   * Every pair, in the order they finished reading. {@code readers} holds one reader per caller for
   * the era under test.
   */
  public static List<Pair> compare(
      URI base, String path, String uri, Map<Caller, SdkReader> readers, int rounds)
      throws InterruptedException {
    List<Caller> order = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      order.addAll(readers.keySet());
    }
    Collections.shuffle(order, new Random(path.hashCode()));
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<Pair>> futures = new ArrayList<>();
      for (Caller caller : order) {
        futures.add(
            pool.submit(
                () ->
                    new Pair(
                        caller, DirectGet.get(base, path, caller), readers.get(caller).read(uri))));
      }
      List<Pair> pairs = new ArrayList<>();
      for (Future<Pair> future : futures) {
        try {
          pairs.add(future.get(120, TimeUnit.SECONDS));
        } catch (java.util.concurrent.ExecutionException
            | java.util.concurrent.TimeoutException e) {
          throw new AssertionError("a read of " + uri + " failed", e);
        }
      }
      return pairs;
    } finally {
      pool.shutdownNow();
      pool.awaitTermination(30, TimeUnit.SECONDS);
    }
  }

  /** A reader per caller for {@code era}; close them all when done. */
  public static Map<Caller, SdkReader> readers(URI mcp, Era era) {
    Map<Caller, SdkReader> readers = new EnumMap<>(Caller.class);
    for (Caller caller : Caller.values()) {
      readers.put(caller, SdkReader.open(mcp, era, caller));
    }
    return readers;
  }
}
