package dev.jaxrsmcp.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.test.internal.SseParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** SSE framing on raw lines: events end at a blank line, data lines join, comments are reported. */
class SseParserTest {
  static List<String> events(String raw) {
    SseParser parser = new SseParser();
    List<String> out = new ArrayList<>();
    for (String line : raw.split("\r\n|\n|\r", -1)) {
      SseParser.Line parsed = parser.feed(line);
      parsed.data().ifPresent(d -> out.add("data " + d));
      parsed.comment().ifPresent(c -> out.add("comment " + c));
    }
    return out;
  }

  @Test
  void oneDataLineIsOneEvent() {
    assertThat(events("data: {\"a\":1}\n\n")).containsExactly("data {\"a\":1}");
  }

  @Test
  void crLfEndsLinesToo() {
    assertThat(events("event: message\r\ndata: x\r\n\r\n")).containsExactly("data x");
  }

  @Test
  void dataLinesOfOneEventJoinWithNewlines() {
    assertThat(events("data: a\ndata:b\n\n")).containsExactly("data a\nb");
  }

  @Test
  void commentsAreReportedAndEventsWithoutDataAreNot() {
    assertThat(events(": keep-alive\n\nid: 7\nretry: 10\n\n"))
        .containsExactly("comment : keep-alive");
  }

  @Test
  void anEventWithoutItsBlankLineIsNotDispatched() {
    SseParser parser = new SseParser();
    assertThat(parser.feed("data: half").data()).isEqualTo(Optional.empty());
  }
}
