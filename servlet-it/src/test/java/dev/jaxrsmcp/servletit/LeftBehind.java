package dev.jaxrsmcp.servletit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What a stopped web application may leave behind: the live threads of the bridge's shared pools,
 * and Tomcat's warnings of threads a stopped application left running.
 */
final class LeftBehind implements AutoCloseable {
  /** Tomcat's logger for what a stopped application left behind. */
  private static final String LEAKS = "org.apache.catalina.loader.WebappClassLoaderBase";

  private final List<String> warnings = new CopyOnWriteArrayList<>();
  private final Logger leaks = Logger.getLogger(LEAKS);
  private final Handler handler =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
            warnings.add(String.valueOf(record.getMessage()));
          }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  private LeftBehind() {
    leaks.addHandler(handler);
  }

  /** Collects Tomcat's warnings until closed. */
  static LeftBehind watchTomcat() {
    return new LeftBehind();
  }

  /** Tomcat's warnings so far of what a stopped application left. */
  List<String> tomcatWarnings() {
    return List.copyOf(warnings);
  }

  /** The live threads of the bridge's shared pools (writers, senders, queued reads) that match. */
  static List<String> bridgeThreads(Predicate<Thread> matching) {
    List<String> names = new ArrayList<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      String name = thread.getName();
      if ((name.startsWith("jaxrs-mcp-writer-")
              || name.startsWith("jaxrs-mcp-sender-")
              || name.startsWith("jaxrs-mcp-queued-read-"))
          && matching.test(thread)) {
        names.add(name);
      }
    }
    return names;
  }

  @Override
  public void close() {
    leaks.removeHandler(handler);
  }
}
