package dev.jaxrsmcp.appservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A server in a JVM of its own (another Java than the tests' may run it), its output in a log file:
 * started, then ready once {@code ready} answers 200; stopped (and killed if it does not stop) by
 * {@link #close}, or when the test JVM exits.
 */
public final class ChildServer implements AutoCloseable {
  private final String name;
  private final Process process;
  private final Path log;
  private final Thread reaper;

  private ChildServer(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.reaper = new Thread(process::destroyForcibly, name + "-reaper");
    Runtime.getRuntime().addShutdownHook(reaper);
  }

  /** A free port on 127.0.0.1 now. */
  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs {@code command} in {@code directory} and waits until a GET of {@code ready} answers 200;
   * fails with the log's tail when the process ends first or {@code within} passes.
   */
  public static ChildServer start(
      String name, List<String> command, Path directory, Path log, URI ready, Duration within)
      throws IOException, InterruptedException {
    Files.createDirectories(directory);
    Files.createDirectories(log.getParent());
    Process process =
        new ProcessBuilder(command)
            .directory(directory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    ChildServer server = new ChildServer(name, process, log);
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      if (!process.isAlive()) {
        server.close();
        throw new IllegalStateException(
            name
                + " exited with "
                + process.exitValue()
                + " before it was ready:\n"
                + server.tail());
      }
      try {
        HttpResponse<Void> answer =
            http.send(
                HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(5)).GET().build(),
                HttpResponse.BodyHandlers.discarding());
        if (answer.statusCode() == 200) {
          return server;
        }
      } catch (IOException e) {
        // not listening yet
      }
      if (System.nanoTime() > deadline) {
        server.close();
        throw new IllegalStateException(
            name + " was not ready within " + within + " (" + ready + "):\n" + server.tail());
      }
      Thread.sleep(250);
    }
  }

  /** The last lines of the server's output. */
  public String tail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    } catch (IOException | RuntimeException e) {
      return "(no log at " + log + ": " + e + ")";
    }
  }

  /** The server's whole output so far. */
  public String output() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    try {
      Runtime.getRuntime().removeShutdownHook(reaper);
    } catch (IllegalStateException e) {
      // the JVM is exiting: the hook runs anyway
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
