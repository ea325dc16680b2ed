package dev.jaxrsmcp.internal.scan;

import dev.jaxrsmcp.internal.template.UriTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A key under which two templates are "the same template": equal literal text, path variables in
 * the same places (names ignored, but a repeated name stays repeated), the same set of query
 * variables in any order. {@code app://w/{id}} and {@code app://w/{key}} share a shape; {@code
 * app://w/{a}/{a}} and {@code app://w/{a}/{b}} do not.
 */
final class TemplateShape {
  private TemplateShape() {}

  static String of(UriTemplate template) {
    String text = template.text();
    int query = text.indexOf("{?");
    String path = query < 0 ? text : text.substring(0, query);
    List<String> names = new ArrayList<>();
    StringBuilder shape = new StringBuilder(path.length());
    int i = 0;
    while (i < path.length()) {
      char c = path.charAt(i);
      int close = c == '{' ? path.indexOf('}', i) : -1;
      if (close < 0) {
        shape.append(c);
        i++;
        continue;
      }
      String name = path.substring(i + 1, close);
      if (!names.contains(name)) {
        names.add(name);
      }
      shape.append('{').append(names.indexOf(name)).append('}');
      i = close + 1;
    }
    return shape.append(new TreeSet<>(template.queryVariables())).toString();
  }
}
