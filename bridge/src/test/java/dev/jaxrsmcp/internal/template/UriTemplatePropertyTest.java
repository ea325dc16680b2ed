package dev.jaxrsmcp.internal.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Properties of the template engine over generated templates, values and URIs. Templates are built
 * from literal text full of characters that mean something to regular expressions and URIs; values
 * mix unicode, reserved characters, '/', '%', and the characters of the template's own literal
 * text.
 */
class UriTemplatePropertyTest {

  /**
   * Pieces of literal template text. No '{', '}' (template syntax) and no '%': a percent-escape in
   * literal text is matched as written, so a value whose own escape spells it can split two ways
   * (see {@code UriTemplateMatchTest#percentEscapeInLiteralTextIsMatchedAsWritten}).
   */
  private static final List<String> LITERAL_ATOMS =
      List.of(
          "/",
          "/",
          "/",
          ".",
          "-",
          "_",
          "~",
          "a",
          "b",
          "x",
          "v1",
          "0",
          "9",
          "(",
          ")",
          "+",
          "!",
          "$",
          "&",
          "'",
          "*",
          ",",
          ";",
          "=",
          ":",
          "@",
          "?",
          "#",
          "[",
          "]",
          " ",
          "|",
          "^",
          "\\",
          "é",
          "€",
          "\uD83D\uDE80",
          "widgets",
          "state",
          "v1.0");

  private static final List<String> VALUE_ATOMS =
      List.of(
          "a",
          "Z",
          "0",
          "7",
          "-",
          ".",
          "_",
          "~",
          "/",
          "?",
          "#",
          "[",
          "]",
          "@",
          "!",
          "$",
          "&",
          "'",
          "(",
          ")",
          "*",
          "+",
          ",",
          ";",
          "=",
          ":",
          "%",
          "%41",
          "%zz",
          "%2F",
          " ",
          "\t",
          "é",
          "€",
          "\uD83D\uDE80",
          "{",
          "}");

  /** A generated template: literal text around each path variable, then the query variables. */
  record Spec(List<String> literals, List<String> pathNames, List<String> queryNames) {
    String text() {
      StringBuilder text = new StringBuilder(literals.get(0));
      for (int i = 0; i < pathNames.size(); i++) {
        text.append('{').append(pathNames.get(i)).append('}').append(literals.get(i + 1));
      }
      if (!queryNames.isEmpty()) {
        text.append("{?").append(String.join(",", queryNames)).append('}');
      }
      return text.toString();
    }

    UriTemplate parse() {
      return UriTemplate.parse(text());
    }

    List<String> distinctPathNames() {
      return List.copyOf(new LinkedHashSet<>(pathNames));
    }

    List<String> nonEmptyLiterals() {
      return literals.stream().filter(l -> !l.isEmpty()).collect(Collectors.toList());
    }
  }

  /** A template and values for its variables (every path variable, some query variables). */
  record Case(Spec spec, Map<String, String> values) {}

  /** A template and a URI to try against it. */
  record Probe(Spec spec, String uri) {}

  @Property(tries = 3000, edgeCases = EdgeCasesMode.NONE)
  void matchOfExpandGivesBackTheValues(@ForAll("cases") Case c) {
    UriTemplate template = c.spec().parse();
    String uri = template.expand(c.values());

    Map<String, List<String>> queryValues = new LinkedHashMap<>();
    for (String name : c.spec().queryNames()) {
      if (c.values().containsKey(name)) {
        queryValues.put(name, List.of(c.values().get(name)));
      }
    }
    assertThat(template.match(uri)).as(uri).contains(new TemplateMatch(c.values(), queryValues));
  }

  @Property(tries = 2000, edgeCases = EdgeCasesMode.NONE)
  void matchOfExpandAllGivesBackEveryQueryValue(
      @ForAll("cases") Case c, @ForAll("values") String second) {
    UriTemplate template = c.spec().parse();
    Map<String, List<String>> all = new LinkedHashMap<>();
    Map<String, List<String>> queryValues = new LinkedHashMap<>();
    c.values().forEach((name, value) -> all.put(name, List.of(value)));
    for (String name : c.spec().queryNames()) {
      if (c.values().containsKey(name)) {
        all.put(name, List.of(c.values().get(name), second));
        queryValues.put(name, all.get(name));
      }
    }
    String uri = template.expandAll(all);

    assertThat(template.match(uri)).as(uri).contains(new TemplateMatch(c.values(), queryValues));
  }

