package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Clients that subscribe to many resources and then stop reading their notification stream: a raw
 * socket with a 4 KiB receive buffer from which nothing is read after the status line, in either
 * era (a modern {@code subscriptions/listen} naming every URI, or a legacy 2025-11-25 session that
 * subscribes to each URI and then opens its {@code GET} stream). {@link #drain} afterwards reads
 * each stream to its end and tells how it ended.
 */
final class StalledClients implements AutoCloseable {
  /** The comment a stream gets when the server ends it at its {@code maxUnsentBytes}. */
  static final String OVERFLOW = "stream ended: more than";

  /** How a stalled stream ended, seen by reading it after the flood. */
  enum End {
    /** The server ended it with the overflow reason. */
    OVERFLOW,
    /** The server ended the response or the connection without that reason. */
    OTHER,
    /** Still open: nothing more came for a while and the response did not end. */
    OPEN
  }

  /** The modern listen or the legacy session. */
  enum Era {
    MODERN("modern"),
    LEGACY("legacy");

    final String label;

    Era(String label) {
      this.label = label;
    }
  }

  private final int port;
  private final List<Socket> sockets = new ArrayList<>();
  private final List<String> sessions = new ArrayList<>();

  private StalledClients(int port) {
    this.port = port;
  }

  /**
   * Opens {@code count} stalled clients of {@code era}, each subscribed to all of {@code uris};
   * returns once every stream answered its status line.
   */
  static StalledClients open(int port, Era era, int count, List<String> uris) throws Exception {
    StalledClients clients = new StalledClients(port);
    try {
      if (era == Era.MODERN) {
        for (int c = 0; c < count; c++) {
          clients.sockets.add(clients.listen(uris, c));
        }
      } else {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(count, 4));
        try {
          List<Future<String>> started = new ArrayList<>();
          for (int c = 0; c < count; c++) {
            started.add(pool.submit(() -> clients.subscribedSession(uris)));
          }
          for (Future<String> session : started) {
            clients.sessions.add(session.get(120, TimeUnit.SECONDS));
          }
        } finally {
          pool.shutdownNow();
        }
        for (String session : clients.sessions) {
          clients.sockets.add(clients.legacyStream(session));
        }
      }
      return clients;
    } catch (Exception e) {
      clients.close();
      throw e;
    }
  }

  /**
   * Reads every stream (all at once) until the server ends it or {@code silenceMillis} pass without
   * a byte; a stream still sending after {@code maxMillis} counts as open.
   */
  Map<End, Integer> drain(int silenceMillis, int maxMillis) throws Exception {
    Map<End, Integer> ends = new LinkedHashMap<>();
    for (End end : End.values()) {
      ends.put(end, 0);
    }
    if (sockets.isEmpty()) {
      return ends;
    }
    ExecutorService pool = Executors.newFixedThreadPool(sockets.size());
    try {
      List<Future<End>> results = new ArrayList<>();
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxMillis);
      for (Socket socket : sockets) {
        results.add(pool.submit(() -> readToTheEnd(socket, silenceMillis, deadline)));
      }
      for (Future<End> result : results) {
        ends.merge(result.get(maxMillis + 10_000L, TimeUnit.MILLISECONDS), 1, Integer::sum);
      }
    } finally {
      pool.shutdownNow();
    }
    return ends;
  }

  /** Closes every stream and ends the legacy sessions ({@code DELETE}); again does nothing. */
  @Override
  public void close() {
    List<Socket> open = List.copyOf(sockets);
    sockets.clear();
    for (Socket socket : open) {
      try {
        socket.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
    List<String> started = List.copyOf(sessions);
    sessions.clear();
    if (started.isEmpty()) {
      return;
    }
    try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
      for (String session : started) {
        Map<String, String> headers = legacyHeaders(session);
        connection.exchange(
            HttpConnection.request("DELETE", ReadScenario.HOST, port, "/mcp", headers, ""));
      }
    } catch (IOException e) {
      // the sessions expire on their own
    }
  }

  private static End readToTheEnd(Socket socket, int silenceMillis, long deadline) {
    String tail = "";
    try {
      socket.setSoTimeout(silenceMillis);
      InputStream in = socket.getInputStream();
      byte[] buffer = new byte[64 * 1024];
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        String read = new String(buffer, 0, n, StandardCharsets.UTF_8);
        tail = (tail + read).substring(Math.max(0, tail.length() + read.length() - 4096));
        if (tail.endsWith("\r\n0\r\n\r\n")) {
          return tail.contains(OVERFLOW) ? End.OVERFLOW : End.OTHER; // the last chunk
        }
        if (System.nanoTime() > deadline) {
          return End.OPEN;
        }
      }
      return tail.contains(OVERFLOW) ? End.OVERFLOW : End.OTHER; // the connection ended
    } catch (SocketTimeoutException e) {
      return End.OPEN;
    } catch (IOException e) {
      return tail.contains(OVERFLOW) ? End.OVERFLOW : End.OTHER; // reset by the server
    }
  }

  private Socket listen(List<String> uris, int id) throws IOException {
    return stalled(listenRequest(port, id, uris));
  }

  /**
   * A modern {@code subscriptions/listen} for {@code uris} as raw HTTP/1.1 bytes (no credentials:
   * the one anonymous caller), for a socket whose reading the caller controls.
   */
  static byte[] listenRequest(int port, int id, List<String> uris) {
    StringBuilder list = new StringBuilder();
    for (String uri : uris) {
      list.append(list.length() == 0 ? "\"" : ",\"").append(uri).append('"');
    }
    byte[] body =
        ("{\"jsonrpc\":\"2.0\",\"id\":"
                + id
                + ",\"method\":\"subscriptions/listen\",\"params\":{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\""
                + ReadScenario.MODERN_VERSION
                + "\",\"io.modelcontextprotocol/clientCapabilities\":{}},"
                + "\"notifications\":{\"resourceSubscriptions\":["
                + list
                + "]}}}")
            .getBytes(StandardCharsets.UTF_8);
    byte[] head =
        ("POST /mcp HTTP/1.1\r\nHost: "
                + ReadScenario.HOST
                + ":"
                + port
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
                + "\r\nMCP-Protocol-Version: "
                + ReadScenario.MODERN_VERSION
                + "\r\nMcp-Method: subscriptions/listen\r\nContent-Length: "
                + body.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    byte[] request = java.util.Arrays.copyOf(head, head.length + body.length);
    System.arraycopy(body, 0, request, head.length, body.length);
    return request;
  }

  /** {@code initialize}, then {@code resources/subscribe} for each URI; returns the session. */
  private String subscribedSession(List<String> uris) throws IOException {
    try (HttpConnection connection = new HttpConnection(ReadScenario.HOST, port)) {
      String session = ReadScenario.initialize(connection, port);
      Map<String, String> headers = legacyHeaders(session);
      headers.put("Content-Type", "application/json");
      for (int i = 0; i < uris.size(); i++) {
        HttpConnection.Response response =
            connection.exchange(
                HttpConnection.request(
                    "POST",
                    ReadScenario.HOST,
                    port,
                    "/mcp",
                    headers,
                    "{\"jsonrpc\":\"2.0\",\"id\":"
                        + (i + 1)
                        + ",\"method\":\"resources/subscribe\",\"params\":{\"uri\":\""
                        + uris.get(i)
                        + "\"}}"));
        if (response.status() != 200 || !response.text().contains("\"result\"")) {
          throw new IOException(
              "resources/subscribe of "
                  + uris.get(i)
                  + " answered "
                  + response.status()
                  + " "
                  + response.text());
        }
      }
      return session;
    }
  }

  private Socket legacyStream(String session) throws IOException {
    StringBuilder head = new StringBuilder("GET /mcp HTTP/1.1\r\n");
    head.append("Host: ").append(ReadScenario.HOST).append(':').append(port).append("\r\n");
    legacyHeaders(session).forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
    head.append("\r\n");
    return stalled(head.toString().getBytes(StandardCharsets.US_ASCII));
  }

  private static Map<String, String> legacyHeaders(String session) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Authorization", ReadScenario.TOKEN); // the session's caller (initialize's)
    headers.put("Accept", "application/json, text/event-stream");
    headers.put("MCP-Protocol-Version", ReadScenario.LEGACY_VERSION);
    headers.put("Mcp-Session-Id", session);
    return headers;
  }

  /** Sends the request and reads only the status line; from then on nothing is read. */
  private Socket stalled(byte[] request) throws IOException {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new InetSocketAddress(ReadScenario.HOST, port), 10_000);
    socket.setSoTimeout(30_000);
    try {
      OutputStream out = socket.getOutputStream();
      out.write(request);
      out.flush();
      String status = new String(socket.getInputStream().readNBytes(15), StandardCharsets.US_ASCII);
      if (!status.startsWith("HTTP/1.1 200")) {
        throw new IOException("a stalled stream was answered " + status);
      }
      return socket;
    } catch (IOException e) {
      socket.close();
      throw e;
    }
  }
}
