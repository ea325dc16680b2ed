package dev.jaxrsmcp.dropwizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.testing.Mcp;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Dropwizard's request log prints what an MCP request did, from the request attributes the bridge
 * sets, with logback-access's {@code %reqAttribute{name}} (the pattern docs/observability.md
 * gives): here for an anonymous read, as Dropwizard's example leaves MCP unauthenticated.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class RequestLogTest {
  private static final Path LOG = requestLog();

  static final DropwizardAppExtension<NotesApplication.NotesConfiguration> APP =
      new DropwizardAppExtension<>(
          NotesApplication.class,
          ResourceHelpers.resourceFilePath("notes-request-log.yml"),
          ConfigOverride.config(
              "server.requestLog.appenders[0].currentLogFilename", LOG.toString()));

  private static Path requestLog() {
    try {
      return Files.createTempDirectory("dropwizard-request-log").resolve("requests.log");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The log's lines once it has {@code count} (written after the response, off its thread). */
  private static List<String> lines(int count) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (true) {
      List<String> lines =
          Files.exists(LOG) ? Files.readAllLines(LOG, StandardCharsets.UTF_8) : List.of();
      if (lines.size() >= count || System.nanoTime() > deadline) {
        return lines;
      }
      Thread.sleep(20);
    }
  }

  @Test
  void anMcpReadIsLoggedWithItsMethodUriRouteAndCaller() throws Exception {
    Mcp mcp = new Mcp("http://127.0.0.1:" + APP.getLocalPort() + "/ai");
    assertThat(mcp.read("app://notes/7").statusCode()).isEqualTo(200);

    assertThat(lines(1))
        .containsExactly(
            "POST /ai 200 mcp=resources/read uri=app://notes/7 route=\"GET /notes/7\""
                + " caller=anonymous");
  }
}
