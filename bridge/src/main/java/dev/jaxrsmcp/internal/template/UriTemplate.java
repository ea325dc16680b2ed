package dev.jaxrsmcp.internal.template;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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

  /** Per part: for a variable, the literal characters of its path segment (encoded on expand). */
  private final List<String> segmentLiterals;

  private final int pathVariableCount;

  UriTemplate(String text, List<Part> parts, List<String> queryVariables) {
    this.text = text;
    this.parts = List.copyOf(parts);
    this.queryVariables = queryVariables;
    Set<String> names = new LinkedHashSet<>();
    List<String> segments = new ArrayList<>();
    int count = 0;
    for (int i = 0; i < parts.size(); i++) {
      if (parts.get(i) instanceof Part.Variable v) {
        names.add(v.name());
        count++;
        segments.add(segmentLiterals(parts, i));
      } else {
        segments.add("");
      }
    }
    this.pathVariables = List.copyOf(names);
    this.segmentLiterals = List.copyOf(segments);
    this.pathVariableCount = count;
  }

  /**
   * The literal text around the variable at {@code index} within its path segment. Encoding these
   * characters in every value of the segment is what makes {@link #match} of an expansion unique (a
   * value can then never contain the literal that ends it or another variable); characters outside
   * the segment need no encoding, since a variable never crosses '/'.
   */
  private static String segmentLiterals(List<Part> parts, int index) {
    StringBuilder out = new StringBuilder();
    for (int i = index - 1; i >= 0; i--) {
      if (parts.get(i) instanceof Part.Literal l) {
        int slash = l.text().lastIndexOf('/');
        out.append(slash < 0 ? l.text() : l.text().substring(slash + 1));
        if (slash >= 0) {
          break;
        }
      }
    }
    for (int i = index + 1; i < parts.size(); i++) {
      if (parts.get(i) instanceof Part.Literal l) {
        int slash = l.text().indexOf('/');
        out.append(slash < 0 ? l.text() : l.text().substring(0, slash));
        if (slash >= 0) {
          break;
        }
      }
    }
    return out.toString();
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

  /** How many path variable occurrences the template has (a precedence key). */
  int pathVariableCount() {
    return pathVariableCount;
  }

  /**
   * Matches a URI against this template. Empty when it does not match: literal text differs, a path
   * variable would be empty or cross '/', '?' or '#', a repeated variable differs, a query
   * parameter is not named by the template, a percent escape is malformed, or the URI is longer
   * than {@link #MAX_URI_LENGTH}.
   */
  public Optional<TemplateMatch> match(String uri) {
    if (uri.length() > MAX_URI_LENGTH) {
      return Optional.empty();
    }
    Map<String, String> values = new HashMap<>();
    int end = matchParts(uri, 0, 0, values, new DeadEnds());
    if (end < 0) {
      return Optional.empty();
    }
    Map<String, List<String>> queryValues = new LinkedHashMap<>();
    if (end < uri.length()) {
      if (queryVariables.isEmpty() || uri.charAt(end) != '?') {
        return Optional.empty();
      }
      if (!parseQuery(uri.substring(end + 1), values, queryValues)) {
        return Optional.empty();
      }
    }
    return Optional.of(new TemplateMatch(values, queryValues));
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
   * Matches parts from {@code partIndex} at {@code pos}; returns the end position of the path
   * portion or -1. Variables are greedy with backtracking; {@code failed} memoizes dead ends.
   */
  private int matchParts(
      String uri, int partIndex, int pos, Map<String, String> values, DeadEnds failed) {
    if (partIndex == parts.size()) {
      return pos;
    }
    if (failed.contains(partIndex, pos)) {
      return -1;
    }
    Part part = parts.get(partIndex);
    if (part instanceof Part.Literal literal) {
      if (uri.startsWith(literal.text(), pos)) {
        int end = matchParts(uri, partIndex + 1, pos + literal.text().length(), values, failed);
        if (end >= 0) {
          return end;
        }
      }
      failed.add(partIndex, pos);
      return -1;
    }
    String name = ((Part.Variable) part).name();
    int limit = pos;
    while (limit < uri.length() && !isDelimiter(uri.charAt(limit))) {
      limit++;
    }
    for (int stop = limit; stop > pos; stop--) {
      Optional<String> decoded = PercentCodec.decode(uri.substring(pos, stop));
      if (decoded.isEmpty()) {
        continue;
      }
      String previous = values.get(name);
      if (previous != null && !previous.equals(decoded.get())) {
        continue;
      }
      values.put(name, decoded.get());
      int end = matchParts(uri, partIndex + 1, stop, values, failed);
      if (end >= 0) {
        return end;
      }
      if (previous == null) {
        values.remove(name);
      }
    }
    // Memoizing here is sound only without repeated names, whose outcome depends on bindings.
    if (pathVariables.size() == pathVariableCount) {
      failed.add(partIndex, pos);
    }
    return -1;
  }

  private static boolean isDelimiter(char c) {
    return c == '/' || c == '?' || c == '#';
  }

  /**
   * Expands the template with the given values. Path variables are required; query variables are
   * written in template order when present. Values are percent-encoded (UTF-8) so that {@link
   * #match} of the result returns exactly these values.
   *
   * @throws IllegalArgumentException when a path variable has no value or an empty one
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
   * @throws IllegalArgumentException when a path variable has no value or an empty one
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
        out.append(PercentCodec.encode(value, segmentLiterals.get(i)));
      }
    }
    char separator = '?';
    for (String name : queryVariables) {
      for (String value : values.getOrDefault(name, List.of())) {
        out.append(separator).append(PercentCodec.encode(name, "")).append('=');
        out.append(PercentCodec.encode(value, ""));
        separator = '&';
      }
    }
    return out.toString();
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

  /** The (part index, position) pairs already known not to match; per match call. */
  private static final class DeadEnds {
    private final Set<Long> entries = new HashSet<>();

    boolean contains(int partIndex, int pos) {
      return entries.contains(((long) partIndex << 32) | pos);
    }

    void add(int partIndex, int pos) {
      entries.add(((long) partIndex << 32) | pos);
    }
  }
}
