package dev.jaxrsmcp.demo;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.StreamHandler;

/**
 * The demo's console for the bridge's access record (logger {@code dev.jaxrsmcp.access}): a line
 * per MCP operation, as the record writes it (it starts with its own time), instead of {@code
 * java.util.logging}'s default two-line format, whose date formatting cost about five times what
 * the rest of a line does (3.7 µs of CPU and 6.7 KB per line, against 0.7 µs and 0.8 KB).
 *
 * <p>Lines are buffered and flushed every {@value #FLUSH_MILLIS} ms (and when the JVM ends), as a
 * production logger's asynchronous or buffered appender does: {@code ConsoleHandler} flushes each
 * record, one write to the console per MCP operation while every request thread waits on the
 * handler's lock, which cost the demo's reads more than the rest of the record.
 */
final class AccessLog {
  static final long FLUSH_MILLIS = 100;

  /**
   * Held here: {@code java.util.logging} holds its loggers only weakly, and with them this setup.
   */
  private static final Logger ACCESS = Logger.getLogger("dev.jaxrsmcp.access");

  private static boolean installed;

  private AccessLog() {}

  /**
   * Writes the access record's lines to the console as they are; the rest of the logging as was.
   * Once: later calls change nothing.
   */
  static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    StreamHandler console =
        new StreamHandler(
            System.err,
            new Formatter() {
              @Override
              public String format(LogRecord record) {
                return record.getMessage() + System.lineSeparator();
              }
            }) {
          /** Flushes, but leaves the console open (as {@code ConsoleHandler} does). */
          @Override
          public synchronized void close() {
            flush();
          }
        };
    ScheduledExecutorService flusher =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "demo-access-log-flush");
              thread.setDaemon(true);
              return thread;
            });
    flusher.scheduleWithFixedDelay(
        console::flush, FLUSH_MILLIS, FLUSH_MILLIS, TimeUnit.MILLISECONDS);
    Runtime.getRuntime().addShutdownHook(new Thread(console::flush, "demo-access-log-last-flush"));
    ACCESS.addHandler(console);
    ACCESS.setUseParentHandlers(false);
  }
}
