package dev.jaxrsmcp.appservers.helidon;

import dev.jaxrsmcp.appservers.AppServerContract;
import dev.jaxrsmcp.appservers.ChildServer;
import dev.jaxrsmcp.appservers.Deployment;
import dev.jaxrsmcp.appservers.Jdk;
import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Helidon MP 4.4 in a child JVM (Java 21+), serving the application that CDI discovered on
 * 127.0.0.1; the contract's tests against it.
 */
class HelidonMpTest extends AppServerContract {
  @Override
  protected Deployment deploy() throws Exception {
    Path target = Path.of(System.getProperty("server.directory"));
    String classpath =
        System.getProperty("server.classes")
            + File.pathSeparator
            + Files.readString(Path.of(System.getProperty("server.classpath"))).trim();
    int port = ChildServer.freePort();
    URI base = URI.create("http://127.0.0.1:" + port + "/api/");
    ChildServer server =
        ChildServer.start(
            "Helidon MP",
            List.of(
                Jdk.javaAtLeast(21).toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-Dserver.host=127.0.0.1",
                "-Dserver.port=" + port,
                "-cp",
                classpath,
                "io.helidon.microprofile.cdi.Main"),
            target,
            target.resolve("helidon.log"),
            base.resolve("id/principal"),
            Duration.ofSeconds(120));
    return new Deployment() {
      @Override
      public URI base() {
        return base;
      }

      @Override
      public boolean servlet() {
        return false;
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
}
