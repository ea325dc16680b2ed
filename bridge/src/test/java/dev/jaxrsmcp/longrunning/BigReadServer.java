package dev.jaxrsmcp.longrunning;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The server of {@link BigReadTest}, run in its own JVM with a small heap: serves {@code
 * app://big}, a 200 MiB long-running blob of a known byte pattern, with progress every 8 MiB.
 * Prints {@code READY <mcp url>} once it listens, and stops when its standard input closes.
 */
public final class BigReadServer {
  static final long SIZE = 200L * 1024 * 1024;
  static final int BLOCK = 64 * 1024;
  static final long PROGRESS_EVERY = 8L * 1024 * 1024;

  private BigReadServer() {}

  @Path("/")
  public static class Big {
    @GET
    @Path("big")
    @Produces("application/octet-stream")
    @McpResource(uri = "app://big", longRunning = true, maxBytes = SIZE)
    public StreamingOutput big(@Context McpContext mcp) {
      return out -> {
        byte[] block = new byte[BLOCK];
        for (long offset = 0; offset < SIZE; offset += BLOCK) {
          for (int i = 0; i < BLOCK; i++) {
            block[i] = expected(offset + i);
          }
          out.write(block);
          long written = offset + BLOCK;
          if (written % PROGRESS_EVERY == 0) {
            mcp.progress(written, SIZE, (written >> 20) + " MiB");
          }
        }
      };
    }

    @GET
    @Path("ping")
    @Produces("text/plain")
    public String ping() {
      return "pong";
    }
  }

  /** The byte at {@code offset} of {@code app://big}. */
  static byte expected(long offset) {
    return (byte) (offset * 7 + (offset >>> 13));
  }

  public static void main(String[] args) throws IOException {
    java.nio.file.Path spool = java.nio.file.Path.of(args[0]);
    try (TestServer server =
        TestServer.start(
            new ResourceConfig(Big.class)
                .register(McpFeature.builder().spoolDirectory(spool).build()))) {
      System.out.println("READY " + server.mcpUrl());
      System.out.flush();
      while (System.in.read() != -1) {
        // Runs until the test closes our standard input.
      }
    }
    System.exit(0);
  }
}
