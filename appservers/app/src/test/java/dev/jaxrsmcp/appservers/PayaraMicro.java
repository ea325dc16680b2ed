package dev.jaxrsmcp.appservers;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The module's WAR on Payara Micro in a child JVM on 127.0.0.1, as a user runs it: {@code java -jar
 * payara-micro.jar --deploy app.war} (context root {@code /app}, so MCP is at {@code
 * /app/api/mcp}), without clustering. The pom passes the jar and the WAR as system properties.
 */
public final class PayaraMicro {
  private PayaraMicro() {}

  /** Starts it on a JDK of at least {@code javaFeature} and waits until the application answers. */
  public static Deployment deploy(String name, int javaFeature) throws Exception {
    Path target = Path.of(System.getProperty("server.directory"));
    Path root = target.resolve("payara-root");
    deleteTree(
        root); // a root left by an earlier run would deploy its WAR again, after the ready check
    int port = ChildServer.freePort();
    URI base = URI.create("http://127.0.0.1:" + port + "/app/api/");
    ChildServer server =
        ChildServer.start(
            name,
            List.of(
                Jdk.javaAtLeast(javaFeature).toString(),
                "-Xmx512m",
                "-XX:TieredStopAtLevel=1",
                "-jar",
                System.getProperty("payara.jar"),
                "--nocluster",
                "--port",
                String.valueOf(port),
                "--rootdir",
                root.toString(),
                "--deploy",
                System.getProperty("payara.war")),
            target,
            target.resolve("payara.log"),
            base.resolve("id/principal"),
            Duration.ofSeconds(240));
    return new Deployment() {
      @Override
      public URI base() {
        return base;
      }

      @Override
      public boolean servlet() {
        return true;
      }

      @Override
      public String log() {
        return server.output();
      }

      @Override
      public void close() throws Exception {
        server.close();
      }
    };
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
