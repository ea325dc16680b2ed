package dev.jaxrsmcp.internal.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UriTemplateMatchTest {

  @Test
  void bindsPathVariable() {
    assertThat(match("app://widgets/{id}/state", "app://widgets/42/state"))
        .contains(values(Map.of("id", "42")));
  }

  @Test
  void bindsSeveralPathVariables() {
    assertThat(match("app://orgs/{org}/repos/{repo}", "app://orgs/acme/repos/rockets"))
        .contains(values(Map.of("org", "acme", "repo", "rockets")));
  }

  @Test
  void bindsVariablesSeparatedByLiteralTextInOneSegment() {
    assertThat(match("app://files/{name}.{ext}", "app://files/report.pdf"))
        .contains(values(Map.of("name", "report", "ext", "pdf")));
  }

  @Test
  void exactTemplateMatchesItsOwnUri() {
    assertThat(match("app://status", "app://status")).contains(values(Map.of()));
  }

  @Test
  void exactTemplateDoesNotMatchALongerUri() {
    assertThat(match("app://status", "app://status/more")).isEmpty();
  }

  @Test
  void differentLiteralTextDoesNotMatch() {
    assertThat(match("app://widgets/{id}/state", "app://widgets/42/status")).isEmpty();
  }

  @Test
  void literalTextIsCaseSensitive() {
    assertThat(match("app://widgets/{id}", "app://Widgets/42")).isEmpty();
  }

  @Test
  void dotInTemplateIsAPlainCharacter() {
    assertThat(match("app://api/v1.0/{id}", "app://api/v1X0/7")).isEmpty();
    assertThat(match("app://api/v1.0/{id}", "app://api/v1.0/7"))
        .contains(values(Map.of("id", "7")));
  }

  @Test
  void questionMarkInTemplateIsAPlainCharacter() {
    assertThat(match("app://faq/colou?r/{id}", "app://faq/color/1")).isEmpty();
    assertThat(match("app://faq/colou?r/{id}", "app://faq/colour/1")).isEmpty();
    assertThat(match("app://faq/colou?r/{id}", "app://faq/colou?r/1"))
        .contains(values(Map.of("id", "1")));
  }

  @Test
  void plusInTemplateIsAPlainCharacter() {
    assertThat(match("app://m/a+/{id}", "app://m/aaa/1")).isEmpty();
    assertThat(match("app://m/a+/{id}", "app://m/a+/1")).contains(values(Map.of("id", "1")));
  }

  @Test
  void parenthesisInTemplateIsAPlainCharacter() {
    assertThat(match("app://p/f(x)/{id}", "app://p/fx/1")).isEmpty();
    assertThat(match("app://p/f(/{id}", "app://p/f(/1")).contains(values(Map.of("id", "1")));
  }

  @Test
  void otherRegexMetacharactersInTemplateArePlainCharacters() {
    String template = "app://r/[a-z]*^$|\\d/{id}";

    assertThat(match(template, "app://r/q/1")).isEmpty();
    assertThat(match(template, "app://r/[a-z]*^$|\\d/1")).contains(values(Map.of("id", "1")));
  }

  @Test
  void pathVariableNeedsAtLeastOneCharacter() {
    assertThat(match("app://widgets/{id}/state", "app://widgets//state")).isEmpty();
  }

  @Test
  void pathVariableAtTheEndNeedsAtLeastOneCharacter() {
    assertThat(match("app://widgets/{id}", "app://widgets/")).isEmpty();
  }

  @Test
  void pathVariableNeverCrossesSlash() {
    assertThat(match("app://files/{name}", "app://files/a/b")).isEmpty();
  }

  @Test
  void pathVariableNeverCrossesSlashBeforeLiteral() {
    assertThat(match("app://files/{name}/meta", "app://files/a/b/meta")).isEmpty();
  }

  @Test
  void encodedSlashStaysInsideThePathVariable() {
    assertThat(match("app://files/{name}/meta", "app://files/a%2Fb/meta"))
        .contains(values(Map.of("name", "a/b")));
  }

  @Test
  void pathVariableDoesNotMatchAFragment() {
    assertThat(match("app://widgets/{id}", "app://widgets/42#top")).isEmpty();
  }

  @Test
  void repeatedNameBindsTheSameValue() {
    assertThat(match("app://diff/{a}/{a}", "app://diff/x/x")).contains(values(Map.of("a", "x")));
  }

  @Test
  void repeatedNameWithDifferentValuesDoesNotMatch() {
    assertThat(match("app://diff/{a}/{a}", "app://diff/x/y")).isEmpty();
  }

  @Test
  void repeatedNameComparesDecodedValues() {
    assertThat(match("app://diff/{a}/{a}", "app://diff/%78/x")).contains(values(Map.of("a", "x")));
  }

  @Test
  void repeatedNameTriesEveryWayToSplitTheEarlierSegments() {
    assertThat(match("app://r/{a}.{b}/{a}", "app://r/p.q.r/p"))
        .contains(values(Map.of("a", "p", "b", "q.r")));
  }

  @Test
  void repeatedNameInOneSegmentBindsTheSameValue() {
    assertThat(match("app://r/{a}-{a}", "app://r/x-y-x-y")).contains(values(Map.of("a", "x-y")));
    assertThat(match("app://r/{a}-{a}", "app://r/x-y")).isEmpty();
  }

  @Test
  void repeatedNameAloneInALaterSegmentFixesItsValueEarlier() {
    assertThat(match("app://r/{a}.{b}/{a}", "app://r/p.q.r/p.q"))
        .contains(values(Map.of("a", "p.q", "b", "r")));
  }

  @Test
  void repeatedNameInTwoSegmentsWithSeveralVariables() {
    assertThat(match("app://r/{a}.{b}/{c}.{a}", "app://r/q.r.x/s.q.r"))
        .contains(values(Map.of("a", "q.r", "b", "x", "c", "s")));
    assertThat(match("app://r/{a}.{b}/{c}.{a}", "app://r/p.q/s.r")).isEmpty();
  }

  @Test
  void searchForRepeatedNamesGivesUpOnAnUnreasonablyAmbiguousUri() {
    String template = "app://r/{a}.{b}.{a}!";
    String matching = "x." + "x.".repeat(2000) + "y.x!";

    assertThat(match(template, "app://r/x.x.x.y.x!"))
        .contains(values(Map.of("a", "x", "b", "x.x.y")));
    assertThat(match(template, "app://r/" + matching)).isEmpty();
  }

  @Test
  void earlierVariableTakesTheLongestValueInASegment() {
    assertThat(match("app://files/{name}.{ext}", "app://files/a.b.c"))
        .contains(values(Map.of("name", "a.b", "ext", "c")));
  }

  @Test
  void earlierVariableGivesUpLengthForTheRestOfTheSegmentToMatch() {
    assertThat(match("app://files/{name}.{ext}.gz", "app://files/a.b.c.gz.d.gz"))
        .contains(values(Map.of("name", "a.b.c.gz", "ext", "d")));
    assertThat(match("app://files/{name}.{ext}.gz", "app://files/a.%zz.gz")).isEmpty();
  }

  @Test
  void segmentWithSeveralVariablesRejectsAMalformedValue() {
    assertThat(match("app://files/{name}.{ext}", "app://files/a.%zz")).isEmpty();
    assertThat(match("app://files/{name}.{ext}", "app://files/%zz.b")).isEmpty();
  }

  @Test
  void percentEscapeInLiteralTextIsMatchedAsWritten() {
    assertThat(match("app://files/My%20Docs/{name}", "app://files/My%20Docs/x"))
        .contains(values(Map.of("name", "x")));
    assertThat(match("app://files/My%20Docs/{name}", "app://files/My Docs/x")).isEmpty();
  }

  @Test
  void delimitersInLiteralTextMustBeTheUrisDelimiters() {
    assertThat(match("app://faq/{a}#{b}", "app://faq/x#y"))
        .contains(values(Map.of("a", "x", "b", "y")));
    assertThat(match("app://faq/{a}#{b}", "app://faq/x/y")).isEmpty();
    assertThat(match("app://faq/{a}#{b}", "app://faq/x#y#z")).isEmpty();
  }

  @Test
  void laterVariableTakesTheRestWhenEarlierVariableIsRepeated() {
    assertThat(match("app://r/{a}.{b}/{a}", "app://r/p.q.r/p.q"))
        .contains(values(Map.of("a", "p.q", "b", "r")));
  }

  @Test
  void queryVariablesAreOptional() {
    assertThat(match("app://widgets/{id}{?fields,limit}", "app://widgets/1"))
        .contains(values(Map.of("id", "1")));
  }

  @Test
  void emptyQueryIsAllowedWhenTemplateHasQueryVariables() {
    assertThat(match("app://widgets/{id}{?fields}", "app://widgets/1?"))
        .contains(values(Map.of("id", "1")));
  }

  @Test
  void queryVariablesMayComeInAnyOrder() {
    assertThat(match("app://widgets/{id}{?fields,limit}", "app://widgets/1?limit=5&fields=a"))
        .contains(
            new TemplateMatch(
                Map.of("id", "1", "limit", "5", "fields", "a"),
                Map.of("limit", List.of("5"), "fields", List.of("a"))));
  }

  @Test
  void someQueryVariablesMayBeLeftOut() {
    assertThat(match("app://widgets{?fields,limit,page}", "app://widgets?page=2"))
        .contains(new TemplateMatch(Map.of("page", "2"), Map.of("page", List.of("2"))));
  }

  @Test
  void queryOnlyTemplateMatchesWithoutQuery() {
    assertThat(match("app://widgets{?page}", "app://widgets")).contains(values(Map.of()));
  }

  @Test
  void unknownQueryParameterMeansNoMatch() {
    assertThat(match("app://widgets/{id}{?fields}", "app://widgets/1?fields=a&sort=name"))
        .isEmpty();
  }

  @Test
  void queryOnTemplateWithoutQueryVariablesMeansNoMatch() {
    assertThat(match("app://widgets/{id}", "app://widgets/1?fields=a")).isEmpty();
  }

  @Test
  void queryOnExactTemplateMeansNoMatch() {
    assertThat(match("app://status", "app://status?verbose=1")).isEmpty();
  }

  @Test
  void repeatedQueryParameterTakesItsFirstValueAndKeepsAll() {
    assertThat(match("app://widgets{?tag}", "app://widgets?tag=a&tag=b&tag=a"))
        .contains(new TemplateMatch(Map.of("tag", "a"), Map.of("tag", List.of("a", "b", "a"))));
  }

  @Test
  void queryParameterWithoutEqualsSignHasEmptyValue() {
    assertThat(match("app://widgets{?verbose}", "app://widgets?verbose"))
        .contains(new TemplateMatch(Map.of("verbose", ""), Map.of("verbose", List.of(""))));
  }

  @Test
  void queryValueKeepsEqualsSignsAfterTheFirst() {
    assertThat(match("app://widgets{?q}", "app://widgets?q=a=b"))
        .contains(new TemplateMatch(Map.of("q", "a=b"), Map.of("q", List.of("a=b"))));
  }

  @Test
  void emptyQueryPairsAreSkipped() {
    assertThat(match("app://widgets{?q}", "app://widgets?&q=1&&"))
        .contains(new TemplateMatch(Map.of("q", "1"), Map.of("q", List.of("1"))));
  }

  @Test
  void queryValuesArePercentDecodedAsUtf8() {
    assertThat(match("app://search{?q}", "app://search?q=caf%C3%A9%20au%20lait%26co"))
        .contains(
            new TemplateMatch(
                Map.of("q", "café au lait&co"), Map.of("q", List.of("café au lait&co"))));
  }

  @Test
  void plusInQueryValueIsNotASpace() {
    assertThat(match("app://search{?q}", "app://search?q=a+b"))
        .contains(new TemplateMatch(Map.of("q", "a+b"), Map.of("q", List.of("a+b"))));
  }

  @Test
  void queryParameterNamesArePercentDecoded() {
    assertThat(match("app://search{?q}", "app://search?%71=1"))
        .contains(new TemplateMatch(Map.of("q", "1"), Map.of("q", List.of("1"))));
  }

  @Test
  void pathValuesArePercentDecodedAsUtf8() {
    assertThat(match("app://w/{name}", "app://w/caf%C3%A9%20%F0%9F%9A%80"))
        .contains(values(Map.of("name", "café \uD83D\uDE80")));
  }

  @Test
  void percentEscapesMayUseLowerCaseHex() {
    assertThat(match("app://w/{name}", "app://w/caf%c3%a9"))
        .contains(values(Map.of("name", "café")));
  }

  @Test
  void unencodedNonAsciiPathValueIsKept() {
    assertThat(match("app://w/{name}", "app://w/café-\uD83D\uDE80"))
        .contains(values(Map.of("name", "café-\uD83D\uDE80")));
  }

  @Test
  void unencodedNonAsciiNextToEscapeIsKept() {
    assertThat(match("app://w/{name}", "app://w/\uD83D\uDE80%41é"))
        .contains(values(Map.of("name", "\uD83D\uDE80Aé")));
  }

  @Test
  void plusInPathValueIsNotASpace() {
    assertThat(match("app://w/{name}", "app://w/a+b")).contains(values(Map.of("name", "a+b")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"%zz", "%4", "%", "a%4", "%C3%28", "%C3", "%FF", "%C0%AF", "%ED%A0%80"})
  void malformedEscapeInPathValueMeansNoMatch(String value) {
    assertThat(match("app://w/{name}", "app://w/" + value)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"%zz", "%4", "%", "a%4", "%C3%28", "%C3", "%FF", "%C0%AF", "%ED%A0%80"})
  void malformedEscapeBeforeLiteralTextMeansNoMatch(String value) {
    assertThat(match("app://w/{name}/state", "app://w/" + value + "/state")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"%zz", "%4", "%", "a%4", "%C3%28", "%C3", "%FF", "%C0%AF", "%ED%A0%80"})
  void malformedEscapeInQueryValueMeansNoMatch(String value) {
    assertThat(match("app://search{?q}", "app://search?q=" + value)).isEmpty();
  }

  @Test
  void malformedEscapeInQueryNameMeansNoMatch() {
    assertThat(match("app://search{?q}", "app://search?q%zz=1")).isEmpty();
  }

  @Test
  void loneSurrogateInPathValueMeansNoMatch() {
    assertThat(match("app://w/{name}", "app://w/a\uD83D")).isEmpty();
    assertThat(match("app://w/{name}", "app://w/\uDE80a")).isEmpty();
  }

  @Test
  void loneSurrogateNextToEscapeMeansNoMatch() {
    assertThat(match("app://w/{name}", "app://w/\uD83D%41")).isEmpty();
  }

  @Test
  void uriOf4096CharactersMatches() {
    String id = "7".repeat(4096 - "app://w/".length());

    assertThat(match("app://w/{id}", "app://w/" + id)).contains(values(Map.of("id", id)));
  }

  @Test
  void uriLongerThan4096CharactersMatchesNothing() {
    String id = "7".repeat(4097 - "app://w/".length());

    assertThat(match("app://w/{id}", "app://w/" + id)).isEmpty();
  }

  @Test
  void queryMakingUriLongerThan4096CharactersMatchesNothing() {
    String q = "7".repeat(4096 - "app://w?q=".length());

    assertThat(match("app://w{?q}", "app://w?q=" + q)).isPresent();
    assertThat(match("app://w{?q}", "app://w?q=" + q + "7")).isEmpty();
  }

  @Test
  void queryValuesListsAreImmutable() {
    TemplateMatch m = match("app://widgets{?tag}", "app://widgets?tag=a").orElseThrow();

    assertThat(m.queryValues().get("tag")).isUnmodifiable();
  }

  @Test
  void matchIsACopyOfTheGivenMaps() {
    List<String> tags = new ArrayList<>(List.of("a"));
    Map<String, List<String>> queryValues = new HashMap<>(Map.of("tag", tags));
    TemplateMatch m = new TemplateMatch(Map.of("tag", "a"), queryValues);
    tags.add("b");
    queryValues.clear();

    assertThat(m.queryValues()).isEqualTo(Map.of("tag", List.of("a")));
  }

  private static Optional<TemplateMatch> match(String template, String uri) {
    return UriTemplate.parse(template).match(uri);
  }

  private static TemplateMatch values(Map<String, String> values) {
    return new TemplateMatch(values, Map.of());
  }
}
