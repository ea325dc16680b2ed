package dev.jaxrsmcp.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What a {@code java.util.logging} logger logs while this is open, for example the access record:
 *
 * <pre>{@code
 * try (LoggedRecords access = LoggedRecords.of("dev.jaxrsmcp.access")) {
 *   ... // MCP requests
 *   assertThat(access.messages()).anySatisfy(line -> assertThat(line).contains(" id=5 "));
 * }
 * }</pre>
 */
public final class LoggedRecords implements AutoCloseable {
  private final Logger logger;
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler handler =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  private LoggedRecords(Logger logger) {
    this.logger = logger;
    logger.addHandler(handler);
  }

  /** Starts collecting what the logger named {@code name} logs. */
  public static LoggedRecords of(String name) {
    return new LoggedRecords(Logger.getLogger(name));
  }

  /** The records so far, as they were logged; a live view. */
  public List<LogRecord> records() {
    return records;
  }

  /** The records' messages so far. */
  public List<String> messages() {
    return records.stream().map(LogRecord::getMessage).toList();
  }

  @Override
  public void close() {
    logger.removeHandler(handler);
  }
}
