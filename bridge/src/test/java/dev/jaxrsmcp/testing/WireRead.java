package dev.jaxrsmcp.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An MCP read judged on the wire, for tests of responses that must be broken off: the head, the
 * body (chunks decoded), whether the response was complete by its own framing (the last chunk, or
 * its Content-Length reached) and whether the server ended the connection. A response the server
 * neither finishes nor ends fails the test after 30 s: a hang is never "broken off".
 */
public final class WireRead {
  private WireRead() {}

  /**
   * A response as it arrived on the wire: its head, its body (chunks decoded), whether it was
   * complete by its own framing (the last chunk, or its Content-Length reached) and whether the
   * server ended the connection (end of stream or reset) before the next request.
   */
  public record Response(String head, String body, boolean complete, boolean ended) {}

  /**
   * A modern {@code resources/read} of {@code uri} to {@code /mcp} at {@code port} as raw HTTP/1.1
   * bytes, accepting {@code accept}, for a socket whose reading the test controls.
   */
  public static byte[] request(int port, String uri, String accept) {
    byte[] body =
        Mcp.body(1, "resources/read", Map.of("uri", uri))
            .toString()
            .getBytes(StandardCharsets.UTF_8);
    byte[] head =
        ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
                + port
                + "\r\nContent-Type: application/json\r\nAccept: "
                + accept
                + "\r\nMCP-Protocol-Version: "
                + Mcp.VERSION
                + "\r\nMcp-Method: resources/read\r\nMcp-Name: "
                + uri
                + "\r\nContent-Length: "
                + body.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    byte[] request = java.util.Arrays.copyOf(head, head.length + body.length);
    System.arraycopy(body, 0, request, head.length, body.length);
    return request;
  }

  /**
   * Sends a modern {@code resources/read} of {@code uri} to the endpoint at {@code /mcp} over a raw
   * socket and returns the response as it arrived.
   */
  public static Response read(int port, String uri) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(request(port, uri, "application/json"));
      out.flush();
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      InputStream in = socket.getInputStream();
      byte[] buffer = new byte[64 * 1024];
      boolean ended = false;
      try {
        int n;
        while (!complete(received.toString(StandardCharsets.ISO_8859_1))) {
          n = in.read(buffer);
          if (n < 0) {
            ended = true;
            break;
          }
          received.write(buffer, 0, n);
        }
      } catch (SocketTimeoutException e) {
        throw new AssertionError(
            "the server neither finished nor ended the connection; received "
                + received.size()
                + " bytes",
            e);
      } catch (SocketException e) {
        ended = true; // reset by the server
      }
      String response = received.toString(StandardCharsets.ISO_8859_1);
      int headEnd = response.indexOf("\r\n\r\n");
      if (headEnd < 0) {
        return new Response(response, "", false, ended);
      }
      String head = response.substring(0, headEnd);
      String rest = response.substring(headEnd + 4);
      String decoded = chunked(head) ? dechunk(rest) : rest;
      return new Response(
          head,
          new String(decoded.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8),
          complete(response),
          ended);
    }
  }

  /** Whether {@code response} is whole by its own framing. */
  private static boolean complete(String response) {
    int headEnd = response.indexOf("\r\n\r\n");
    if (headEnd < 0) {
      return false;
    }
    String head = response.substring(0, headEnd);
    String rest = response.substring(headEnd + 4);
    if (chunked(head)) {
      return rest.equals("0\r\n\r\n") || rest.endsWith("\r\n0\r\n\r\n");
    }
    Matcher length = CONTENT_LENGTH.matcher(head);
    return length.find() && rest.length() >= Long.parseLong(length.group(1));
  }

  private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length: *(\\d+)$");

  private static boolean chunked(String head) {
    return head.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked");
  }

  /** The data of the chunks that arrived whole. */
  private static String dechunk(String chunks) {
    StringBuilder data = new StringBuilder();
    int at = 0;
    while (true) {
      int lineEnd = chunks.indexOf("\r\n", at);
      if (lineEnd < 0) {
        return data.toString();
      }
      int size = Integer.parseInt(chunks.substring(at, lineEnd).trim(), 16);
      int dataStart = lineEnd + 2;
      if (size == 0 || dataStart + size > chunks.length()) {
        return data.append(chunks, dataStart, Math.min(chunks.length(), dataStart + size))
            .toString();
      }
      data.append(chunks, dataStart, dataStart + size);
      at = dataStart + size + 2;
    }
  }
}
