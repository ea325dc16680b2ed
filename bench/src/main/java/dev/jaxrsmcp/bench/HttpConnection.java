package dev.jaxrsmcp.bench;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One keep-alive HTTP/1.1 connection for the load generator, as lean as a client can be: requests
 * are pre-built bytes, responses are read from one reusable buffer (status, headers, then a {@code
 * Content-Length} or chunked body). Not thread-safe: one per worker.
 */
final class HttpConnection implements AutoCloseable {
  /** A response: status, headers with lower-case names, and the body (empty when drained). */
  record Response(int status, Map<String, String> headers, byte[] body, long bodyLength) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  /** Receives a drained body's bytes. */
  @FunctionalInterface
  interface BodySink {
    void accept(byte[] bytes, int offset, int length);
  }

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final byte[] buffer = new byte[64 * 1024];
  private int start;
  private int end;
  private boolean closing;

  HttpConnection(String host, int port) throws IOException {
    this.socket = new Socket();
    socket.setTcpNoDelay(true);
    socket.connect(new InetSocketAddress(host, port), 10_000);
    socket.setSoTimeout(120_000);
    this.in = socket.getInputStream();
    this.out = socket.getOutputStream();
  }

  /** For tests: reads responses from a stream. */
  HttpConnection(InputStream in) {
    this.socket = null;
    this.in = in;
    this.out = OutputStream.nullOutputStream();
  }

  /** True when the last response said {@code Connection: close}; open a new connection then. */
  boolean closing() {
    return closing;
  }

  /** Sends one request and reads its whole response. */
  Response exchange(byte[] request) throws IOException {
    out.write(request);
    out.flush();
    return read(null);
  }

  /** Sends one request and streams the body to {@code sink} instead of keeping it. */
  Response exchange(byte[] request, BodySink sink) throws IOException {
    out.write(request);
    out.flush();
    return read(sink);
  }

  /** Reads one response. */
  Response read(BodySink sink) throws IOException {
    String statusLine = line();
    if (!statusLine.startsWith("HTTP/1.")) {
      throw new IOException("not an HTTP response: " + statusLine);
    }
    int status = Integer.parseInt(statusLine.substring(9, 12));
    Map<String, String> headers = new LinkedHashMap<>();
    for (String line = line(); !line.isEmpty(); line = line()) {
      int colon = line.indexOf(':');
      headers.merge(
          line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
          line.substring(colon + 1).trim(),
          (a, b) -> a + ", " + b);
    }
    Body body = new Body(sink);
    String length = headers.get("content-length");
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      for (long size = chunkSize(); size > 0; size = chunkSize()) {
        copy(size, body);
        line();
      }
      while (!line().isEmpty()) {
        // trailers
      }
    } else if (length != null) {
      copy(Long.parseLong(length), body);
    } else if (status != 204 && status != 304) {
      throw new IOException("a response without a length: " + headers);
    }
    closing = "close".equalsIgnoreCase(headers.get("connection"));
    return new Response(status, headers, body.bytes(), body.length);
  }

  private long chunkSize() throws IOException {
    String line = line();
    int semicolon = line.indexOf(';');
    return Long.parseLong(semicolon < 0 ? line.trim() : line.substring(0, semicolon).trim(), 16);
  }

  private void copy(long length, Body body) throws IOException {
    long left = length;
    while (left > 0) {
      if (start == end) {
        fill();
      }
      int n = (int) Math.min(left, end - start);
      body.write(buffer, start, n);
      start += n;
      left -= n;
    }
  }

  private String line() throws IOException {
    StringBuilder line = new StringBuilder();
    while (true) {
      if (start == end) {
        fill();
      }
      byte b = buffer[start++];
      if (b == '\n') {
        int n = line.length();
        return n > 0 && line.charAt(n - 1) == '\r' ? line.substring(0, n - 1) : line.toString();
      }
      line.append((char) (b & 0xff));
    }
  }

  private void fill() throws IOException {
    start = 0;
    end = in.read(buffer);
    if (end <= 0) {
      end = 0;
      throw new EOFException("connection closed by the server");
    }
  }

  @Override
  public void close() {
    try {
      if (socket != null) {
        socket.close();
      }
    } catch (IOException e) {
      // closing anyway
    }
  }

  /** Builds request bytes. */
  static byte[] request(
      String method, String host, int port, String path, Map<String, String> headers, String body) {
    byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    StringBuilder head = new StringBuilder();
    head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    head.append("Host: ").append(host).append(':').append(port).append("\r\n");
    headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
    if (body != null || method.equals("POST") || method.equals("PUT")) {
      head.append("Content-Length: ").append(content.length).append("\r\n");
    }
    head.append("\r\n");
    byte[] headBytes = head.toString().getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[headBytes.length + content.length];
    System.arraycopy(headBytes, 0, all, 0, headBytes.length);
    System.arraycopy(content, 0, all, headBytes.length, content.length);
    return all;
  }

  private static final class Body {
    private final BodySink sink;
    private byte[] bytes = new byte[0];
    private int size;
    long length;

    Body(BodySink sink) {
      this.sink = sink;
    }

    void write(byte[] source, int offset, int n) {
      length += n;
      if (sink != null) {
        sink.accept(source, offset, n);
        return;
      }
      if (size + n > bytes.length) {
        bytes = java.util.Arrays.copyOf(bytes, Math.max(size + n, bytes.length * 2));
      }
      System.arraycopy(source, offset, bytes, size, n);
      size += n;
    }

    byte[] bytes() {
      return size == bytes.length ? bytes : java.util.Arrays.copyOf(bytes, size);
    }
  }
}
