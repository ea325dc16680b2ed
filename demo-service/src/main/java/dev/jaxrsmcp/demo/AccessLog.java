package dev.jaxrsmcp.demo;

import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The demo's console for the bridge's access record (logger {@code dev.jaxrsmcp.access}): a line
 * per MCP operation, as the record writes it (it starts with its own time), instead of {@code
 * java.util.logging}'s default two-line format, whose date formatting cost about five times what
 * the rest of a line does (3.7 µs of CPU and 6.7 KB per line, against 0.7 µs and 0.8 KB).
 */
final class AccessLog {
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
    ConsoleHandler console = new ConsoleHandler();
    console.setFormatter(
        new Formatter() {
          @Override
          public String format(LogRecord record) {
            return record.getMessage() + System.lineSeparator();
          }
        });
    ACCESS.addHandler(console);
    ACCESS.setUseParentHandlers(false);
  }
}
