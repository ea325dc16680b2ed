package dev.jaxrsmcp;

import java.util.List;
import java.util.Map;

/**
 * Suggests values for one variable of a resource template ({@code completion/complete}). Register
 * it on the feature:
 *
 * <pre>{@code
 * McpFeature.builder()
 *     .complete("app://widgets/{id}/state/{key}", "key",
 *         (prefix, resolved) -> store.keys(Long.parseLong(resolved.get("id"))))
 *     .complete("app://reports/{kind}", "kind", McpCompleter.of("daily", "weekly", "monthly"))
 *     .build();
 * }</pre>
 *
 * <p>The bridge keeps the values that start with what the client typed, sends at most 100 of them
 * with the total count and whether more exist. A template with {@link McpResource#listFrom()}
 * completes its variables from its collection without a completer.
 */
@FunctionalInterface
public interface McpCompleter {

  /**
   * Candidate values.
   *
   * @param prefix what the client typed so far (may be empty)
   * @param resolved the template's other variables the client already knows
   */
  List<String> complete(String prefix, Map<String, String> resolved);

  /** A fixed list of values. */
  static McpCompleter of(String... values) {
    List<String> copy = List.of(values);
    return (prefix, resolved) -> copy;
  }
}
