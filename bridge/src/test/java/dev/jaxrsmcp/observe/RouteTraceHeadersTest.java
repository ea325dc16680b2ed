package dev.jaxrsmcp.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client's trace headers reach the route run in place, unless an observer's scope makes the
 * operation's own trace current ({@link McpObserver.Operation#carriesTrace()}): then the route's
 * request carries none, so that the application's HTTP tracing parents the route's span on the
 * operation's span instead of the client's.
 */
class RouteTraceHeadersTest {
  static final String HTTP_PARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
  static final String META_PARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  @Path("/trace")
  public static class Routes {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://trace")
    public String headers(@Context HttpHeaders headers) {
      StringBuilder seen = new StringBuilder();
      for (String name : List.of("traceparent", "tracestate", "baggage", "b3", "X-B3-TraceId")) {
        seen.append(name).append('=').append(headers.getHeaderString(name)).append('\n');
      }
      return seen.toString();
    }
  }

  TestServer server;

  @AfterEach
  void stop() {
    server.close();
  }

  private String read(McpObserver observer) {
    server =
        TestServer.start(
            new ResourceConfig(Routes.class)
                .register(McpFeature.builder().observer(observer).build()));
    Mcp mcp = new Mcp(server.mcpUrl());
    ObjectNode body = Mcp.body(1, "resources/read", Map.of("uri", "app://trace"));
    ((ObjectNode) body.get("params").get("_meta")).put("traceparent", META_PARENT);
    return mcp.request("resources/read", "app://trace")
        .header("traceparent", HTTP_PARENT)
        .header("tracestate", "vendor=x")
        .header("baggage", "user=alice")
        .header("b3", "80f198ee56343ba864fe8b2a57d3eff7-e457b5a2e4d86bd1-1")
        .header("X-B3-TraceId", "80f198ee56343ba864fe8b2a57d3eff7")
        .body(body.toString())
        .post(mcp.url())
        .then()
        .statusCode(200)
        .extract()
        .path("result.contents[0].text");
  }

  @Test
  void withoutATracingObserverTheRouteGetsTheClientsTraceHeadersTheMetaOnesFirst() {
    assertThat(read(operation -> new McpObserver.Operation() {}))
        .isEqualTo(
            "traceparent="
                + META_PARENT
                + "\ntracestate=vendor=x\nbaggage=user=alice"
                + "\nb3=80f198ee56343ba864fe8b2a57d3eff7-e457b5a2e4d86bd1-1"
                + "\nX-B3-TraceId=80f198ee56343ba864fe8b2a57d3eff7\n");
  }

  @Test
  void underATracingObserversScopeTheRouteGetsNoneOfThem() {
    McpObserver tracing =
        operation ->
            new McpObserver.Operation() {
              @Override
              public boolean carriesTrace() {
                return true;
              }
            };
    assertThat(read(tracing))
        .isEqualTo("traceparent=null\ntracestate=null\nbaggage=null\nb3=null\nX-B3-TraceId=null\n");
  }
}
