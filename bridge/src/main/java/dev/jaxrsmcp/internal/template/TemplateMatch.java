package dev.jaxrsmcp.internal.template;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The variables a URI bound when it matched a template, percent-decoded. Immutable.
 *
 * @param values each variable's value; for a repeated query parameter, its first value
 * @param queryValues every value of each query variable present, in the order given
 */
public record TemplateMatch(Map<String, String> values, Map<String, List<String>> queryValues) {
  public TemplateMatch {
    values = Map.copyOf(values);
    Map<String, List<String>> copy = new HashMap<>();
    queryValues.forEach((name, list) -> copy.put(name, List.copyOf(list)));
    queryValues = Map.copyOf(copy);
  }
}
