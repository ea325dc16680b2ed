package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Bytes past maxBytes are dropped and the result says so; the route can see that it is full. */
class TruncationTest {
  static final List<String> fullness = new CopyOnWriteArrayList<>();

  @Path("/digits")
  public static class Digits {
    /** {@code count} digits 0-9 repeated, written ten at a time; notes isFull after each. */
    @GET
    @Path("/text/{count}")
    @Produces("text/plain")
    @McpResource(uri = "app://digits/text/{count}", longRunning = true, maxBytes = 25)
    public StreamingOutput text(@PathParam("count") int count, @Context McpContext mcp) {
      return out -> {
        for (int written = 0; written < count; written += 10) {
          byte[] ten = "0123456789".substring(0, Math.min(10, count - written)).getBytes();
          out.write(ten);
          out.flush();
          fullness.add(written + ten.length + ":" + mcp.isFull());
        }
      };
    }

    @GET
    @Path("/bytes/{count}")
    @Produces("application/octet-stream")
    @McpResource(uri = "app://digits/bytes/{count}", longRunning = true, maxBytes = 4)
    public byte[] bytes(@PathParam("count") int count) {
      byte[] bytes = new byte[count];
      for (int i = 0; i < count; i++) {
        bytes[i] = (byte) (250 + i);
      }
      return bytes;
    }
  }

  private TestServer server;

  @BeforeEach
  void start() {
    fullness.clear();
    server =
        TestServer.start(
            new ResourceConfig(Digits.class)
                .register(
                    McpFeature.builder().longRunningKeepAlive(Duration.ofSeconds(5)).build()));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void bytesPastMaxBytesAreDroppedAndTheResultIsMarkedTruncated() {
    JsonNode result = LongReads.json(LongReads.both(server, "app://digits/text/40", null));
    assertThat(result.path("result").path("contents").path(0).path("text").asText())
        .isEqualTo("0123456789012345678901234");
    assertThat(result.path("result").path("_meta").path("dev.jaxrsmcp/truncated").asBoolean())
        .isTrue();
  }

  @Test
  void theRouteSeesWhenTheResponseIsFull() {
    LongReads.both(server, "app://digits/text/40", null);
    assertThat(fullness).containsExactly("10:false", "20:false", "30:true", "40:true");
  }

  @Test
  void aResponseOfExactlyMaxBytesIsNotTruncated() {
    JsonNode result = LongReads.json(LongReads.both(server, "app://digits/text/25", null));
    assertThat(result.path("result").path("contents").path(0).path("text").asText())
        .isEqualTo("0123456789012345678901234");
    assertThat(result.path("result").path("_meta").has("dev.jaxrsmcp/truncated")).isFalse();
    assertThat(result.path("result").path("_meta").has("io.modelcontextprotocol/serverInfo"))
        .isTrue();
  }

  @Test
  void aTruncatedBlobHoldsTheFirstMaxBytes() {
    JsonNode result = LongReads.json(LongReads.both(server, "app://digits/bytes/9", null));
    JsonNode contents = result.path("result").path("contents").path(0);
    assertThat(contents.path("mimeType").asText()).isEqualTo("application/octet-stream");
    assertThat(Base64.getDecoder().decode(contents.path("blob").asText()))
        .containsExactly((byte) 250, (byte) 251, (byte) 252, (byte) 253);
    assertThat(result.path("result").path("_meta").path("dev.jaxrsmcp/truncated").asBoolean())
        .isTrue();
  }
}
