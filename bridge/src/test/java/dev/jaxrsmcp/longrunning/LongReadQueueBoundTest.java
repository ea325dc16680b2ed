package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.readiness.StreamQueues;
import dev.jaxrsmcp.subscribe.GrizzlyQueues;
import dev.jaxrsmcp.testing.TestServer;
import dev.jaxrsmcp.testing.WireRead;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.memory.PooledMemoryManager;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A long-running read's body goes out from the spool as fast as the disk gives it; on Grizzly what
 * the client has not taken waits in the connection's write queue, each write in a pooled buffer of
 * its own. Grizzly lets that queue grow to four times the socket's send buffer (megabytes on
 * loopback), so a client that reads slowly, or not at all for a while, held that much heap per read
 * (the benchmark's 1 GiB read peaked 3 to 15 MiB higher). The bridge bounds the connection's queue
 * as it does an event stream's: the writer waits for the client instead.
 */
class LongReadQueueBoundTest {
  static final int MIB = 1 << 20;

  @Path("/big")
  public static class Big {
    /** {@code mib} MiB of text in 64 KiB writes. */
    @GET
    @Path("/{mib}")
    @Produces("text/plain")
    @McpResource(uri = "app://big/{mib}", longRunning = true, maxBytes = 64 * MIB)
    public StreamingOutput big(@PathParam("mib") int mib) {
      return out -> {
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, (byte) 'a');
        for (int i = 0; i < mib * 16; i++) {
          out.write(chunk);
        }
      };
    }
  }

  private TestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aClientThatStopsReadingALongReadHoldsNoMoreThanTheBoundInGrizzlysQueue() throws Exception {
    GrizzlyQueues[] queues = new GrizzlyQueues[1];
    server =
        TestServer.start(
            new ResourceConfig(Big.class).register(McpFeature.builder().build()),
            http -> {
              queues[0] = new GrizzlyQueues(http);
              for (NetworkListener listener : http.getListeners()) {
                listener.getTransport().setMemoryManager(new PooledMemoryManager());
              }
            });
    try (Socket socket = read("app://big/16")) {
      // the client reads the status line, then nothing for a second and a half while the read's
      // 16 MiB go out from the spool: whatever the socket buffers do not hold waits in the server
      long mostQueued = 0;
      long until = System.nanoTime() + 1_500_000_000L;
      while (System.nanoTime() < until) {
        mostQueued = Math.max(mostQueued, queues[0].largestQueuedBytes());
        Thread.sleep(5);
      }
      assertThat(mostQueued)
          .as("bytes waiting in Grizzly's write queue for the stalled long read")
          .isGreaterThan(0) // the client's buffers are full: the rest waits somewhere
          .isLessThanOrEqualTo(StreamQueues.CONTAINER_QUEUE_BYTES + 64 * 1024L);
      assertThat(queues[0].containerBound()).isEqualTo(StreamQueues.CONTAINER_QUEUE_BYTES);
      String tail = drain(socket);
      assertThat(tail)
          .as("the read's message ends whole")
          .contains("\"}],\"_meta\"")
          .endsWith("\r\n0\r\n\r\n");
    }
  }

  /** A modern read over a raw socket with a small receive buffer; only the status line is read. */
  private Socket read(String uri) throws Exception {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new InetSocketAddress("127.0.0.1", server.port()));
    socket.setSoTimeout(30_000);
    OutputStream out = socket.getOutputStream();
    out.write(WireRead.request(server.port(), uri, "application/json, text/event-stream"));
    out.flush();
    String status = new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
    assertThat(status).isEqualTo("HTTP/1.1 200");
    return socket;
  }

  /** Reads to the end of the response (the connection closes or goes quiet); its last bytes. */
  private static String drain(Socket socket) throws Exception {
    socket.setSoTimeout(5_000);
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[256 * 1024];
    String tail = "";
    long total = 0;
    try {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        total += n;
        String read =
            new String(buffer, Math.max(0, n - 4096), Math.min(n, 4096), StandardCharsets.UTF_8);
        tail = (tail + read).substring(Math.max(0, tail.length() + read.length() - 4096));
        if (total > 16L * MIB && tail.endsWith("\r\n0\r\n\r\n")) {
          break;
        }
      }
    } catch (java.net.SocketTimeoutException e) {
      // quiet: the response is over
    }
    return tail;
  }
}
