package dev.jaxrsmcp.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/** A bad declaration stops the whole application: no server, not even its plain HTTP routes. */
class FailedStartTest {

  @Path("/widgets")
  public static class Widgets {
    @GET
    public String list() {
      return "[]";
    }

    @POST
    @McpResource
    public String create() {
      return "";
    }
  }

  @Test
  void grizzlyServerIsNotCreatedAndThePortStaysClosed() {
    int port = TestServer.freePort();
    URI base = URI.create("http://127.0.0.1:" + port + "/");
    ResourceConfig app = new ResourceConfig(Widgets.class).register(McpFeature.builder().build());

    Throwable thrown = catchThrowable(() -> GrizzlyHttpServerFactory.createHttpServer(base, app));

    assertThat(thrown).isNotNull();
    Throwable cause = thrown;
    while (cause != null && !(cause instanceof McpConfigurationException)) {
      cause = cause.getCause();
    }
    assertThat(cause)
        .isInstanceOf(McpConfigurationException.class)
        .hasMessage(
            """
            Invalid @McpResource declaration:
            @McpResource requires a @GET resource method (found @POST)
                for method Widgets.create""");
    assertThatThrownBy(() -> connect(port)).isInstanceOf(ConnectException.class);
  }

  private static void connect(int port) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
    }
  }
}
