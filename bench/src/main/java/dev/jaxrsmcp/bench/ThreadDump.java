package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A server JVM's threads, written to a file with {@code jcmd} when a run fails, to see why. */
final class ThreadDump {
  private ThreadDump() {}

  /** Writes the dump to {@code bench/target/bench-logs/threads-<pid>.txt}; returns that path. */
  static String of(long pid) {
    Path file =
        Path.of("bench", "target", "bench-logs", "threads-" + pid + ".txt").toAbsolutePath();
    try {
      Files.createDirectories(file.getParent());
      Process jcmd = jcmd(pid, "Thread.print", file);
      if (!jcmd.waitFor(30, TimeUnit.SECONDS)) {
        jcmd.destroyForcibly();
        return "jcmd took more than 30 s (" + file + ")";
      }
      return file.toString();
    } catch (IOException e) {
      return "no thread dump: " + e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "no thread dump: interrupted";
    }
  }

  /**
   * Starts this JDK's {@code jcmd PID command}, its output (and errors) written to {@code file}.
   */
  static Process jcmd(long pid, String command, Path file) throws IOException {
    return new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
            Long.toString(pid),
            command)
        .redirectErrorStream(true)
        .redirectOutput(file.toFile())
        .start();
  }
}
