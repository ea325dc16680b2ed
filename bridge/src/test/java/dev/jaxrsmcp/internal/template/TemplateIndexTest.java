package dev.jaxrsmcp.internal.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TemplateIndexTest {

  @Test
  void findsTheTemplateAUriBelongsToWithItsVariables() {
    TemplateIndex<String> index = index("app://widgets/{id}/state", "app://gadgets/{id}");

    assertThat(index.find("app://gadgets/7"))
        .hasValueSatisfying(
            found -> {
              assertThat(found.value()).isEqualTo("app://gadgets/{id}");
              assertThat(found.template().text()).isEqualTo("app://gadgets/{id}");
              assertThat(found.match()).isEqualTo(new TemplateMatch(Map.of("id", "7"), Map.of()));
            });
  }

  @Test
  void uriThatMatchesNoTemplateFindsNothing() {
    assertThat(index("app://widgets/{id}/state", "app://status").find("app://gadgets/7")).isEmpty();
  }

  @Test
  void exactTemplateBeatsEveryTemplate() {
    TemplateIndex<String> index = index("app://widgets/{id}", "app://widgets/new");

    assertThat(winner(index, "app://widgets/new")).contains("app://widgets/new");
    assertThat(winner(index, "app://widgets/7")).contains("app://widgets/{id}");
  }

  @Test
  void exactTemplateBeatsTemplateWithOnlyQueryVariables() {
    TemplateIndex<String> index = index("app://widgets{?page}", "app://widgets");

    assertThat(winner(index, "app://widgets")).contains("app://widgets");
    assertThat(winner(index, "app://widgets?page=2")).contains("app://widgets{?page}");
  }

  @Test
  void exactTemplateMatchFindsNoVariables() {
    assertThat(index("app://status").find("app://status"))
        .hasValueSatisfying(
            found -> assertThat(found.match()).isEqualTo(new TemplateMatch(Map.of(), Map.of())));
  }

  @Test
  void exactTemplateDoesNotMatchWithQuery() {
    assertThat(index("app://status").find("app://status?verbose=1")).isEmpty();
  }

  @Test
  void fewestPathVariablesWins() {
    TemplateIndex<String> index = index("app://w/{kind}/{id}/s", "app://w/{kind}/7/s");

    assertThat(winner(index, "app://w/a/7/s")).contains("app://w/{kind}/7/s");
  }

  @Test
  void fewestPathVariablesWinsOverLongerText() {
    TemplateIndex<String> index = index("app://w/{kind}/{id}/state-of-the-widget", "app://w/{x}");

    assertThat(winner(index, "app://w/thing")).contains("app://w/{x}");
    assertThat(winner(index, "app://w/a/7/state-of-the-widget"))
        .contains("app://w/{kind}/{id}/state-of-the-widget");
  }

  @Test
  void repeatedNameCountsEveryOccurrence() {
    TemplateIndex<String> index = index("app://w/{a}-{a}", "app://w/{b}-c");

    assertThat(winner(index, "app://w/c-c")).contains("app://w/{b}-c");
  }

  @Test
  void longestTemplateTextWinsAmongEqualVariableCounts() {
    TemplateIndex<String> index = index("app://files/{name}", "app://files/{name}.json");

    assertThat(winner(index, "app://files/a.json")).contains("app://files/{name}.json");
    assertThat(winner(index, "app://files/a.xml")).contains("app://files/{name}");
  }

  @Test
  void declarationOrderBreaksRemainingTies() {
    TemplateIndex<String> first = index("app://w/{a}/x", "app://w/x/{b}");
    TemplateIndex<String> second = index("app://w/x/{b}", "app://w/{a}/x");

    assertThat(winner(first, "app://w/x/x")).contains("app://w/{a}/x");
    assertThat(winner(second, "app://w/x/x")).contains("app://w/x/{b}");
  }

  @Test
  void firstDeclaredOfTwoEqualExactTemplatesWins() {
    TemplateIndex<String> index =
        TemplateIndex.of(
            List.of(
                Map.entry(UriTemplate.parse("app://status"), "first"),
                Map.entry(UriTemplate.parse("app://status"), "second")));

    assertThat(winner(index, "app://status")).contains("first");
  }

  @Test
  void uriLongerThan4096CharactersFindsNothing() {
    String id = "7".repeat(4097 - "app://w/".length());

    assertThat(index("app://w/{id}").find("app://w/" + id)).isEmpty();
    assertThat(index("app://w/{id}").find("app://w/" + id.substring(1))).isPresent();
  }

  @Test
  void indexIsACopyOfTheEntries() {
    List<Map.Entry<UriTemplate, String>> entries = new ArrayList<>();
    entries.add(Map.entry(UriTemplate.parse("app://w/{id}"), "w"));
    TemplateIndex<String> index = TemplateIndex.of(entries);
    entries.clear();

    assertThat(winner(index, "app://w/1")).contains("w");
  }

  private static TemplateIndex<String> index(String... templates) {
    List<Map.Entry<UriTemplate, String>> entries = new ArrayList<>();
    for (String t : templates) {
      entries.add(Map.entry(UriTemplate.parse(t), t));
    }
    return TemplateIndex.of(entries);
  }

  private static Optional<String> winner(TemplateIndex<String> index, String uri) {
    return index.find(uri).map(TemplateIndex.Found::value);
  }
}
