package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.endpoint.McpWire;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Asynchronous resource methods work through the bridge like synchronous ones. */
class AsyncReadTest {
  static final ExecutorService WORKERS = Executors.newFixedThreadPool(2);

  /** Released once the read that never answers has been given up on. */
  static final CountDownLatch RELEASE = new CountDownLatch(1);

  @Path("/async")
  @Produces("text/plain")
  public static class Slow {
    @GET
    @Path("/suspended/{id}")
    @McpResource(uri = "app://suspended/{id}")
    public void suspended(@PathParam("id") String id, @Suspended AsyncResponse response) {
      WORKERS.submit(
          () -> {
            switch (id) {
              case "missing" -> response.resume(new NotFoundException());
              case "broken" -> response.resume(new IllegalStateException("secret detail"));
              default -> response.resume("suspended " + id);
            }
          });
    }

    @GET
    @Path("/stage/{id}")
    @McpResource(uri = "app://stage/{id}")
    public CompletionStage<String> stage(@PathParam("id") String id) {
      return CompletableFuture.supplyAsync(
          () -> {
            if (id.equals("missing")) {
              throw new NotFoundException();
            }
            return "stage " + id;
          },
          WORKERS);
    }

    /** Sets its own, shorter timeout, with its own handler. */
    @GET
    @Path("/own")
    @McpResource(uri = "app://own")
    public void own(@Suspended AsyncResponse response) {
      response.setTimeoutHandler(r -> r.resume("own timeout"));
      response.setTimeout(200, TimeUnit.MILLISECONDS);
    }

    @GET
    @Path("/never")
    @McpResource(uri = "app://never")
    public void never(@Suspended AsyncResponse response) {
      WORKERS.submit(
          () -> {
            try {
              RELEASE.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            response.resume("too late");
          });
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Slow.class)
                .register(McpFeature.builder().readTimeout(Duration.ofSeconds(1)).build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    RELEASE.countDown();
    server.close();
    WORKERS.shutdownNow();
  }

  private static JsonNode read(String uri) {
    return McpWire.json(McpWire.read(mcp, uri).then().statusCode(200).extract().response());
  }

  @Test
  void suspendedResponseResumedOnAnotherThreadGivesContents() {
    assertThat(read("app://suspended/7").at("/result/contents/0/text").textValue())
        .isEqualTo("suspended 7");
  }

  @Test
  void suspendedResponseResumedWithNotFoundIsResourceNotFound() {
    assertThat(read("app://suspended/missing").at("/error").toString())
        .isEqualTo(
            "{\"code\":-32602,\"message\":\"Resource not found\","
                + "\"data\":{\"uri\":\"app://suspended/missing\"}}");
  }

  @Test
  void suspendedResponseResumedWithAnExceptionLeaksNothing() {
    JsonNode json = read("app://suspended/broken");

    assertThat(json.at("/error").toString())
        .isEqualTo(
            "{\"code\":-32603,\"message\":\"500 Internal Server Error\","
                + "\"data\":{\"status\":500,\"uri\":\"app://suspended/broken\"}}");
  }

  @Test
  void completionStageGivesContents() {
    assertThat(read("app://stage/8").at("/result/contents/0/text").textValue())
        .isEqualTo("stage 8");
  }

  @Test
  void completionStageFailingWithNotFoundIsResourceNotFound() {
    assertThat(read("app://stage/missing").at("/error/message").textValue())
        .isEqualTo("Resource not found");
  }

  @Test
  void readThatNeverAnswersTimesOut() {
    JsonNode json = read("app://never");

    assertThat(json.toString())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                + "\"message\":\"Read timed out after 1000 ms\"}}");
  }

  @Test
  void aRouteThatSetsItsOwnTimeoutGetsItsOwnHandler() {
    assertThat(read("app://own").at("/result/contents/0/text").textValue())
        .isEqualTo("own timeout");
  }
}
