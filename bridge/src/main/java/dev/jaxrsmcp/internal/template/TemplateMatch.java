package dev.jaxrsmcp.internal.template;

import java.util.List;
import java.util.Map;

/**
 * The variables a URI bound when it matched a template, percent-decoded.
 *
 * @param values each variable's value; for a repeated query parameter, its first value
 * @param queryValues every value of each query variable present, in the order given
 */
public record TemplateMatch(Map<String, String> values, Map<String, List<String>> queryValues) {
  public TemplateMatch {
    values = Map.copyOf(values);
    queryValues = Map.copyOf(queryValues);
  }
}
