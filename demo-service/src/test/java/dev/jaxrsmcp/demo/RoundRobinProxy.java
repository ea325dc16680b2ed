package dev.jaxrsmcp.demo;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real HAProxy (the Debian package; {@code scripts/test.sh} installs it) on a free loopback port,
 * sending each HTTP request to the next backend in turn: {@code balance roundrobin}, no stickiness,
 * every request balanced anew even on a kept-alive client connection. Fails (never skips) when
 * {@code haproxy} is missing.
 */
public final class RoundRobinProxy implements AutoCloseable {
  private final int port;
  private final Path dir;
  private final Process process;

  private RoundRobinProxy(int port, Path dir, Process process) {
    this.port = port;
    this.dir = dir;
    this.process = process;
  }

  /** Starts HAProxy in front of the backends' loopback ports. */
  public static RoundRobinProxy start(int port, List<Integer> backends) throws Exception {
    Path dir = Files.createTempDirectory("haproxy-test");
    StringBuilder config =
        new StringBuilder()
            .append("global\n  maxconn 512\n")
            .append("defaults\n  mode http\n  timeout connect 5s\n")
            // Streams stay open: longer than the bridge's keep-alive interval (15 s by default).
            .append("  timeout client 120s\n  timeout server 120s\n")
            .append("frontend mcp\n  bind 127.0.0.1:")
            .append(port)
            .append("\n  default_backend bridges\n")
            .append("backend bridges\n  balance roundrobin\n");
    for (int i = 0; i < backends.size(); i++) {
      config
          .append("  server b")
          .append(i)
          .append(" 127.0.0.1:")
          .append(backends.get(i))
          .append('\n');
    }
    Path file = dir.resolve("haproxy.cfg");
    Files.writeString(file, config);
    Process process =
        new ProcessBuilder(binary(), "-db", "-f", file.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("haproxy.log").toFile())
            .start();
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "haproxy exited: " + Files.readString(dir.resolve("haproxy.log")));
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return new RoundRobinProxy(port, dir, process);
      } catch (IOException e) {
        Thread.sleep(50);
      }
    }
    process.destroyForcibly();
    throw new IllegalStateException("haproxy did not listen on port " + port);
  }

  /** The proxy's base URL. */
  public String baseUrl() {
    return "http://127.0.0.1:" + port + "/";
  }

  @Override
  public void close() throws InterruptedException, IOException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    Files.deleteIfExists(dir.resolve("haproxy.log"));
    Files.deleteIfExists(dir.resolve("haproxy.cfg"));
    Files.deleteIfExists(dir);
  }

  private static String binary() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      Path candidate = Path.of(dir, "haproxy");
      if (Files.isExecutable(candidate)) {
        return candidate.toString();
      }
    }
    for (String fallback : List.of("/usr/sbin/haproxy", "/usr/local/sbin/haproxy")) {
      if (Files.isExecutable(Path.of(fallback))) {
        return fallback;
      }
    }
    throw new IllegalStateException(
        "haproxy is not installed; the README's test command installs it"
            + " (apt-get install -y haproxy)");
  }
}
