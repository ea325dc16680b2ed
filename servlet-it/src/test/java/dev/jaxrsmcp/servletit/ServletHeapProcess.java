package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link ServletHeapServer} in a JVM of its own with a {@value #HEAP} heap (what it holds is then
 * the server's alone, and a server that holds too much fails rather than grows), as a {@link
 * ServletServer} for {@link StalledStreams}, with its admin calls: the live heap, a burst of
 * changes, one change.
 */
final class ServletHeapProcess implements ServletServer {
  static final String HEAP = "128m";
  private static final Pattern LISTENING = Pattern.compile("listening (\\d+)");

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final Process process;
  private final Path log;
  private final URI base;

  private ServletHeapProcess(Process process, Path log, URI base) {
    this.process = process;
    this.log = log;
    this.base = base;
  }

  /**
   * Starts the server on {@code kind} with this {@code maxUnsentBytes}; its output in {@code dir}.
   */
  static ServletHeapProcess start(Kind kind, long maxUnsent, Path dir) throws Exception {
    Path log = dir.resolve("server-" + kind + ".log");
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + HEAP,
                "-XX:+ExitOnOutOfMemoryError",
                "-Djava.io.tmpdir=" + dir,
                "-cp",
                System.getProperty("java.class.path"),
                ServletHeapServer.class.getName(),
                kind.name(),
                Long.toString(maxUnsent))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    Matcher listening = LISTENING.matcher(Files.readString(log));
    while (!listening.find()) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        process.destroyForcibly();
        throw new AssertionError("the heap server did not start: " + Files.readString(log));
      }
      Thread.sleep(100); // polls its output
      listening = LISTENING.matcher(Files.readString(log));
    }
    return new ServletHeapProcess(
        process, log, URI.create("http://127.0.0.1:" + listening.group(1) + "/api/"));
  }

  @Override
  public URI base() {
    return base;
  }

  /** The server's live heap after full collections, in bytes. */
  long liveHeap() throws Exception {
    return Long.parseLong(call("GET", "admin/heap"));
  }

  /** Changes {@code prefix + 0} to {@code prefix + (count - 1)} once; how many were told. */
  int burst(String prefix, int count) throws Exception {
    return Integer.parseInt(
        call("POST", "admin/burst?prefix=" + encoded(prefix) + "&count=" + count));
  }

  /** One change of {@code uri}; how many were told. */
  int change(String uri) throws Exception {
    return Integer.parseInt(call("POST", "admin/change?uri=" + encoded(uri)));
  }

  /** What the server printed so far. */
  String output() throws Exception {
    return Files.readString(log);
  }

  private String call(String method, String path) throws Exception {
    assertThat(process.isAlive()).as("the heap server runs: %s", output()).isTrue();
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(60))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as("%s %s: %s", method, path, response.body()).isEqualTo(200);
    return response.body().trim();
  }

  private static String encoded(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws Exception {
    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
  }
}
