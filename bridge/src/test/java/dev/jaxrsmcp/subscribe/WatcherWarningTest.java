package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpWatcher;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WatcherWarningTest {
  @Path("/w")
  public static class Watched {
    @GET
    @Path("{id}")
    @McpResource(uri = "app://w/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return id;
    }
  }

  private final Logger logger = Logger.getLogger("dev.jaxrsmcp.internal.install.WatcherCheck");
  private final List<String> warnings = new CopyOnWriteArrayList<>();
  private final Handler handler =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          warnings.add(record.getMessage());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void listen() {
    logger.addHandler(handler);
  }

  @AfterEach
  void stopListening() {
    logger.removeHandler(handler);
  }

  @Test
  void subscribableTemplateWithoutAWatcherIsWarnedAbout() {
    new ApplicationHandler(
        new ResourceConfig(Watched.class).register(McpFeature.builder().build()));

    assertThat(warnings)
        .containsExactly(
            "subscribable template 'app://w/{id}' of Watched.item has no watcher: subscribers are"
                + " told only of changes pushed through McpChanges.changed(uri)");
  }

  @Test
  void pushedSaysTheApplicationPushesAndSilencesTheWarning() {
    new ApplicationHandler(
        new ResourceConfig(Watched.class)
            .register(McpFeature.builder().watch("app://w/{id}", McpWatcher.pushed()).build()));

    assertThat(warnings).isEmpty();
  }
}
