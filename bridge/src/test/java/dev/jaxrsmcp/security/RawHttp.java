package dev.jaxrsmcp.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for requests no HTTP client library will send: any Host, raw bytes
 * and control characters in header values, garbage bodies. Every request asks for {@code
 * Connection: close} and the whole response is read until the server closes; a server that does not
 * answer within {@link #TIMEOUT_MS} fails the exchange (a hung request).
 */
final class RawHttp {
  static final int TIMEOUT_MS = 20_000;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final int port;
  private final String method;
  private final String target;
  private final List<byte[]> headerLines = new ArrayList<>();
  private byte[] body = new byte[0];
  private boolean hostSet;
  private String address = "127.0.0.1";

  private RawHttp(int port, String method, String target) {
    this.port = port;
    this.method = method;
    this.target = target;
  }

  static RawHttp post(int port, String target) {
    return new RawHttp(port, "POST", target);
  }

  static RawHttp request(int port, String method, String target) {
    return new RawHttp(port, method, target);
  }

  /** Connects to {@code address} (an IP literal) instead of 127.0.0.1. */
  RawHttp at(String address) {
    this.address = address;
    return this;
  }

  /** A header line written as is (UTF-8), control characters included. */
  RawHttp header(String name, String value) {
    return headerBytes(name, value.getBytes(StandardCharsets.UTF_8));
  }

  RawHttp headerBytes(String name, byte[] value) {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    line.writeBytes((name + ": ").getBytes(StandardCharsets.ISO_8859_1));
    line.writeBytes(value);
    headerLines.add(line.toByteArray());
    if (name.equalsIgnoreCase("Host")) {
      hostSet = true;
    }
    return this;
  }

  RawHttp body(byte[] bytes) {
    this.body = bytes;
    return this;
  }

  RawHttp body(String text) {
    return body(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The usual headers of a JSON POST. */
  RawHttp json() {
    return header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream");
  }

  Reply send() {
    return Reply.parse(sendRaw());
  }

  /**
   * The response's bytes as they arrived, until the server ended the connection (the request asks
   * it to); a response the server neither finishes nor ends fails (a hang is never an answer).
   */
  byte[] sendRaw() {
    ByteArrayOutputStream request = new ByteArrayOutputStream();
    request.writeBytes(
        (method + " " + target + " HTTP/1.1\r\n").getBytes(StandardCharsets.ISO_8859_1));
    if (!hostSet) {
      request.writeBytes(("Host: 127.0.0.1:" + port + "\r\n").getBytes(StandardCharsets.US_ASCII));
    }
    for (byte[] line : headerLines) {
      request.writeBytes(line);
      request.writeBytes(new byte[] {'\r', '\n'});
    }
    request.writeBytes(
        ("Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    request.writeBytes(body);
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(address, port), TIMEOUT_MS);
      socket.setSoTimeout(TIMEOUT_MS);
      OutputStream out = socket.getOutputStream();
      try {
        out.write(request.toByteArray());
        out.flush();
      } catch (IOException e) {
        // The server may answer (413) and close before the whole body is sent; read what it said.
      }
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      try {
        readAll(socket.getInputStream(), received);
      } catch (SocketTimeoutException e) {
        printThreads();
        throw new AssertionError(
            "no complete response within "
                + TIMEOUT_MS
                + " ms for "
                + method
                + " "
                + target
                + " with body "
                + abbreviate(new String(body, StandardCharsets.UTF_8))
                + "; received so far: "
                + abbreviate(received.toString(StandardCharsets.ISO_8859_1)),
            e);
      }
      return received.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A hung request is a server bug; the server's threads at that moment say where it waits. */
  private static void printThreads() {
    StringBuilder dump = new StringBuilder("threads when a request hung:\n");
    Thread.getAllStackTraces()
        .forEach(
            (thread, frames) -> {
              dump.append('"').append(thread.getName()).append("\" ").append(thread.getState());
              dump.append('\n');
              for (StackTraceElement frame : frames) {
                dump.append("    at ").append(frame).append('\n');
              }
            });
    System.err.println(dump);
  }

  private static String abbreviate(String text) {
    return text.length() <= 600
        ? text
        : text.substring(0, 600) + "...(" + text.length() + " chars)";
  }

  private static void readAll(InputStream in, ByteArrayOutputStream out) throws IOException {
    byte[] buffer = new byte[8192];
    try {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        out.write(buffer, 0, n);
      }
    } catch (java.net.SocketException e) {
      if (out.size() == 0) {
        throw e; // reset before any answer
      }
      // A reset after the response (the server closed with request bytes unread) ends it.
    }
  }

  /** A parsed response: status, headers by lower-case name, the (de-chunked) body. */
  record Reply(int status, Map<String, List<String>> headers, byte[] body) {
    static Reply parse(byte[] raw) {
      int end = indexOf(raw, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), 0);
      if (end < 0) {
        throw new AssertionError(
            "not an HTTP response: " + new String(raw, StandardCharsets.ISO_8859_1));
      }
      String[] lines = new String(raw, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
      String[] statusLine = lines[0].split(" ", 3);
      int status = Integer.parseInt(statusLine[1]);
      Map<String, List<String>> headers = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        headers
            .computeIfAbsent(
                lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                k -> new ArrayList<>())
            .add(lines[i].substring(colon + 1).trim());
      }
      byte[] body = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
      if (headers
          .getOrDefault("transfer-encoding", List.of())
          .toString()
          .toLowerCase(Locale.ROOT)
          .contains("chunked")) {
        body = dechunk(body);
      }
      return new Reply(status, headers, body);
    }

    String header(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      return values == null ? null : values.get(0);
    }

    String contentType() {
      String type = header("Content-Type");
      return type == null ? "" : type.toLowerCase(Locale.ROOT);
    }

    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    JsonNode json() {
      try {
        return MAPPER.readTree(body);
      } catch (IOException e) {
        throw new AssertionError("not JSON (status " + status + "): " + text(), e);
      }
    }

    private static byte[] dechunk(byte[] chunked) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int at = 0;
      while (at < chunked.length) {
        int lineEnd = indexOf(chunked, new byte[] {'\r', '\n'}, at);
        if (lineEnd < 0) {
          throw new AssertionError("truncated chunked body");
        }
        String size = new String(chunked, at, lineEnd - at, StandardCharsets.US_ASCII);
        int semicolon = size.indexOf(';');
        int length =
            Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
        if (length == 0) {
          return out.toByteArray();
        }
        out.write(chunked, lineEnd + 2, length);
        at = lineEnd + 2 + length + 2;
      }
      throw new AssertionError("chunked body without its last chunk");
    }

    private static int indexOf(byte[] data, byte[] what, int from) {
      outer:
      for (int i = from; i <= data.length - what.length; i++) {
        for (int j = 0; j < what.length; j++) {
          if (data[i + j] != what[j]) {
            continue outer;
          }
        }
        return i;
      }
      return -1;
    }
  }
}
