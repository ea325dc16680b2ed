package dev.jaxrsmcp.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SseFrameTest {

  @Test
  void messageIsOneMessageEventWithOneDataLine() throws IOException {
    assertThat(bytes(SseFrame.message(utf8("{\"a\":\"x\\ny\"}"))))
        .isEqualTo("event: message\ndata: {\"a\":\"x\\ny\"}\n\n");
  }

  @Test
  void streamingMessageWrapsWhatItsBodyWrites() throws IOException {
    assertThat(
            bytes(
                SseFrame.streamingMessage(
                    out -> {
                      out.write(utf8("{\"text\":\""));
                      out.write(utf8("é…"));
                      out.write(utf8("\"}"));
                    })))
        .isEqualTo("event: message\ndata: {\"text\":\"é…\"}\n\n");
  }

  @Test
  void keepAliveIsACommentLine() throws IOException {
    assertThat(bytes(SseFrame.KEEP_ALIVE)).isEqualTo(": keep-alive\n\n");
  }

  @Test
  void aMessageFrameCanBeWrittenAgain() throws IOException {
    SseFrame frame = SseFrame.message(utf8("{}"));

    assertThat(bytes(frame)).isEqualTo(bytes(frame)).isEqualTo("event: message\ndata: {}\n\n");
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String bytes(SseFrame frame) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    frame.write(out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