  @Property(tries = 3000, edgeCases = EdgeCasesMode.NONE)
  void uriWithoutSomeLiteralTextOfTheTemplateNeverMatches(@ForAll("probes") Probe probe) {
    List<String> missing =
        probe.spec().nonEmptyLiterals().stream()
            .filter(literal -> !probe.uri().contains(literal))
            .collect(Collectors.toList());
    Assume.that(!missing.isEmpty());

    assertThat(probe.spec().parse().match(probe.uri())).as(probe.uri()).isEmpty();
  }

  @Property(tries = 3000, edgeCases = EdgeCasesMode.NONE)
  void matchedValuesExpandToAUriThatMatchesTheSameValues(@ForAll("probes") Probe probe) {
    UriTemplate template = probe.spec().parse();
    Optional<TemplateMatch> match = template.match(probe.uri());
    Assume.that(match.isPresent());

    String canonical = template.expand(match.get().values());
    assertThat(template.match(canonical).map(TemplateMatch::values))
        .as(canonical)
        .contains(match.get().values());
  }

  @Property(tries = 2000, edgeCases = EdgeCasesMode.NONE)
  void indexFindsTheMostSpecificMatchingTemplate(
      @ForAll("overlappingSpecs") List<Spec> specs, @ForAll("overlappingUris") String uri) {
    List<UriTemplate> templates = specs.stream().map(Spec::parse).collect(Collectors.toList());
    List<Map.Entry<UriTemplate, Integer>> entries = new ArrayList<>();
    for (int i = 0; i < templates.size(); i++) {
      entries.add(Map.entry(templates.get(i), i));
    }

    Optional<Integer> expected =
        IntStream.range(0, templates.size())
            .filter(i -> templates.get(i).match(uri).isPresent())
            .boxed()
            .min(
                Comparator.comparing((Integer i) -> !templates.get(i).isExact())
                    .thenComparingInt(i -> templates.get(i).pathVariableCount())
                    .thenComparingInt(i -> -templates.get(i).text().length())
                    .thenComparingInt(i -> i));
    Optional<TemplateIndex.Found<Integer>> found = TemplateIndex.of(entries).find(uri);

    assertThat(found.map(TemplateIndex.Found::value)).isEqualTo(expected);
    found.ifPresent(f -> assertThat(Optional.of(f.match())).isEqualTo(f.template().match(uri)));
  }

  @Property(tries = 5000, edgeCases = EdgeCasesMode.NONE)
  void matchFindsAMatchWheneverOneExists(@ForAll("overlappingProbes") Probe probe) {
    UriTemplate template = probe.spec().parse();

    assertThat(template.match(probe.uri()).isPresent())
        .as("%s against %s", probe.uri(), template)
        .isEqualTo(referenceMatches(template, probe.uri()));
  }

  @Property(tries = 3000)
  void decodeAgreesWithAStrictUtf8Decoder(@ForAll("encodedTexts") String text) {
    assertThat(PercentCodec.decode(text)).isEqualTo(referenceDecode(text));
  }

  @Property(tries = 3000)
  void validPrefixesAreExactlyThePrefixesThatDecode(
      @ForAll("encodedTexts") String text, @ForAll("encodedTexts") String before) {
    String whole = before + text;
    PercentCodec.Prefixes prefixes =
        PercentCodec.validPrefixes(
            whole, before.length(), whole.length(), new PercentCodec.Prefixes());

    List<Integer> expected =
        IntStream.rangeClosed(1, text.length())
            .filter(e -> referenceDecode(text.substring(0, e)).isPresent())
            .mapToObj(e -> before.length() + e)
            .collect(Collectors.toList());
    assertThat(IntStream.range(0, prefixes.size()).map(prefixes::end).boxed())
        .containsExactlyElementsOf(expected);
  }

  @Property(tries = 3000)
  void decodeOfEncodeGivesBackTheValue(
      @ForAll("values") String value, @ForAll("values") String alsoEncode) {
    assertThat(PercentCodec.decode(PercentCodec.encode(value, alsoEncode))).contains(value);
  }

