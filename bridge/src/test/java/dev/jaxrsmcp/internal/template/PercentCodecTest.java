package dev.jaxrsmcp.internal.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PercentCodecTest {

  @Test
  void encodeLeavesUnreservedCharacters() {
    assertThat(PercentCodec.encode("AZaz09-._~", "")).isEqualTo("AZaz09-._~");
  }

  @Test
  void encodeEscapesEveryOtherAsciiCharacter() {
    assertThat(PercentCodec.encode(" !\"#$%&'()*+,/:;<=>?@[\\]^`{|}", ""))
        .isEqualTo(
            "%20%21%22%23%24%25%26%27%28%29%2A%2B%2C%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D");
  }

  @Test
  void encodeEscapesNonAsciiAsUtf8Bytes() {
    assertThat(PercentCodec.encode("é€\uD83D\uDE80", "")).isEqualTo("%C3%A9%E2%82%AC%F0%9F%9A%80");
  }

  @Test
  void encodeAlsoEscapesTheGivenUnreservedCharacters() {
    assertThat(PercentCodec.encode("a.b-c", ".a")).isEqualTo("%61%2Eb-c");
  }

  @CsvSource({
    "abc, abc",
    "%41%42, AB",
    "%c3%a9, é",
    "caf%C3%A9, café",
    "%F0%9F%9A%80, \uD83D\uDE80",
    "a+b, a+b",
    "%25, %",
  })
  @ParameterizedTest
  void decodesEscapesAsUtf8(String text, String decoded) {
    assertThat(PercentCodec.decode(text)).contains(decoded);
  }

  @Test
  void decodeKeepsUnescapedNonAsciiNextToEscapes() {
    assertThat(PercentCodec.decode("é\uD83D\uDE80%41")).contains("é\uD83D\uDE80A");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "%",
        "%4",
        "a%4",
        "%zz",
        "%4z",
        "%z4",
        "%C3%28",
        "%C3",
        "%80",
        "%FF",
        "%C0%AF",
        "%E0%80%AF",
        "%ED%A0%80",
        "%F4%90%80%80",
        "%C3é"
      })
  void decodeRejectsMalformedEscapesAndInvalidUtf8(String text) {
    assertThat(PercentCodec.decode(text)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"\uD83D", "a\uDE80", "\uD83D%41", "%41\uD83D", "\uDE80\uD83D"})
  void decodeRejectsLoneSurrogates(String text) {
    assertThat(PercentCodec.decode(text)).isEmpty();
  }

  @Test
  void decodeOneReadsACharacterAsWritten() {
    long decoded = PercentCodec.decodeOne("aé", 1, 2);

    assertThat(PercentCodec.codePoint(decoded)).isEqualTo('é');
    assertThat(PercentCodec.end(decoded)).isEqualTo(2);
  }

  @Test
  void decodeOneReadsASurrogatePairAsOneCodePoint() {
    long decoded = PercentCodec.decodeOne("\uD83D\uDE80", 0, 2);

    assertThat(PercentCodec.codePoint(decoded)).isEqualTo(0x1F680);
    assertThat(PercentCodec.end(decoded)).isEqualTo(2);
  }

  @Test
  void decodeOneReadsAWholeUtf8SequenceOfEscapes() {
    long decoded = PercentCodec.decodeOne("x%F0%9F%9A%80y", 1, 14);

    assertThat(PercentCodec.codePoint(decoded)).isEqualTo(0x1F680);
    assertThat(PercentCodec.end(decoded)).isEqualTo(13);
  }

  @Test
  void decodeOneDoesNotLookPastTheLimit() {
    assertThat(PercentCodec.decodeOne("%C3%A9", 0, 5)).isEqualTo(-1);
    assertThat(PercentCodec.decodeOne("%41", 0, 2)).isEqualTo(-1);
  }

  @Test
  void endOfDecodedFindsWhereTheTextDecodesToTheValue() {
    assertThat(PercentCodec.endOfDecoded("caf%C3%A9.x", 0, 11, "café")).isEqualTo(9);
    assertThat(PercentCodec.endOfDecoded("%63af\u00e9.x", 0, 10, "café")).isEqualTo(6);
  }

  @Test
  void endOfDecodedIsMinusOneWhenTheTextDiffers() {
    assertThat(PercentCodec.endOfDecoded("cafe", 0, 4, "café")).isEqualTo(-1);
    assertThat(PercentCodec.endOfDecoded("caf", 0, 3, "café")).isEqualTo(-1);
    assertThat(PercentCodec.endOfDecoded("caf%C3", 0, 6, "café")).isEqualTo(-1);
  }

  @Test
  void validPrefixesEndAfterEachDecodableCodePoint() {
    PercentCodec.Prefixes prefixes =
        PercentCodec.validPrefixes("a%C3%A9b%zzc", 0, 12, new PercentCodec.Prefixes());

    assertThat(IntStream.range(0, prefixes.size()).map(prefixes::end)).containsExactly(1, 7, 8);
  }
}
