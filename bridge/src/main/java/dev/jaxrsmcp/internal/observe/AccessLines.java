package dev.jaxrsmcp.internal.observe;

/**
 * Where the access record's lines go: the platform logger {@value AccessRecord#LOGGER}. When the
 * platform's loggers are {@code java.util.logging}'s (the JDK's default: no logging framework
 * installed a {@link System.LoggerFinder} of its own), a line is logged with its source named, so
 * that {@code java.util.logging} does not walk the stack to find it for its formatter: that walk
 * was about half of what a record cost with the JDK's console handler (4 of 8 µs of CPU per line,
 * and 1.8 of 8.5 KB allocated). Any other backend gets the line through {@link System.Logger}, as
 * every other logger of the bridge.
 */
final class AccessLines {
  private static final String SOURCE_CLASS = AccessRecord.class.getName();
  private static final String SOURCE_METHOD = "ended";

  /** The platform's default finder, whose loggers are {@code java.util.logging}'s. */
  private static final String JUL_FINDER = "sun.util.logging.internal.LoggingProviderImpl";

  private static final System.Logger PLATFORM = System.getLogger(AccessRecord.LOGGER);

  /**
   * The logger itself when the platform's loggers are {@code java.util.logging}'s (held here, as
   * {@code java.util.logging} holds its loggers only weakly, with their configured level); else
   * null.
   */
  private static final Object JUL = julLogger();

  private AccessLines() {}

  /** Whether a line is written at all: the logger takes {@code INFO}. */
  static boolean enabled() {
    return JUL != null
        ? ((java.util.logging.Logger) JUL).isLoggable(java.util.logging.Level.INFO)
        : PLATFORM.isLoggable(System.Logger.Level.INFO);
  }

  /** Writes {@code line} at {@code INFO}. */
  static void write(String line) {
    if (JUL != null) {
      ((java.util.logging.Logger) JUL)
          .logp(java.util.logging.Level.INFO, SOURCE_CLASS, SOURCE_METHOD, line);
    } else {
      PLATFORM.log(System.Logger.Level.INFO, line);
    }
  }

  private static Object julLogger() {
    try {
      if (System.LoggerFinder.getLoggerFinder().getClass().getName().equals(JUL_FINDER)) {
        return java.util.logging.Logger.getLogger(AccessRecord.LOGGER);
      }
    } catch (LinkageError | SecurityException e) {
      // no java.util.logging here, or not allowed to ask: the platform logger it is
    }
    return null;
  }
}
