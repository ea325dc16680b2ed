package dev.jaxrsmcp.internal.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonTextOutputTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Writes {@code bytes} in pieces of {@code piece} and returns the JSON string body. */
  private static String escaped(byte[] bytes, Charset charset, int piece) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonTextOutput text = new JsonTextOutput(out, charset)) {
      for (int at = 0; at < bytes.length; at += piece) {
        text.write(bytes, at, Math.min(piece, bytes.length - at));
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static String decoded(String inside) throws IOException {
    return JSON.readValue("\"" + inside + "\"", String.class);
  }

  @Test
  void quotesBackslashesAndControlCharactersAreEscaped() throws IOException {
    String text = "a\"b\\c\nd\re\tf\u0001g\u001fh\bi\fj";

    assertThat(escaped(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, 1000))
        .isEqualTo("a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u001fh\\bi\\fj");
  }

  @Test
  void multiByteCharactersSplitAcrossWritesSurviveWhole() throws IOException {
    String text = "été 😀 日本語 €";
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    for (int piece = 1; piece <= 5; piece++) {
      assertThat(decoded(escaped(bytes, StandardCharsets.UTF_8, piece))).isEqualTo(text);
    }
  }

  @Test
  void malformedUtf8BecomesTheReplacementCharacterAsNewStringDoes() throws IOException {
    byte[] bytes = {'a', (byte) 0xC3, 'b', (byte) 0xFF, (byte) 0xE2, (byte) 0x82};

    assertThat(decoded(escaped(bytes, StandardCharsets.UTF_8, 2)))
        .isEqualTo(new String(bytes, StandardCharsets.UTF_8));
  }

  @Test
  void otherCharsetsAreDecodedWithTheirOwnRules() throws IOException {
    byte[] latin1 = {'c', 'a', 'f', (byte) 0xE9};

    assertThat(decoded(escaped(latin1, StandardCharsets.ISO_8859_1, 1))).isEqualTo("café");
  }

  @Test
  void randomBytesGiveWhatNewStringGivesWhateverThePieces() throws IOException {
    Random random = new Random(42);
    for (int round = 0; round < 200; round++) {
      byte[] bytes = new byte[random.nextInt(20_000)];
      random.nextBytes(bytes);
      int piece = 1 + random.nextInt(9000);
      assertThat(decoded(escaped(bytes, StandardCharsets.UTF_8, piece)))
          .isEqualTo(new String(bytes, StandardCharsets.UTF_8));
    }
  }

  /**
   * Mostly well-formed UTF-8 (the fast path) with malformed bytes, cut-off sequences, surrogates
   * and overlong forms mixed in, in random pieces: the same text as {@code new String}.
   */
  @Test
  void wellFormedTextWithDefectsMixedInGivesWhatNewStringGives() throws IOException {
    Random random = new Random(7);
    String[] parts = {
      "plain ascii ",
      "\"quoted\" ",
      "back\\slash ",
      "tab\t",
      "\u0001",
      "été ",
      "日本語",
      "😀",
      "\u007f",
      "\u2028",
      "€"
    };
    byte[][] defects = {
      {(byte) 0xFF},
      {(byte) 0xC0, (byte) 0xAF}, // overlong '/'
      {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, // overlong
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // a surrogate
      {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // past U+10FFFF
      {(byte) 0xE2, (byte) 0x82}, // cut off
      {(byte) 0x80},
      {(byte) 0xF0, (byte) 0x9F, (byte) 0x98} // cut off emoji
    };
    for (int round = 0; round < 300; round++) {
      ByteArrayOutputStream text = new ByteArrayOutputStream();
      int items = random.nextInt(400);
      for (int i = 0; i < items; i++) {
        if (random.nextInt(20) == 0) {
          text.writeBytes(defects[random.nextInt(defects.length)]);
        } else {
          text.writeBytes(parts[random.nextInt(parts.length)].getBytes(StandardCharsets.UTF_8));
        }
      }
      byte[] bytes = text.toByteArray();
      int piece = 1 + random.nextInt(random.nextBoolean() ? 7 : 5000);
      assertThat(decoded(escaped(bytes, StandardCharsets.UTF_8, piece)))
          .as("round %d, pieces of %d", round, piece)
          .isEqualTo(new String(bytes, StandardCharsets.UTF_8));
    }
  }

  @Test
  void nothingWrittenGivesAnEmptyString() throws IOException {
    assertThat(escaped(new byte[0], StandardCharsets.UTF_8, 1)).isEmpty();
  }
}
