package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.nio.file.Path;

/** A server JVM's threads, written to a file with {@code jcmd} when a run fails, to see why. */
final class ThreadDump {
  private ThreadDump() {}

  /** Writes the dump to {@code bench/target/bench-logs/threads-<pid>.txt}; returns that path. */
  static String of(long pid) {
    return Diagnostics.run(
        file -> jcmd(pid, "Thread.print", file), "threads-" + pid + ".txt", "thread dump");
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
