package dev.jaxrsmcp.internal.template;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A parsed MCP URI template (contract section 4): literal text, {@code {name}} path variables, and
 * an optional trailing {@code {?a,b}} list of query variables. Immutable and thread-safe.
 *
 * <pre>{@code
 * UriTemplate t = UriTemplate.parse("app://widgets/{id}/state{?fields}");
 * t.match("app://widgets/42/state?fields=a").get().values(); // {id=42, fields=a}
 * t.expand(Map.of("id", "42"));                               // app://widgets/42/state
 * }</pre>
 */
public final class UriTemplate {
  /** URIs longer than this match nothing. */
  public static final int MAX_URI_LENGTH = TemplateParser.MAX_LENGTH;

  private final String text;
  private final List<Part> parts;
  private final List<String> pathVariables;
  private final List<String> queryVariables;
  private final int pathVariableCount;
  private final PathPattern pathPattern;

  /** The literal text the template starts with ("" when it starts with a variable). */
  private final String leadingLiteral;

  /** The literal text the template's path ends with ("" when it ends with a variable). */
  private final String trailingLiteral;

  UriTemplate(String text, List<Part> parts, List<String> queryVariables) {
    this.text = text;
    this.parts = List.copyOf(parts);
    this.queryVariables = queryVariables;
    Set<String> names = new LinkedHashSet<>();
    int count = 0;
    for (int i = 0; i < parts.size(); i++) {
      if (parts.get(i) instanceof Part.Variable v) {
        names.add(v.name());
        count++;
      }
    }
    this.pathVariables = List.copyOf(names);
    this.pathVariableCount = count;
    this.pathPattern = new PathPattern(parts, pathVariables);
    this.leadingLiteral =
        !parts.isEmpty() && parts.get(0) instanceof Part.Literal first ? first.text() : "";
    this.trailingLiteral =
        parts.size() > 1 && parts.get(parts.size() - 1) instanceof Part.Literal last
            ? last.text()
            : "";
  }

  /**
   * Parses a template.
   *
   * @throws TemplateSyntaxException naming the broken rule and the template
   */
  public static UriTemplate parse(String text) {
    return TemplateParser.parse(text);
  }

  /** The template as written. */
  public String text() {
    return text;
  }

  /** Distinct path variable names, in order of first appearance. */
  public List<String> pathVariables() {
    return pathVariables;
  }

  /** Query variable names, in template order. */
  public List<String> queryVariables() {
    return queryVariables;
  }

  /** True when the template has no variables at all: it names exactly one URI. */
  public boolean isExact() {
    return pathVariables.isEmpty() && queryVariables.isEmpty();
  }

  /**
   * The literal and path variable parts, in template order (the query expression is not a part).
   */
  List<Part> parts() {
    return parts;
  }

  /** How many path variable occurrences the template has (a precedence key). */
  int pathVariableCount() {
    return pathVariableCount;
  }

  /**
   * Matches a URI against this template. Empty when it does not match: literal text differs, a path
   * variable would be empty or cross '/', '?' or '#', a repeated variable differs, a query
   * parameter is not named by the template, a percent escape is malformed, or the URI is longer
   * than {@link #MAX_URI_LENGTH}. When a URI can be split into variables in more than one way,
   * earlier variables take the longest values.
   */
  public Optional<TemplateMatch> match(String uri) {
    if (uri.length() > MAX_URI_LENGTH || !couldMatch(uri)) {
      return Optional.empty();
    }
    Optional<PathPattern.PathMatch> path = pathPattern.match(uri);
    if (path.isEmpty()) {
      return Optional.empty();
    }
    int end = path.get().end();
    Map<String, String> values = path.get().values(); // the match's own map
    if (end == uri.length()) {
      return Optional.of(new TemplateMatch(values, Map.of()));
    }
    Map<String, List<String>> queryValues = new LinkedHashMap<>();
    if (queryVariables.isEmpty() || !parseQuery(uri.substring(end + 1), values, queryValues)) {
      return Optional.empty();
    }
    return Optional.of(new TemplateMatch(values, queryValues));
  }

