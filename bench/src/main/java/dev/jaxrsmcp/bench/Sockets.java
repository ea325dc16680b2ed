package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The machine's TCP sockets to and from a server's port ({@code ss -tnoi}, with the bytes each side
 * has not read yet), written to {@code bench/target/bench-logs/sockets-<port>.txt} for a look when
 * a client went unanswered: a request still in the server's receive queue was never read.
 */
final class Sockets {
  private Sockets() {}

  /** Writes the socket table; returns its path, or why there is none. */
  static String of(int port) {
    Path file =
        Path.of("bench", "target", "bench-logs", "sockets-" + port + ".txt").toAbsolutePath();
    try {
      Files.createDirectories(file.getParent());
      Process ss =
          new ProcessBuilder(
                  "ss",
                  "-tnoi",
                  "state",
                  "all",
                  "( sport = :" + port + " or dport = :" + port + " )")
              .redirectErrorStream(true)
              .redirectOutput(file.toFile())
              .start();
      if (!ss.waitFor(30, TimeUnit.SECONDS)) {
        ss.destroyForcibly();
        return "ss took more than 30 s (" + file + ")";
      }
      return file
          + " ("
          + Files.readString(file, StandardCharsets.UTF_8).lines().count()
          + " lines)";
    } catch (IOException e) {
      return "no socket table: " + e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "no socket table: interrupted";
    }
  }
}
