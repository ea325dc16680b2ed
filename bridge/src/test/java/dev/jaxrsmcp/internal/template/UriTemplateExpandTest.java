package dev.jaxrsmcp.internal.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UriTemplateExpandTest {

  @Test
  void expandsPathVariable() {
    assertThat(expand("app://widgets/{id}/state", Map.of("id", "42")))
        .isEqualTo("app://widgets/42/state");
  }

  @Test
  void exactTemplateExpandsToItself() {
    assertThat(expand("app://status", Map.of())).isEqualTo("app://status");
  }

  @Test
  void leavesUnreservedCharactersThatAreNotInTheSegmentsLiteralTextAsTheyAre() {
    assertThat(expand("app://users/{name}", Map.of("name", "alice-smith_2~x.y")))
        .isEqualTo("app://users/alice-smith_2~x.y");
  }

  @Test
  void percentEncodesReservedAndNonAsciiCharactersAsUtf8() {
    assertThat(expand("app://w/{name}", Map.of("name", "a b/c?d#e%f&g+h:i@é\uD83D\uDE80")))
        .isEqualTo("app://w/a%20b%2Fc%3Fd%23e%25f%26g%2Bh%3Ai%40%C3%A9%F0%9F%9A%80");
  }

  @Test
  void percentEncodesCharactersOfTheLiteralTextInTheSameSegment() {
    assertThat(expand("app://files/{name}.{ext}", Map.of("name", "my.report", "ext", "tar.gz")))
        .isEqualTo("app://files/my%2Ereport.tar%2Egz");
  }

  @Test
  void percentEncodesLettersOfTheLiteralTextInTheSameSegment() {
    assertThat(expand("app://v/x{a}y", Map.of("a", "xyz"))).isEqualTo("app://v/x%78%79zy");
  }

  @Test
  void literalTextInOtherSegmentsDoesNotAffectEncoding() {
    assertThat(expand("app://api/v1.0/{id}", Map.of("id", "1.5"))).isEqualTo("app://api/v1.0/1.5");
  }

  @Test
  void expandsRepeatedName() {
    assertThat(expand("app://diff/{a}/{a}", Map.of("a", "x"))).isEqualTo("app://diff/x/x");
  }

  @Test
  void expandsQueryVariablesInTemplateOrder() {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("limit", "5");
    values.put("id", "1");
    values.put("fields", "a");

    assertThat(expand("app://widgets/{id}{?fields,limit}", values))
        .isEqualTo("app://widgets/1?fields=a&limit=5");
  }

  @Test
  void leavesOutAbsentQueryVariables() {
    assertThat(expand("app://widgets/{id}{?fields,limit}", Map.of("id", "1", "limit", "5")))
        .isEqualTo("app://widgets/1?limit=5");
  }

  @Test
  void expandsEmptyQueryValue() {
    assertThat(expand("app://widgets{?verbose}", Map.of("verbose", "")))
        .isEqualTo("app://widgets?verbose=");
  }

  @Test
  void percentEncodesQueryValues() {
    assertThat(expand("app://search{?q}", Map.of("q", "a&b=c d+é")))
        .isEqualTo("app://search?q=a%26b%3Dc%20d%2B%C3%A9");
  }

  @Test
  void ignoresValuesForNamesNotInTheTemplate() {
    assertThat(expand("app://widgets/{id}", Map.of("id", "1", "other", "x")))
        .isEqualTo("app://widgets/1");
  }

  @Test
  void missingPathVariableFails() {
    assertThatThrownBy(() -> expand("app://widgets/{id}/state", Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "path variable 'id' needs a non-empty value to expand 'app://widgets/{id}/state'");
  }

  @Test
  void emptyPathVariableFails() {
    assertThatThrownBy(() -> expand("app://widgets/{id}/state", Map.of("id", "")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "path variable 'id' needs a non-empty value to expand 'app://widgets/{id}/state'");
  }

  @Test
  void loneSurrogateInPathValueFails() {
    assertThatThrownBy(() -> expand("app://w/{name}", Map.of("name", "a\uD83D")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "variable 'name' needs a value without lone surrogates to expand 'app://w/{name}'");
  }

  @Test
  void loneSurrogateInQueryValueFails() {
    assertThatThrownBy(() -> expand("app://search{?q}", Map.of("q", "\uDE80")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "variable 'q' needs a value without lone surrogates to expand 'app://search{?q}'");
  }

  @Test
  void expansionLongerThan4096CharactersIsReturnedButMatchesNothing() {
    UriTemplate template = UriTemplate.parse("app://w/{id}");
    String uri = template.expand(Map.of("id", "7".repeat(4097 - "app://w/".length())));

    assertThat(uri).hasSize(4097);
    assertThat(template.match(uri)).isEmpty();
  }

  @Test
  void expandAllWritesEveryValueOfAQueryVariableInOrder() {
    assertThat(
            UriTemplate.parse("app://widgets{?tag,page}")
                .expandAll(Map.of("tag", List.of("b", "a&c"), "page", List.of("2"))))
        .isEqualTo("app://widgets?tag=b&tag=a%26c&page=2");
  }

  @Test
  void expandAllLeavesOutAQueryVariableWithNoValues() {
    assertThat(UriTemplate.parse("app://widgets{?tag}").expandAll(Map.of("tag", List.of())))
        .isEqualTo("app://widgets");
  }

  @Test
  void expandAllTakesTheFirstValueOfAPathVariable() {
    assertThat(UriTemplate.parse("app://widgets/{id}").expandAll(Map.of("id", List.of("1", "2"))))
        .isEqualTo("app://widgets/1");
  }

  @Test
  void expandAllWithoutAValueForAPathVariableFails() {
    assertThatThrownBy(
            () -> UriTemplate.parse("app://widgets/{id}").expandAll(Map.of("id", List.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path variable 'id' needs a non-empty value to expand 'app://widgets/{id}'");
  }

  @Test
  void expandAllRejectsALoneSurrogateInAnyQueryValue() {
    assertThatThrownBy(
            () ->
                UriTemplate.parse("app://search{?q}")
                    .expandAll(Map.of("q", List.of("fine", "\uD83D"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "variable 'q' needs a value without lone surrogates to expand 'app://search{?q}'");
  }

  private static String expand(String template, Map<String, String> values) {
    return UriTemplate.parse(template).expand(values);
  }
}
