package dev.jaxrsmcp.bench;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.nio.charset.StandardCharsets;

/**
 * The shape of a modern read without the bridge: a plain JAX-RS {@code POST} that Jersey hands the
 * modern read's exact request (its headers and JSON-RPC body, read as bytes) and that answers the
 * bridge's exact envelope for widget 1's sample state. What the protocol's shape alone costs next
 * to the direct {@code GET}: a larger request with a body, a larger answer. It neither parses,
 * authenticates nor reads the widget, so it is a floor under any server of that shape.
 */
@Path("/bench/post-floor")
public final class PostFloorRoute {
  /** The bridge's answer to the modern read of widget 1's sample state, byte for byte. */
  static final byte[] ANSWER =
      ("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\",\"contents\":"
              + "[{\"uri\":\"app://widgets/1/state\",\"mimeType\":\"application/json\",\"text\":"
              + "\"{\\\"mode\\\":\\\"heat\\\",\\\"online\\\":true,\\\"targetTemperature\\\":21.0,"
              + "\\\"temperature\\\":20.5}\"}],\"_meta\":{\"io.modelcontextprotocol/serverInfo\":"
              + "{\"name\":\"widgets-demo\",\"version\":\"0.1.0\"}},\"ttlMs\":0,"
              + "\"cacheScope\":\"private\"}}")
          .getBytes(StandardCharsets.UTF_8);

  @POST
  @Consumes("application/json")
  @Produces("application/json")
  public byte[] answer(byte[] body) {
    if (body.length == 0) {
      throw new IllegalArgumentException("the post floor expects the modern read's body");
    }
    return ANSWER;
  }
}
