package dev.jaxrsmcp.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SseResponseReaderTest {
  private static final String HEAD =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";
  private static final String ACK =
      "event: message\ndata: {\"method\":\"notifications/subscriptions/acknowledged\"}\n\n";
  private static final String KEEP_ALIVE = ": keep-alive\n\n";
  private static final String UPDATED =
      "event: message\ndata: {\"method\":\"notifications/resources/updated\"}\n\n";

  @Test
  void countsEventsInAChunkedStreamFedOneByteAtATime() {
    String wire = HEAD + chunk(ACK) + chunk(KEEP_ALIVE) + chunk(UPDATED);
    SseResponseReader reader = new SseResponseReader();

    byte[] bytes = wire.getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < bytes.length; i++) {
      reader.feed(bytes, i, 1, 1000 + i);
    }

    assertThat(reader.status()).isEqualTo(200);
    assertThat(reader.isAcknowledged()).isTrue();
    assertThat(reader.updates()).isEqualTo(1);
    int endOfUpdateLine = wire.indexOf("updated\"}\n") + "updated\"}".length();
    assertThat(reader.firstUpdateNanos()).isEqualTo(1000 + endOfUpdateLine);
    assertThat(reader.isDone()).isFalse();
  }

  @Test
  void theTimeOfTheFirstUpdateIsKept() {
    SseResponseReader reader = new SseResponseReader();

    feed(reader, HEAD + chunk(ACK), 1);
    feed(reader, chunk(UPDATED), 2);
    feed(reader, chunk(UPDATED) + "0\r\n\r\n", 3);

    assertThat(reader.updates()).isEqualTo(2);
    assertThat(reader.firstUpdateNanos()).isEqualTo(2);
    assertThat(reader.isDone()).isTrue();
  }

  @Test
  void readsAnUnframedBodyAndAnErrorStatus() {
    SseResponseReader reader = new SseResponseReader();

    feed(reader, "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\n\r\ndata: {}\n\n", 7);

    assertThat(reader.status()).isEqualTo(503);
    assertThat(reader.isAcknowledged()).isFalse();
    assertThat(reader.lastData()).isEqualTo("data: {}");
  }

  private static void feed(SseResponseReader reader, String text, long now) {
    byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
    reader.feed(bytes, 0, bytes.length, now);
  }

  private static String chunk(String data) {
    return Integer.toHexString(data.length()) + "\r\n" + data + "\r\n";
  }
}