  @Provide
  Arbitrary<Spec> specs() {
    Arbitrary<String> literal =
        Arbitraries.of(LITERAL_ATOMS)
            .list()
            .ofMinSize(1)
            .ofMaxSize(5)
            .map(UriTemplatePropertyTest::join);
    Arbitrary<String> optionalLiteral = Arbitraries.oneOf(Arbitraries.just(""), literal);
    Arbitrary<String> name = Arbitraries.of("a", "b", "id", "x-y", "v.1");
    Arbitrary<String> scheme = Arbitraries.of("app", "my-app+v2.x");
    Arbitrary<List<String>> query =
        Arbitraries.subsetOf("q", "page", "tag")
            .map(s -> s.stream().sorted().collect(Collectors.toList()));
    return Arbitraries.integers()
        .between(0, 4)
        .flatMap(
            n ->
                Combinators.combine(
                        scheme,
                        optionalLiteral,
                        literal.list().ofSize(Math.max(0, n - 1)),
                        optionalLiteral,
                        name.list().ofSize(n),
                        query)
                    .as(
                        (s, first, middle, last, names, queryNames) -> {
                          List<String> literals = new ArrayList<>();
                          literals.add(s + "://" + first);
                          literals.addAll(middle);
                          if (n > 0) {
                            literals.add(last);
                          }
                          return new Spec(literals, names, queryNames);
                        }));
  }

  @Provide
  Arbitrary<Case> cases() {
    return specs().flatMap(spec -> values(spec).map(values -> new Case(spec, values)));
  }

  @Provide
  Arbitrary<Probe> probes() {
    return Arbitraries.oneOf(randomProbes(), nearMissProbes());
  }

  @Provide
  Arbitrary<String> values() {
    return valueAtoms(List.of())
        .list()
        .ofMinSize(0)
        .ofMaxSize(8)
        .map(UriTemplatePropertyTest::join);
  }

