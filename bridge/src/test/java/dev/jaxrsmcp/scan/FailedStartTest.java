package dev.jaxrsmcp.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
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
    assertThatCode(() -> bind(port)).doesNotThrowAnyException();
  }

  /**
   * Binding the port shows nothing listens on it. (Expecting a connect to be refused is not a test:
   * a loopback connect can pick that port as its own source port and connect to itself.)
   */
  private static void bind(int port) throws IOException {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress("127.0.0.1", port));
    }
  }
}
