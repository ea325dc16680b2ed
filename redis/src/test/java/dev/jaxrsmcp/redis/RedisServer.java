package dev.jaxrsmcp.redis;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code redis-server} process on a loopback port, for tests. Fails (never skips) when the
 * binary is missing: CI installs it.
 */
public final class RedisServer implements AutoCloseable {
  private final int port;
  private final Path dir;
  private Process process;

  public RedisServer(int port) throws IOException {
    this.port = port;
    this.dir = Files.createTempDirectory("redis-test");
  }

  public static RedisServer startOnFreePort() throws Exception {
    RedisServer server = new RedisServer(dev.jaxrsmcp.testing.TestServer.freePort());
    server.start();
    return server;
  }

  public int port() {
    return port;
  }

  public String uri() {
    return "redis://127.0.0.1:" + port;
  }

  public void start() throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(
                List.of(
                    binary(),
                    "--port",
                    Integer.toString(port),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    dir.toString()))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("redis.log").toFile());
    process = builder.start();
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "redis-server exited: " + Files.readString(dir.resolve("redis.log")));
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return;
      } catch (IOException e) {
        Thread.sleep(50);
      }
    }
    throw new IllegalStateException("redis-server did not listen on port " + port);
  }

  public void stop() throws InterruptedException {
    if (process != null) {
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      process = null;
    }
  }

  private static String binary() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      Path candidate = Path.of(dir, "redis-server");
      if (Files.isExecutable(candidate)) {
        return candidate.toString();
      }
    }
    for (String fallback : List.of("/usr/bin/redis-server", "/usr/local/bin/redis-server")) {
      if (Files.isExecutable(Path.of(fallback))) {
        return fallback;
      }
    }
    throw new IllegalStateException(
        "redis-server is not installed; the README's test command installs it"
            + " (apt-get install -y redis-server)");
  }

  @Override
  public void close() throws InterruptedException {
    stop();
  }
}
