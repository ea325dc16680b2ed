package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * On Tomcat and Jetty, clients that stop reading their notification stream (real sockets with a
 * tiny receive buffer, many subscriptions each) while a writer changes resources as fast as it can
 * hold no writer thread: the stream's output is non-blocking (the servlet container's {@code
 * WriteListener}), so what waits stays in the stream's outbox, counted against {@code
 * maxUnsentBytes}, and the stream ends at that limit. Before, each stalled client blocked a writer
 * thread in the container's write until its write timeout: the threads found waiting in the
 * container grew with the number of stalled clients. A healthy client on the same server still
 * hears its changes. Both eras: the legacy GET stream and the modern listen.
 */
class ServletStalledClientsTest {
  static final String OTHER = "app://items/other";
  static final long MAX_UNSENT = 64 * 1024;
  static final int STALLED = 6;

  @Path("/items")
  public static class Items {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "{}";
    }
  }

  private final List<Socket> sockets = new ArrayList<>();

  @AfterEach
  void closeSockets() throws IOException {
    for (Socket socket : sockets) {
      socket.close();
    }
  }

  private static ServletApp app() {
    return new ServletApp(
        IdentityHolder.Mode.PLAIN,
        builder ->
            builder
                .debounce(Duration.ZERO)
                .keepAlive(Duration.ofMillis(200))
                .maxUnsentBytes(MAX_UNSENT)
                .watch("app://items/{id}", t -> () -> {}),
        Items.class);
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void stalledListensHoldNoWriterThreadAndEndAtTheirLimit(ServletServer.Kind kind)
      throws Exception {
    try (ServletApp app = app();
        ServletServer server = kind.start(app, 32 * 1024)) {
      McpFeature feature = app.feature();
      List<String> uris = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        uris.add("app://items/m" + i); // a listen takes at most 100 (maxListenUris)
      }
      List<Socket> stalled = new ArrayList<>();
      for (int i = 0; i < STALLED; i++) {
        stalled.add(keep(StalledStreams.listen(server, uris)));
      }
      HealthyStream healthy =
          new HealthyStream(keep(StalledStreams.listen(server, List.of(OTHER))));
      healthy.await("notifications/subscriptions/acknowledged");

      int mostWaiting = 0;
      int told = STALLED;
      // about 150 bytes to each stalled client per change: up to 6 MB each, far more than the
      // socket buffers and the limit hold together
      for (int round = 0; round < 400 && told > 0; round++) {
        told = 0;
        for (String uri : uris) {
          told += feature.changes().changed(uri);
        }
        mostWaiting = Math.max(mostWaiting, writersWaitingInTheContainer());
      }
      System.out.println(
          kind
              + ": writer threads waiting in the container at most "
              + mostWaiting
              + " with "
              + STALLED
              + " stalled listens; writer threads alive "
              + writerThreads());
      assertThat(told).as("stalled listens still subscribed after 6 MB each").isZero();
      assertThat(mostWaiting)
          .as("writer threads waiting in %s's write for a stalled client", kind)
          .isLessThan(STALLED / 2);

      assertThat(feature.changes().changed(OTHER)).isEqualTo(1);
      healthy.await("\"uri\":\"" + OTHER + "\"");

      for (Socket socket : stalled) {
        assertThat(StalledStreams.drain(socket))
            .as("what a stalled listen reads once it reads again")
            .contains("bytes were waiting for this client (maxUnsentBytes)");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void stalledLegacyStreamsHoldNoWriterThreadAndEndAtTheirLimit(ServletServer.Kind kind)
      throws Exception {
    try (ServletApp app = app();
        ServletServer server = kind.start(app, 32 * 1024)) {
      McpFeature feature = app.feature();
      List<String> uris = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        uris.add("app://items/l" + i);
      }
      List<Socket> stalled = new ArrayList<>();
      for (int i = 0; i < STALLED; i++) {
        String session = StalledStreams.initialize(server);
        for (String uri : uris) {
          StalledStreams.subscribe(server, session, uri);
        }
        stalled.add(keep(StalledStreams.legacyStream(server, session)));
      }
      String healthySession = StalledStreams.initialize(server);
      StalledStreams.subscribe(server, healthySession, OTHER);
      HealthyStream healthy =
          new HealthyStream(keep(StalledStreams.legacyStream(server, healthySession)));
      healthy.await(": keep-alive");

      int mostWaiting = 0;
      // 20,000 changes of about 150 bytes for each stalled session: 3 MB each
      for (int round = 0; round < 200; round++) {
        for (String uri : uris) {
          feature.changes().changed(uri);
        }
        mostWaiting = Math.max(mostWaiting, writersWaitingInTheContainer());
      }
      System.out.println(
          kind
              + ": writer threads waiting in the container at most "
              + mostWaiting
              + " with "
              + STALLED
              + " stalled sessions; writer threads alive "
              + writerThreads());
      assertThat(mostWaiting)
          .as("writer threads waiting in %s's write for a stalled client", kind)
          .isLessThan(STALLED / 2);

      feature.changes().changed(OTHER);
      healthy.await("\"uri\":\"" + OTHER + "\"");

      for (Socket socket : stalled) {
        assertThat(StalledStreams.drain(socket))
            .as("what a stalled session's stream reads once it reads again")
            .contains(": stream ended: more than 65536 bytes were waiting for this client");
      }
    }
  }

  /**
   * A listen whose client went away ends once a write finds it gone (the non-blocking output fails
   * the write, or the container reports it with {@code onError}), and stops being told.
   */
  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void aListenWhoseClientWentAwayEnds(ServletServer.Kind kind) throws Exception {
    try (ServletApp app = app();
        ServletServer server = kind.start(app, 32 * 1024)) {
      McpFeature feature = app.feature();
      Socket socket = keep(StalledStreams.listen(server, List.of(OTHER)));
      HealthyStream stream = new HealthyStream(socket);
      stream.await("notifications/subscriptions/acknowledged");
      assertThat(feature.changes().changed(OTHER)).isEqualTo(1);
      stream.await("\"uri\":\"" + OTHER + "\"");
      socket.close();

      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      int told = 1;
      while (told > 0 && System.nanoTime() < deadline) {
        told = feature.changes().changed(OTHER);
        Thread.onSpinWait();
      }
      assertThat(told).as("a listen whose client closed its connection is still told").isZero();
    }
  }

  private Socket keep(Socket socket) {
    sockets.add(socket);
    return socket;
  }

  /**
   * Writer threads parked inside the servlet container now (a blocking write that the client does
   * not take waits there); an idle writer parks in its pool, a non-blocking one never in the
   * container.
   */
  static int writersWaitingInTheContainer() {
    int waiting = 0;
    for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
      StackTraceElement[] frames = thread.getValue();
      if (thread.getKey().getName().startsWith("jaxrs-mcp-writer-")
          && frames.length > 0
          && parks(frames[0])
          && Arrays.stream(frames)
              .anyMatch(
                  frame ->
                      frame.getClassName().startsWith("org.apache.")
                          || frame.getClassName().startsWith("org.eclipse.jetty."))) {
        waiting++;
      }
    }
    return waiting;
  }

  private static boolean parks(StackTraceElement top) {
    return (top.getClassName().equals("jdk.internal.misc.Unsafe")
            && top.getMethodName().equals("park"))
        || (top.getClassName().equals("java.lang.Object")
            && top.getMethodName().startsWith("wait"));
  }

  static long writerThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("jaxrs-mcp-writer-"))
        .count();
  }
}
