package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A diagnostic command (a thread dump, a socket table) run into a file of {@code
 * bench/target/bench-logs}, for a look when a run goes wrong: it is given at most 30 s.
 */
final class Diagnostics {
  /** Starts a command with its output (and errors) written to the given file. */
  @FunctionalInterface
  interface Command {
    Process start(Path file) throws IOException;
  }

  private Diagnostics() {}

  /**
   * Runs {@code command} into {@code bench/target/bench-logs/<name>}; returns that path, or why
   * not.
   */
  static String run(Command command, String name, String what) {
    Path file = Path.of("bench", "target", "bench-logs", name).toAbsolutePath();
    try {
      Files.createDirectories(file.getParent());
      Process process = command.start(file);
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return what + " took more than 30 s (" + file + ")";
      }
      return file.toString();
    } catch (IOException e) {
      return "no " + what + ": " + e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "no " + what + ": interrupted";
    }
  }
}
