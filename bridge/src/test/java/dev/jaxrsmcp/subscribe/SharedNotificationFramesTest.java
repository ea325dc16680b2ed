package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.methods.TaggedMessages;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A change reaches many listen streams with one serialization of its notification, and each stream
 * gets it framed byte for byte as Jersey's SSE writer framed it (an {@code event: message} line,
 * one {@code data:} line with its own subscription id, an empty line), read off the raw socket.
 */
class SharedNotificationFramesTest {
  static final int STREAMS = 12;

  private TestServer server;
  private final List<Socket> sockets = new ArrayList<>();

  @AfterEach
  void stop() throws IOException {
    for (Socket socket : sockets) {
      socket.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void oneChangeIsSerializedOnceForEveryStreamAndFramedAsBefore() throws Exception {
    McpFeature feature = McpFeature.builder().debounce(Duration.ZERO).build();
    server =
        TestServer.start(new ResourceConfig(ThousandListenersTest.Items.class).register(feature));
    String uri = "app://items/shared-" + System.nanoTime(); // not notified before in this JVM
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < STREAMS; i++) {
      // string and number ids: the id is the only part of the message a stream has of its own
      String id = i % 2 == 0 ? "\"s-" + i + "\"" : Integer.toString(i);
      ids.add(id);
      Socket socket = listen(server.port(), i % 2 == 0 ? "s-" + i : i, uri);
      sockets.add(socket);
      assertThat(readEvent(socket)).contains("notifications/subscriptions/acknowledged");
    }

    long serializedBefore = TaggedMessages.serialized();
    assertThat(feature.changes().changed(uri)).isEqualTo(STREAMS);

    for (int i = 0; i < STREAMS; i++) {
      assertThat(readEvent(sockets.get(i)))
          .isEqualTo(
              "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":"
                  + "\"notifications/resources/updated\",\"params\":{\"_meta\":"
                  + "{\"io.modelcontextprotocol/subscriptionId\":"
                  + ids.get(i)
                  + "},\"uri\":\""
                  + uri
                  + "\"}}\n\n");
    }
    assertThat(TaggedMessages.serialized() - serializedBefore)
        .as("serializations of the notification for %d streams", STREAMS)
        .isEqualTo(1);
  }

  private static Socket listen(int port, Object id, String uri) throws IOException {
    byte[] body =
        Mcp.body(
                id,
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", List.of(uri))))
            .toString()
            .getBytes(StandardCharsets.UTF_8);
    String head =
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
            + port
            + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
            + "\r\nMCP-Protocol-Version: "
            + Mcp.VERSION
            + "\r\nMcp-Method: subscriptions/listen\r\nContent-Length: "
            + body.length
            + "\r\n\r\n";
    Socket socket = new Socket();
    socket.connect(new InetSocketAddress("127.0.0.1", port));
    socket.setSoTimeout(30_000);
    OutputStream out = socket.getOutputStream();
    out.write(head.getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
    String headers = readUntil(socket.getInputStream(), "\r\n\r\n");
    assertThat(headers).startsWith("HTTP/1.1 200 OK").contains("Transfer-Encoding: chunked");
    return socket;
  }

  /** The next event: the data of the chunks read until one ends with an empty line. */
  private static String readEvent(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    StringBuilder event = new StringBuilder();
    do {
      int size = Integer.parseInt(readUntil(in, "\r\n").trim(), 16);
      assertThat(size).as("a chunk of an open stream").isPositive();
      event.append(new String(in.readNBytes(size), StandardCharsets.UTF_8));
      assertThat(readUntil(in, "\r\n")).isEqualTo("\r\n");
    } while (!event.toString().endsWith("\n\n"));
    return event.toString();
  }

  private static String readUntil(InputStream in, String end) throws IOException {
    ByteArrayOutputStream read = new ByteArrayOutputStream();
    while (!read.toString(StandardCharsets.US_ASCII).endsWith(end)) {
      int b = in.read();
      assertThat(b).as("the stream is still open").isNotNegative();
      read.write(b);
    }
    return read.toString(StandardCharsets.US_ASCII);
  }
}
