package dev.jaxrsmcp.internal.subscribe;

import dev.jaxrsmcp.McpWatcher;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts one watcher per watched URI on this instance, shared by every subscriber of that URI, and
 * stops it when the last subscriber leaves.
 */
final class WatcherRegistry {
  private static final System.Logger LOG = System.getLogger(WatcherRegistry.class.getName());

  private final Object lock = new Object();
  // guarded by lock
  private final Map<String, Watch> watches = new HashMap<>();

  private static final class Watch {
    int subscribers;
    McpWatcher.Handle handle;
  }

  /** Counts one more subscriber of {@code uri}; the first one starts {@code watcher}. */
  void acquire(String uri, McpWatcher watcher, McpWatcher.Target target) {
    Watch watch;
    synchronized (lock) {
      watch = watches.computeIfAbsent(uri, u -> new Watch());
      watch.subscribers++;
      if (watch.subscribers > 1) {
        return;
      }
    }
    McpWatcher.Handle handle;
    try {
      handle = watcher.watch(target);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.ERROR, "watcher for " + uri + " failed to start", e);
      handle = () -> {};
    }
    boolean stale;
    synchronized (lock) {
      stale = watches.get(uri) != watch;
      if (!stale) {
        watch.handle = handle;
      }
    }
    if (stale) {
      close(uri, handle); // every subscriber left while it was starting
    }
  }

  /** Counts one subscriber of {@code uri} less; the last one stops its watcher. */
  void release(String uri) {
    McpWatcher.Handle handle;
    synchronized (lock) {
      Watch watch = watches.get(uri);
      if (watch == null || --watch.subscribers > 0) {
        return;
      }
      watches.remove(uri);
      handle = watch.handle;
    }
    if (handle != null) {
      close(uri, handle);
    }
  }

  /** URIs currently watched. */
  List<String> watched() {
    synchronized (lock) {
      return List.copyOf(watches.keySet());
    }
  }

  private static void close(String uri, McpWatcher.Handle handle) {
    try {
      handle.close();
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "watcher for " + uri + " failed to stop", e);
    }
  }
}
