package dev.jaxrsmcp.internal.content;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which media types make a read's contents {@code text} rather than a base64 {@code blob}. */
class ContentsShapeTextTypesTest {

  @ParameterizedTest
  @CsvSource({
    "text/plain, true",
    "TEXT/HTML; charset=ISO-8859-1, true",
    "application/json, true",
    "application/vnd.widgets+json;version=2, true",
    "application/xml, true",
    "image/svg+xml, true",
    "application/x-yaml, true",
    "application/javascript, true",
    "text/csv, true",
    "application/octet-stream, false",
    "image/png, false",
    "application/pdf; name=json, false",
    "'', false"
  })
  void typeDecidesTextOrBlobTheSameEveryTime(String type, boolean text) {
    for (int i = 0; i < 3; i++) {
      assertThat(ContentsShape.isText(type)).as(type).isEqualTo(text);
    }
  }

  @ParameterizedTest
  @CsvSource({"application/vnd.x%d+json, true", "application/vnd.x%d, false"})
  void moreTypesThanAreRememberedAreStillDecided(String pattern, boolean text) {
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 600; i++) {
        String type = String.format(pattern, i);
        assertThat(ContentsShape.isText(type)).as(type).isEqualTo(text);
      }
    }
  }
}
