package dev.jaxrsmcp.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpConnectionTest {

  @Test
  void readsAContentLengthBody() throws IOException {
    HttpConnection.Response response =
        connection(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}")
            .read(null);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Type")).isEqualTo("application/json");
    assertThat(response.text()).isEqualTo("{\"a\":1}");
  }

  @Test
  void readsAChunkedBodyWithExtensionsAndTrailers() throws IOException {
    HttpConnection.Response response =
        connection(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "4;x=y\r\nWiki\r\n6\r\npedia \r\nE\r\nin \r\n\r\nchunks.\r\n0\r\nT: 1\r\n\r\n")
            .read(null);

    assertThat(response.text()).isEqualTo("Wikipedia in \r\n\r\nchunks.");
  }

  @Test
  void readsResponsesOneAfterAnotherOnOneConnection() throws IOException {
    HttpConnection connection =
        connection(
            "HTTP/1.1 204 No Content\r\n\r\n"
                + "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");

    assertThat(connection.read(null).status()).isEqualTo(204);
    assertThat(connection.closing()).isFalse();
    assertThat(connection.read(null).status()).isEqualTo(202);
    assertThat(connection.closing()).isTrue();
  }

  @Test
  void streamsABodyToASinkWithoutKeepingIt() throws IOException {
    ByteArrayOutputStream seen = new ByteArrayOutputStream();

    HttpConnection.Response response =
        connection(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
            .read(seen::write);

    assertThat(seen.toString(StandardCharsets.US_ASCII)).isEqualTo("abcde");
    assertThat(response.body()).isEmpty();
    assertThat(response.bodyLength()).isEqualTo(5);
  }

  @Test
  void aConnectionClosedMidResponseFails() {
    assertThatThrownBy(
            () -> connection("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc").read(null))
        .isInstanceOf(EOFException.class)
        .hasMessage("connection closed by the server");
  }

  @Test
  void buildsARequestWithHostAndContentLength() {
    byte[] request =
        HttpConnection.request(
            "POST", "127.0.0.1", 8080, "/mcp", Map.of("Accept", "application/json"), "{}");

    assertThat(new String(request, StandardCharsets.UTF_8))
        .isEqualTo(
            "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: application/json\r\n"
                + "Content-Length: 2\r\n\r\n{}");
  }

  private static HttpConnection connection(String bytes) {
    // one byte at a time, so every line and chunk is split across reads
    InputStream in =
        new ByteArrayInputStream(bytes.getBytes(StandardCharsets.UTF_8)) {
          @Override
          public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, 1));
          }
        };
    return new HttpConnection(in);
  }
}
