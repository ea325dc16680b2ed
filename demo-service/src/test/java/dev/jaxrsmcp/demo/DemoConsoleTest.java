package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo as {@code java -jar} runs it ({@link DemoServer#main}, in a child JVM with the JDK's
 * default logging): its console shows each MCP operation as the access record's one line, nothing
 * around it.
 */
class DemoConsoleTest {
  private static final Pattern LISTENING =
      Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)/");

  @TempDir Path dir;

  @Test
  void eachMcpOperationIsOneLineOnTheConsole() throws Exception {
    Path err = dir.resolve("stderr.txt");
    Process demo =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                DemoServer.class.getName(),
                "--port",
                "0")
            .redirectError(err.toFile())
            .start();
    try {
      int port = port(demo);
      HttpResponse<String> read =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                      .header("Content-Type", "application/json")
                      .header("Accept", "application/json, text/event-stream")
                      .header("Authorization", "Bearer demo-token")
                      .header("MCP-Protocol-Version", "2026-07-28")
                      .header("Mcp-Method", "resources/read")
                      .header("Mcp-Name", "app://widgets/1/state")
                      .POST(
                          HttpRequest.BodyPublishers.ofString(
                              "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"resources/read\","
                                  + "\"params\":{\"uri\":\"app://widgets/1/state\",\"_meta\":{"
                                  + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                                  + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}"))
                      .timeout(Duration.ofSeconds(30))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(read.statusCode()).isEqualTo(200);
      assertThat(read.body()).contains("\"result\"");

      List<String> console = awaitRecord(err);
      assertThat(console).noneMatch(line -> line.contains("AccessRecord"));
      assertThat(console.stream().filter(line -> line.contains("resources/read")))
          .singleElement()
          .asString()
          .matches(
              "^\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z \\S+ 2026-07-28 session=- resources/read"
                  + " app://widgets/1/state id=7 route=\"GET /api/widgets/1/state\" outcome=200"
                  + " route_status=200 error=- ms=\\d+ bytes=\\d+$");
    } finally {
      demo.destroy();
      demo.waitFor(20, TimeUnit.SECONDS);
    }
  }

  /** The console's lines once the record's line is there (or after 20 s). */
  private static List<String> awaitRecord(Path err) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
      if (lines.stream().anyMatch(line -> line.contains("resources/read"))
          || System.nanoTime() > deadline) {
        return lines;
      }
      Thread.sleep(50);
    }
  }

  private static int port(Process demo) throws Exception {
    CompletableFuture<Integer> port = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader out =
                  new BufferedReader(
                      new InputStreamReader(demo.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                  Matcher m = LISTENING.matcher(line);
                  if (m.find()) {
                    port.complete(Integer.parseInt(m.group(1)));
                  }
                }
                port.completeExceptionally(new IllegalStateException("the demo ended"));
              } catch (Exception e) {
                port.completeExceptionally(e);
              }
            });
    reader.setDaemon(true);
    reader.start();
    return port.get(60, TimeUnit.SECONDS);
  }
}
