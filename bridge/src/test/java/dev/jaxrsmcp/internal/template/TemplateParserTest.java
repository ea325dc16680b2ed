package dev.jaxrsmcp.internal.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jaxrsmcp.internal.template.Part.Literal;
import dev.jaxrsmcp.internal.template.Part.Variable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TemplateParserTest {

  @Test
  void splitsTemplateIntoLiteralAndVariableParts() {
    UriTemplate t = UriTemplate.parse("app://widgets/{id}/state");

    assertThat(t.parts())
        .containsExactly(new Literal("app://widgets/"), new Variable("id"), new Literal("/state"));
  }

  @Test
  void keepsRegexMetacharactersAsOneLiteralPart() {
    UriTemplate t = UriTemplate.parse("app://r/v1.0+(x)?[y]*^$|\\/{id}");

    assertThat(t.parts())
        .containsExactly(new Literal("app://r/v1.0+(x)?[y]*^$|\\/"), new Variable("id"));
  }

  @Test
  void queryExpressionIsNotAPart() {
    UriTemplate t = UriTemplate.parse("app://widgets/{id}{?fields,limit}");

    assertThat(t.parts()).containsExactly(new Literal("app://widgets/"), new Variable("id"));
    assertThat(t.queryVariables()).containsExactly("fields", "limit");
  }

  @Test
  void textIsTheTemplateAsWritten() {
    assertThat(UriTemplate.parse("app://widgets/{id}{?a,b}").text())
        .isEqualTo("app://widgets/{id}{?a,b}");
  }

  @Test
  void pathVariablesAreDistinctInOrderOfFirstAppearance() {
    UriTemplate t = UriTemplate.parse("app://x/{b}/{a}/{b}");

    assertThat(t.pathVariables()).containsExactly("b", "a");
    assertThat(t.pathVariableCount()).isEqualTo(3);
  }

  @Test
  void templateWithoutVariablesIsExact() {
    UriTemplate t = UriTemplate.parse("app://status");

    assertThat(t.isExact()).isTrue();
    assertThat(t.pathVariables()).isEmpty();
    assertThat(t.queryVariables()).isEmpty();
  }

  @Test
  void templateWithOnlyQueryVariablesIsNotExact() {
    assertThat(UriTemplate.parse("app://widgets{?page}").isExact()).isFalse();
  }

  @Test
  void templateWithPathVariableIsNotExact() {
    assertThat(UriTemplate.parse("app://widgets/{id}").isExact()).isFalse();
  }

  @Test
  void variableNamesMayUseDigitsUnderscoreDashAndDot() {
    UriTemplate t = UriTemplate.parse("app://x/{widget-id}/{_v2}/{a.b}{?page_size,9lives}");

    assertThat(t.pathVariables()).containsExactly("widget-id", "_v2", "a.b");
    assertThat(t.queryVariables()).containsExactly("page_size", "9lives");
  }

  @Test
  void templateOf4096CharactersParses() {
    String template = "app://x/{id}/" + "a".repeat(4096 - "app://x/{id}/".length());

    assertThat(UriTemplate.parse(template).text()).hasSize(4096);
  }

  @Test
  void templateLongerThan4096CharactersFails() {
    String template = "app://x/{id}/" + "a".repeat(4097 - "app://x/{id}/".length());

    assertSyntaxError(template, "template must be at most 4096 characters");
  }

  @Test
  void emptyTemplateFails() {
    assertSyntaxError("", "template must not be empty");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "widgets/{id}",
        "/widgets/{id}",
        "app:/widgets/{id}",
        "app:widgets",
        "://widgets/{id}",
        "1app://widgets/{id}",
        "a_p://widgets/{id}",
        "{scheme}://widgets",
        "app ://widgets"
      })
  void templateWithoutSchemeFails(String template) {
    assertSyntaxError(template, "template must start with 'scheme://'");
  }

  @Test
  void schemeMayUseLettersDigitsPlusDashAndDot() {
    assertThat(UriTemplate.parse("my-app+v2.x://widgets").isExact()).isTrue();
  }

  @Test
  void adjacentVariablesFail() {
    assertSyntaxError(
        "app://x/{a}{b}", "variables 'a' and 'b' are adjacent; put literal text between them");
  }

  @Test
  void adjacentRepeatedVariableFails() {
    assertSyntaxError(
        "app://x/{a}{a}", "variables 'a' and 'a' are adjacent; put literal text between them");
  }

  @Test
  void pathVariableFollowedByQueryExpressionIsNotAdjacent() {
    assertThat(UriTemplate.parse("app://x/{a}{?b}").queryVariables()).containsExactly("b");
  }

  @ParameterizedTest
  @ValueSource(strings = {"+", "#", ".", "/", ";", "&", "=", ",", "!", "@", "|"})
  void operatorsOtherThanQueryFail(String operator) {
    assertSyntaxError(
        "app://x/{" + operator + "path}",
        "operator '" + operator + "' is not supported; use {name} or a trailing {?a,b}");
  }

  @Test
  void explodeModifierFails() {
    assertSyntaxError(
        "app://x/{path*}", "modifier '*' of variable 'path' is not supported; use {path}");
  }

  @Test
  void prefixModifierFails() {
    assertSyntaxError(
        "app://x/{id:3}", "modifier ':3' of variable 'id' is not supported; use {id}");
  }

  @Test
  void modifierOnQueryVariableFails() {
    assertSyntaxError(
        "app://x{?tags*}", "modifier '*' of variable 'tags' is not supported; use {tags}");
  }

  @Test
  void modifierAfterAnInvalidNameReportsTheName() {
    assertSyntaxError(
        "app://x/{a b*}",
        "variable name 'a b*' may only use letters, digits, '_' (and '-' or '.' after the first"
            + " character)");
  }

  @Test
  void queryExpressionNotAtTheEndFails() {
    assertSyntaxError("app://x{?a}/y", "the query expression '{?...}' must end the template");
  }

  @Test
  void secondQueryExpressionFails() {
    assertSyntaxError("app://x{?a}{?b}", "the query expression '{?...}' must end the template");
  }

  @Test
  void unclosedBraceFails() {
    assertSyntaxError("app://x/{id", "'{' at index 8 is never closed");
  }

  @Test
  void braceInsideExpressionFails() {
    assertSyntaxError("app://x/{a{b}}", "'{' at index 8 is never closed");
  }

  @Test
  void closingBraceWithoutOpeningFails() {
    assertSyntaxError("app://x/id}", "'}' without a matching '{' at index 10");
  }

  @Test
  void emptyVariableNameFails() {
    assertSyntaxError("app://x/{}", "variable name must not be empty");
  }

  @Test
  void emptyQueryExpressionFails() {
    assertSyntaxError("app://x{?}", "variable name must not be empty");
  }

  @Test
  void emptyQueryVariableNameFails() {
    assertSyntaxError("app://x{?a,}", "variable name must not be empty");
  }

  @ParameterizedTest
  @ValueSource(strings = {"a b", "-a", "é", "a%20"})
  void variableNameWithOtherCharactersFails(String name) {
    assertSyntaxError(
        "app://x/{" + name + "}",
        "variable name '"
            + name
            + "' may only use letters, digits, '_' (and '-' or '.' after the first character)");
  }

  @Test
  void queryVariableListedTwiceFails() {
    assertSyntaxError("app://x{?a,b,a}", "query variable 'a' is listed twice");
  }

  @Test
  void variableThatIsBothPathAndQueryFails() {
    assertSyntaxError("app://x/{a}{?a}", "variable 'a' is both a path and a query variable");
  }

  @Test
  void syntaxErrorMessageNamesTheRuleAndTheTemplate() {
    assertThatThrownBy(() -> UriTemplate.parse("widgets/{id}"))
        .isInstanceOf(TemplateSyntaxException.class)
        .hasMessage("template must start with 'scheme://' (found 'widgets/{id}')");
  }

  private static void assertSyntaxError(String template, String rule) {
    assertThatThrownBy(() -> UriTemplate.parse(template))
        .isInstanceOfSatisfying(
            TemplateSyntaxException.class,
            e -> {
              assertThat(e.rule()).isEqualTo(rule);
              assertThat(e.template()).isEqualTo(template);
            })
        .hasMessage(rule + " (found '" + template + "')");
  }
}
