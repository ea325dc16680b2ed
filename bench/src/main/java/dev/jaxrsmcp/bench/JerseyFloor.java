package dev.jaxrsmcp.bench;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.glassfish.jersey.server.ChunkedOutput;

/**
 * Jersey on the container under an idle stream: a bare resource whose response is a {@link
 * ChunkedOutput} (what the bridge's streams are) with a first event written and kept open, as an
 * application that writes to it later would keep it. No bridge: what an idle stream costs here is
 * Grizzly's and Jersey's.
 */
@Path(JerseyFloor.PATH)
public final class JerseyFloor {
  static final String PATH = "/floor/jersey";

  private static final Queue<ChunkedOutput<byte[]>> OPEN = new ConcurrentLinkedQueue<>();

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.SERVER_SENT_EVENTS)
  public ChunkedOutput<byte[]> listen(byte[] body) throws IOException {
    ChunkedOutput<byte[]> out = new ChunkedOutput<>(byte[].class);
    out.write(GrizzlyFloor.FIRST); // queued; Jersey flushes it once the response is written
    OPEN.add(out);
    return out;
  }
}