  @Provide
  Arbitrary<String> encodedTexts() {
    Arbitrary<String> atom =
        Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.of(VALUE_ATOMS)),
            Tuple.of(3, Arbitraries.of("%C3", "%A9", "%E2", "%82", "%AC", "%F0", "%9F", "%80")),
            Tuple.of(1, Arbitraries.of("%ED", "%A0", "%C0", "%FF", "%4", "%c3%a9")),
            Tuple.of(1, Arbitraries.of("\uD83D", "\uDE80")),
            Tuple.of(1, unicode()));
    return atom.list().ofMaxSize(8).map(UriTemplatePropertyTest::join);
  }

  @Provide
  Arbitrary<List<Spec>> overlappingSpecs() {
    return overlappingSpec().list().ofMinSize(1).ofMaxSize(6);
  }

  /** Templates over a tiny alphabet, so that they overlap each other and generated URIs. */
  @Provide
  Arbitrary<Spec> overlappingSpec() {
    Arbitrary<String> literal =
        Arbitraries.of("/", ".", "x", "s")
            .list()
            .ofMinSize(1)
            .ofMaxSize(2)
            .map(UriTemplatePropertyTest::join);
    Arbitrary<String> optionalLiteral = Arbitraries.oneOf(Arbitraries.just(""), literal);
    return Arbitraries.integers()
        .between(0, 3)
        .flatMap(
            n ->
                Combinators.combine(
                        optionalLiteral,
                        literal.list().ofSize(Math.max(0, n - 1)),
                        optionalLiteral,
                        Arbitraries.of("a", "b").list().ofSize(n),
                        Arbitraries.<List<String>>of(List.of(), List.of("q")))
                    .as(
                        (first, middle, last, names, query) -> {
                          List<String> literals = new ArrayList<>();
                          literals.add("app://w/" + first);
                          literals.addAll(middle);
                          if (n > 0) {
                            literals.add(last);
                          }
                          return new Spec(literals, names, query);
                        }));
  }

  @Provide
  Arbitrary<String> overlappingUris() {
    return Arbitraries.of("/", ".", "x", "s", "1", "%78", "?q=1", "?q=1&q=2")
        .list()
        .ofMaxSize(10)
        .map(pieces -> "app://w/" + join(pieces));
  }

  /**
   * A template over the tiny alphabet and a URI made by writing raw, unencoded values into it, so
   * that a variable's value may contain the literal text that follows it.
   */
  @Provide
  Arbitrary<Probe> overlappingProbes() {
    Arbitrary<String> raw = Arbitraries.of("x", "s", "1", ".", "x.s", "s.1", "%78", "x/s", "s.x.1");
    Arbitrary<Probe> substituted =
        overlappingSpec()
            .flatMap(
                spec ->
                    raw.list()
                        .ofSize(spec.pathNames().size())
                        .map(
                            values -> {
                              StringBuilder uri = new StringBuilder(spec.literals().get(0));
                              for (int i = 0; i < values.size(); i++) {
                                uri.append(values.get(i)).append(spec.literals().get(i + 1));
                              }
                              return new Probe(spec, uri.toString());
                            }));
    Arbitrary<Probe> random =
        Combinators.combine(overlappingSpec(), overlappingUris()).as(Probe::new);
    return Arbitraries.oneOf(substituted, random);
  }

  /** URIs pieced together from the template's literal text, its fragments and value atoms. */
  private Arbitrary<Probe> randomProbes() {
    return specs()
        .flatMap(
            spec -> {
              List<String> pieces = new ArrayList<>(spec.nonEmptyLiterals());
              for (String literal : spec.nonEmptyLiterals()) {
                pieces.add(literal.substring(0, literal.length() / 2));
                pieces.add(literal.substring(literal.length() / 2));
              }
              pieces.removeIf(String::isEmpty);
              Arbitrary<String> piece =
                  Arbitraries.frequencyOf(
                      Tuple.of(3, Arbitraries.of(pieces)),
                      Tuple.of(2, valueAtoms(spec.literals())),
                      Tuple.of(1, Arbitraries.of("?q=1", "&page=2", "?tag=x&tag=y", "?other=1")));
              return piece.list().ofMaxSize(10).map(p -> new Probe(spec, join(p)));
            });
  }

  /**
   * The expansion of the template with one character of its literal text changed: close to a match,
   * but for that character.
   */
  private Arbitrary<Probe> nearMissProbes() {
    return cases()
        .flatMap(
            c ->
                Combinators.combine(
                        Arbitraries.integers().between(0, c.spec().literals().size() - 1),
                        Arbitraries.integers().between(0, 1000),
                        Arbitraries.of(LITERAL_ATOMS).filter(a -> a.length() == 1))
                    .as(
                        (index, offset, replacement) -> {
                          List<String> literals = new ArrayList<>(c.spec().literals());
                          String literal = literals.get(index);
                          int from = index == 0 ? literal.indexOf("://") + 3 : 0;
                          if (literal.length() <= from) {
                            return new Probe(c.spec(), c.spec().parse().expand(c.values()));
                          }
                          int at = from + offset % (literal.length() - from);
                          literals.set(
                              index,
                              literal.substring(0, at) + replacement + literal.substring(at + 1));
                          Spec mutated =
                              new Spec(literals, c.spec().pathNames(), c.spec().queryNames());
                          return new Probe(c.spec(), mutated.parse().expand(c.values()));
                        }));
  }

  private static Arbitrary<Map<String, String>> values(Spec spec) {
    List<String> literalChars = spec.literals();
    Arbitrary<String> atom = valueAtoms(literalChars);
    Arbitrary<String> pathValue =
        atom.list().ofMinSize(1).ofMaxSize(8).map(UriTemplatePropertyTest::join);
    Arbitrary<String> queryValue =
        atom.list().ofMaxSize(6).map(UriTemplatePropertyTest::join).injectNull(0.3);
    List<String> names = new ArrayList<>(spec.distinctPathNames());
    List<Arbitrary<String>> arbitraries = new ArrayList<>();
    names.forEach(n -> arbitraries.add(pathValue));
    for (String name : spec.queryNames()) {
      names.add(name);
      arbitraries.add(queryValue);
    }
    if (names.isEmpty()) {
      return Arbitraries.just(Map.of());
    }
    return Combinators.combine(arbitraries)
        .as(
            list -> {
              Map<String, String> values = new LinkedHashMap<>();
              for (int i = 0; i < names.size(); i++) {
                if (list.get(i) != null) {
                  values.put(names.get(i), list.get(i));
                }
              }
              return values;
            });
  }

  /** Value atoms, the characters of the given literal texts, and any unicode code point. */
  private static Arbitrary<String> valueAtoms(List<String> literals) {
    List<String> literalChars =
        literals.stream()
            .flatMap(l -> l.codePoints().mapToObj(Character::toString))
            .distinct()
            .collect(Collectors.toList());
    if (literalChars.isEmpty()) {
      return Arbitraries.frequencyOf(
          Tuple.of(4, Arbitraries.of(VALUE_ATOMS)), Tuple.of(1, unicode()));
    }
    return Arbitraries.frequencyOf(
        Tuple.of(4, Arbitraries.of(VALUE_ATOMS)),
        Tuple.of(3, Arbitraries.of(literalChars)),
        Tuple.of(1, unicode()));
  }

  private static Arbitrary<String> unicode() {
    return Arbitraries.integers()
        .between(0x80, Character.MAX_CODE_POINT)
        .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE)
        .map(Character::toString);
  }

  private static String join(List<String> pieces) {
    return String.join("", pieces);
  }

  /**
   * Matching written the obvious way, for small inputs: try every split of the path into variable
   * values, then check the query.
   */
  private static boolean referenceMatches(UriTemplate template, String uri) {
    int question = uri.indexOf('?');
    String path = question < 0 ? uri : uri.substring(0, question);
    for (int end = path.length(); end >= 0; end--) {
      if ((end == uri.length() || uri.charAt(end) == '?')
          && referencePath(template.parts(), 0, uri.substring(0, end), 0, new LinkedHashMap<>())
          && referenceQuery(template, end == uri.length() ? "" : uri.substring(end + 1))) {
        return true;
      }
    }
    return false;
  }

  private static boolean referencePath(
      List<Part> parts, int index, String path, int pos, Map<String, String> bound) {
    if (index == parts.size()) {
      return pos == path.length();
    }
    if (parts.get(index) instanceof Part.Literal literal) {
      return path.startsWith(literal.text(), pos)
          && referencePath(parts, index + 1, path, pos + literal.text().length(), bound);
    }
    String name = ((Part.Variable) parts.get(index)).name();
    for (int stop = pos + 1; stop <= path.length(); stop++) {
      String raw = path.substring(pos, stop);
      if (raw.contains("/") || raw.contains("?") || raw.contains("#")) {
        break;
      }
      Optional<String> value = referenceDecode(raw);
      if (value.isEmpty() || (bound.containsKey(name) && !bound.get(name).equals(value.get()))) {
        continue;
      }
      Map<String, String> next = new LinkedHashMap<>(bound);
      next.put(name, value.get());
      if (referencePath(parts, index + 1, path, stop, next)) {
        return true;
      }
    }
    return false;
  }

  private static boolean referenceQuery(UriTemplate template, String query) {
    if (query.contains("#")) {
      return false;
    }
    for (String pair : query.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      String[] nameAndValue = pair.split("=", 2);
      Optional<String> name = referenceDecode(nameAndValue[0]);
      if (name.isEmpty()
          || !template.queryVariables().contains(name.get())
          || (nameAndValue.length == 2 && referenceDecode(nameAndValue[1]).isEmpty())) {
        return false;
      }
    }
    return true;
  }

  /** Percent-decoding written the obvious way: collect the bytes, decode them strictly. */
  private static Optional<String> referenceDecode(String text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      if (cp == '%') {
        if (i + 3 > text.length()
            || !isAsciiHex(text.charAt(i + 1))
            || !isAsciiHex(text.charAt(i + 2))) {
          return Optional.empty();
        }
        bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
        i += 3;
      } else {
        if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
          return Optional.empty();
        }
        byte[] encoded = Character.toString(cp).getBytes(StandardCharsets.UTF_8);
        bytes.write(encoded, 0, encoded.length);
        i += Character.charCount(cp);
      }
    }
    try {
      return Optional.of(
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes.toByteArray()))
              .toString());
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
  }

  private static boolean isAsciiHex(char c) {
    return "0123456789abcdefABCDEF".indexOf(c) >= 0;
  }
}
