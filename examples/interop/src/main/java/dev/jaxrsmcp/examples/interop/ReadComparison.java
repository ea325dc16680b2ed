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
 * {@code rounds} times each, all interleaved on a small pool, with any MCP client: the test kit's
 * {@code McpTestClient} (answers checked with its assertions) or the official SDK's ({@link
 * SdkReader}, answers compared as {@link Outcome}s).
 */
public final class ReadComparison {
  private static final int THREADS = 6;

  private ReadComparison() {}

  /** One caller's two answers: the {@code GET}'s and the MCP read's. */
  public record Pair<T>(Caller caller, Outcome get, T mcp) {}

  /** What reads a resource through MCP as one caller, from any thread. */
  public interface Reader<T> {
    /** The answer to a read of {@code uri}. */
    T read(String uri);
  }

  /**
   * Every pair, in the order they were started. {@code readers} holds one reader per caller for the
   * era under test.
   */
  public static <T> List<Pair<T>> compare(
      URI base, String path, String uri, Map<Caller, ? extends Reader<T>> readers, int rounds)
      throws InterruptedException {
    List<Caller> order = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      order.addAll(readers.keySet());
    }
    Collections.shuffle(order, new Random(path.hashCode()));
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<Pair<T>>> futures = new ArrayList<>();
      for (Caller caller : order) {
        Reader<T> reader = readers.get(caller);
        futures.add(
            pool.submit(
                () -> new Pair<>(caller, DirectGet.get(base, path, caller), reader.read(uri))));
      }
      List<Pair<T>> pairs = new ArrayList<>();
      for (Future<Pair<T>> future : futures) {
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

  /** An official SDK reader per caller for {@code era}; close them all when done. */
  public static Map<Caller, SdkReader> sdkReaders(URI mcp, Era era) {
    Map<Caller, SdkReader> readers = new EnumMap<>(Caller.class);
    for (Caller caller : Caller.values()) {
      readers.put(caller, SdkReader.open(mcp, era, caller));
    }
    return readers;
  }
}
