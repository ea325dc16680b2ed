package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The request target (path and query, relative to the application root) of an in-process read: the
 * route's own path with each variable percent-encoded as one path segment or query value. Every
 * character but letters, digits, '-', '_' and '~' is encoded, so a value can never add a segment, a
 * dot segment, a matrix parameter, a query or a fragment.
 */
final class RouteTarget {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private RouteTarget() {}

  static String of(CatalogueEntry entry, TemplateMatch match) {
    StringBuilder out = new StringBuilder();
    String path = entry.routePath();
    int i = path.startsWith("/") ? 1 : 0;
    while (i < path.length()) {
      char c = path.charAt(i);
      if (c == '{') {
        int close = path.indexOf('}', i);
        String name = path.substring(i + 1, close);
        out.append(encode(match.values().get(name)));
        i = close + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    char separator = '?';
    for (String name : entry.template().queryVariables()) {
      List<String> values = match.queryValues().get(name);
      if (values == null) {
        continue;
      }
      List<String> sent =
          entry.collectionQueryVariables().contains(name) ? values : values.subList(0, 1);
      for (String value : sent) {
        out.append(separator).append(encode(name)).append('=').append(encode(value));
        separator = '&';
      }
    }
    return out.toString();
  }

  static String encode(String value) {
    StringBuilder out = new StringBuilder(value.length() + 8);
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      boolean plain =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '-'
              || c == '_'
              || c == '~';
      if (plain) {
        out.append((char) c);
      } else {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
      }
    }
    return out.toString();
  }
}
