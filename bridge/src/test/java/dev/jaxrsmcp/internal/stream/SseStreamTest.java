package dev.jaxrsmcp.internal.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/** The bytes a session's notification stream puts on the wire, through a real Jersey server. */
class SseStreamTest {
  @Path("/stream")
  public static class Streaming {
    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Response stream(@Context ContainerRequest request) {
      SseStream stream = new SseStream();
      new Thread(
              () -> {
                ObjectNode params = JsonNodeFactory.instance.objectNode();
                params.put("uri", "app://widgets/1").put("text", "two\nlines");
                ObjectNode message =
                    JsonNodeFactory.instance
                        .objectNode()
                        .put("jsonrpc", "2.0")
                        .put("method", "notifications/resources/updated");
                message.set("params", params);
                stream.send(message);
                stream.keepAlive();
                stream.close();
              })
          .start();
      return stream.answer(request);
    }
  }

  @Test
  void messagesAreOneLineMessageEventsAndKeepAlivesAreComments() throws Exception {
    try (TestServer server = TestServer.start(new ResourceConfig(Streaming.class))) {
      HttpResponse<String> response =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .build()
              .sendAsync(
                  HttpRequest.newBuilder(URI.create(server.baseUri() + "stream"))
                      .timeout(Duration.ofSeconds(30))
                      .build(),
                  HttpResponse.BodyHandlers.ofString())
              .get(30, TimeUnit.SECONDS);
      assertThat(response.body())
          .isEqualTo(
              "event: message\n"
                  + "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\","
                  + "\"params\":{\"uri\":\"app://widgets/1\",\"text\":\"two\\nlines\"}}\n"
                  + "\n"
                  + ": keep-alive\n"
                  + "\n");
    }
  }
}
