package dev.jaxrsmcp.internal.template;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds which of several templates a URI belongs to, by the precedence of contract section 4: an
 * exact (variable-free) template beats every template with variables; among those, the fewest path
 * variables, then the longest template text, then declaration order. Immutable once built, and
 * thread-safe: the last {@value #REMEMBERED_URIS} or so URIs (of up to {@value #REMEMBERED_LENGTH}
 * characters) that matched a template with variables keep their match, so a URI read again is not
 * matched again.
 *
 * @param <T> what each template stands for (for example a catalogue entry)
 */
public final class TemplateIndex<T> {
  /**
   * About how many URIs keep their match (concurrent first matches may add a few more); when full,
   * the memo starts again empty.
   */
  static final int REMEMBERED_URIS = 1024;

  /** Longer URIs are matched every time, so that the memo stays small whatever callers send. */
  static final int REMEMBERED_LENGTH = 512;

  private static final TemplateMatch NO_VARIABLES = new TemplateMatch(Map.of(), Map.of());

  private final Map<String, Entry<T>> exact;
  private final List<Entry<T>> ranked;
  private final Map<String, Found<T>> remembered = new ConcurrentHashMap<>();

  private TemplateIndex(Map<String, Entry<T>> exact, List<Entry<T>> ranked) {
    this.exact = exact;
    this.ranked = ranked;
  }

  /** A match: the value of the winning template and the variables the URI bound. */
  public record Found<T>(UriTemplate template, T value, TemplateMatch match) {}

  private record Entry<T>(UriTemplate template, T value, int order) {}

  /** Builds an index; {@code entries} are in declaration order. */
  public static <T> TemplateIndex<T> of(List<Map.Entry<UriTemplate, T>> entries) {
    Map<String, Entry<T>> exact = new HashMap<>();
    List<Entry<T>> ranked = new ArrayList<>();
    int order = 0;
    for (Map.Entry<UriTemplate, T> e : entries) {
      if (e.getKey().isExact()) {
        exact.putIfAbsent(e.getKey().text(), new Entry<>(e.getKey(), e.getValue(), order));
      } else {
        ranked.add(new Entry<>(e.getKey(), e.getValue(), order));
      }
      order++;
    }
    ranked.sort(
        Comparator.<Entry<T>>comparingInt(e -> e.template().pathVariableCount())
            .thenComparing(e -> -e.template().text().length())
            .thenComparingInt(Entry::order));
    return new TemplateIndex<>(Map.copyOf(exact), List.copyOf(ranked));
  }

  /** The template a URI belongs to, or empty when none matches. */
  public Optional<Found<T>> find(String uri) {
    if (uri.length() > UriTemplate.MAX_URI_LENGTH) {
      return Optional.empty();
    }
    Entry<T> exactEntry = exact.get(uri);
    if (exactEntry != null) {
      return Optional.of(new Found<>(exactEntry.template(), exactEntry.value(), NO_VARIABLES));
    }
    Found<T> known = remembered.get(uri);
    if (known != null) {
      return Optional.of(known);
    }
    for (Entry<T> entry : ranked) {
      Optional<TemplateMatch> match = entry.template().match(uri);
      if (match.isPresent()) {
        Found<T> found = new Found<>(entry.template(), entry.value(), match.get());
        if (uri.length() <= REMEMBERED_LENGTH) {
          if (remembered.size() >= REMEMBERED_URIS) {
            remembered.clear();
          }
          remembered.put(uri, found);
        }
        return Optional.of(found);
      }
    }
    return Optional.empty();
  }
}
