package dev.jaxrsmcp.internal.template;

import java.util.ArrayList;
import java.util.List;

/**
 * A JAX-RS route path ({@code /widgets/{id: \d+}/state}) reduced to plain {@code {name}} variables
 * ({@code /widgets/{id}/state}), with the variable names in order.
 */
public record RoutePath(String path, List<String> variables) {

  public RoutePath {
    variables = List.copyOf(variables);
  }

  /** Joins {@code @Path} values the way JAX-RS does: one '/' between parts, a leading '/'. */
  public static String join(List<String> parts) {
    StringBuilder out = new StringBuilder();
    for (String part : parts) {
      String trimmed = trimSlashes(part);
      if (!trimmed.isEmpty()) {
        out.append('/').append(trimmed);
      }
    }
    return out.length() == 0 ? "/" : out.toString();
  }

  /** Drops regular-expression constraints from a JAX-RS path template. */
  public static RoutePath of(String jaxRsPath) {
    StringBuilder out = new StringBuilder(jaxRsPath.length());
    List<String> names = new ArrayList<>();
    int i = 0;
    while (i < jaxRsPath.length()) {
      char c = jaxRsPath.charAt(i);
      if (c != '{') {
        out.append(c);
        i++;
        continue;
      }
      int depth = 0;
      int end = i;
      while (end < jaxRsPath.length()) {
        char d = jaxRsPath.charAt(end);
        if (d == '{') {
          depth++;
        } else if (d == '}' && --depth == 0) {
          break;
        }
        end++;
      }
      String inside = jaxRsPath.substring(i + 1, Math.min(end, jaxRsPath.length()));
      int colon = inside.indexOf(':');
      String name = (colon < 0 ? inside : inside.substring(0, colon)).trim();
      names.add(name);
      out.append('{').append(name).append('}');
      i = end + 1;
    }
    return new RoutePath(out.toString(), names);
  }

  private static String trimSlashes(String part) {
    int start = 0;
    int end = part.length();
    while (start < end && part.charAt(start) == '/') {
      start++;
    }
    while (end > start && part.charAt(end - 1) == '/') {
      end--;
    }
    return part.substring(start, end);
  }
}