  /**
   * A quick look before the match: the URI starts with the template's leading literal text and,
   * when it has no query or fragment (its path then ends where the URI ends), ends with the
   * trailing one. False only for URIs the match would refuse too.
   */
  private boolean couldMatch(String uri) {
    return uri.startsWith(leadingLiteral)
        && (trailingLiteral.isEmpty()
            || uri.endsWith(trailingLiteral)
            || uri.indexOf('?') >= 0
            || uri.indexOf('#') >= 0);
  }

  private boolean parseQuery(
      String query, Map<String, String> values, Map<String, List<String>> queryValues) {
    if (query.isEmpty()) {
      return true;
    }
    if (query.indexOf('#') >= 0) {
      return false;
    }
    for (String pair : query.split("&", -1)) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      Optional<String> name = PercentCodec.decode(eq < 0 ? pair : pair.substring(0, eq));
      Optional<String> value = PercentCodec.decode(eq < 0 ? "" : pair.substring(eq + 1));
      if (name.isEmpty() || value.isEmpty() || !queryVariables.contains(name.get())) {
        return false;
      }
      queryValues.computeIfAbsent(name.get(), k -> new ArrayList<>()).add(value.get());
      values.putIfAbsent(name.get(), value.get());
    }
    return true;
  }

  /**
   * Expands the template with the given values, so that {@link #match} of the result gives back
   * exactly these values. Path variables are required; query variables are written in template
   * order when present. Values are percent-encoded as UTF-8: everything but the unreserved
   * characters (letters, digits, '-', '.', '_', '~'), and also those that occur in the literal text
   * of the variable's own path segment, which could otherwise be taken for the end of the value
   * ({@code app://files/{name}.{ext}} with name {@code my.report} gives {@code
   * app://files/my%2Ereport.pdf}). A percent-escape written in the template's literal text is
   * matched as written, so a value that encodes to the same escape next to it may come back split
   * differently.
   *
   * <p>The result may be longer than {@link #MAX_URI_LENGTH}, and then matches nothing: callers
   * that take values from clients check its length.
   *
   * @throws IllegalArgumentException when a path variable has no value or an empty one, or a value
   *     has a lone surrogate (it has no UTF-8 form)
   */
  public String expand(Map<String, String> values) {
    Map<String, List<String>> all = new HashMap<>();
    values.forEach(
        (name, value) -> {
          if (value != null) {
            all.put(name, List.of(value));
          }
        });
    return expandAll(all);
  }

  /**
   * Like {@link #expand(Map)}, but a query variable may have several values, written as repeated
   * parameters in the order given ({@code ?tag=a&tag=b}); a path variable takes its first value.
   *
   * @throws IllegalArgumentException when a path variable has no value or an empty one, or a value
   *     has a lone surrogate (it has no UTF-8 form)
   */
  public String expandAll(Map<String, List<String>> values) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < parts.size(); i++) {
      Part part = parts.get(i);
      if (part instanceof Part.Literal literal) {
        out.append(literal.text());
      } else {
        String name = ((Part.Variable) part).name();
        List<String> given = values.get(name);
        String value = given == null || given.isEmpty() ? null : given.get(0);
        if (value == null || value.isEmpty()) {
          throw new IllegalArgumentException(
              "path variable '" + name + "' needs a non-empty value to expand '" + text + "'");
        }
        out.append(PercentCodec.encode(wellFormed(name, value), pathPattern.segmentLiteralText(i)));
      }
    }
    char separator = '?';
    for (String name : queryVariables) {
      for (String value : values.getOrDefault(name, List.of())) {
        out.append(separator).append(PercentCodec.encode(name, "")).append('=');
        out.append(PercentCodec.encode(wellFormed(name, value), ""));
        separator = '&';
      }
    }
    return out.toString();
  }

  private String wellFormed(String name, String value) {
    if (!PercentCodec.isWellFormed(value)) {
      throw new IllegalArgumentException(
          "variable '" + name + "' needs a value without lone surrogates to expand '" + text + "'");
    }
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UriTemplate other && other.text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
