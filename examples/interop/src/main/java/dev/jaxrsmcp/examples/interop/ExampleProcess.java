package dev.jaxrsmcp.examples.interop;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An example application started as users start it: {@code java -jar <jar> <args>} in its own
 * process, with {@code PORT} set to a free loopback port. Ready once its output shows the line the
 * framework prints when it listens.
 */
public final class ExampleProcess implements AutoCloseable {
  private static final int KEPT_LINES = 400;

  private final Process process;
  private final int port;
  private final Deque<String> output = new ArrayDeque<>();
  private final CountDownLatch ready = new CountDownLatch(1);

  private ExampleProcess(Process process, int port, String readyText) {
    this.process = process;
    this.port = port;
    Thread reader = new Thread(null, () -> read(readyText), "example-output-" + port, 0, false);
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts {@code java -jar jar args...} (the JVM running the tests) in {@code directory} and waits
   * until a line of its output contains {@code readyText}.
   */
  public static ExampleProcess start(
      Path jar, List<String> args, Path directory, String readyText, Duration timeout)
      throws IOException, InterruptedException {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException("example jar missing (run `mvn package` first): " + jar);
    }
    int port = freePort();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx256m");
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
    builder.environment().put("PORT", Integer.toString(port));
    builder.redirectErrorStream(true);
    ExampleProcess example = new ExampleProcess(builder.start(), port, readyText);
    if (!example.ready.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      String log = example.log();
      example.close();
      throw new IllegalStateException(
          "example did not print \"" + readyText + "\" within " + timeout + ":\n" + log);
    }
    return example;
  }

  /** {@code http://127.0.0.1:<port>}. */
  public URI base() {
    return URI.create("http://127.0.0.1:" + port);
  }

  /** The MCP endpoint, {@code /mcp}. */
  public URI mcp() {
    return base().resolve("/mcp");
  }

  /** The last lines the application printed. */
  public String log() {
    synchronized (output) {
      return String.join("\n", output);
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  private void read(String readyText) {
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        synchronized (output) {
          output.addLast(line);
          if (output.size() > KEPT_LINES) {
            output.removeFirst();
          }
        }
        if (line.contains(readyText)) {
          ready.countDown();
        }
      }
    } catch (IOException e) {
      synchronized (output) {
        output.addLast("(output ended: " + e + ")");
      }
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
