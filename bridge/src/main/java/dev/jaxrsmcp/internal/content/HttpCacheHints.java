package dev.jaxrsmcp.internal.content;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.protocol.CacheHint;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;

/**
 * Cache hints taken from the route's HTTP response where the annotation does not set them: {@code
 * Cache-Control: max-age=N} gives {@code ttlMs} N×1000, {@code no-store}/{@code no-cache} give 0,
 * {@code private}/{@code public} give the scope; {@code Last-Modified} becomes the contents' {@code
 * annotations.lastModified} (ISO 8601).
 */
final class HttpCacheHints {
  private HttpCacheHints() {}

  static CacheHint hint(CatalogueEntry entry, RouteResponse response) {
    long ttl = entry.cacheTtlMs();
    String scope = entry.cacheScope();
    Optional<String> header = response.header("cache-control");
    if (header.isPresent()) {
      String control = header.get().toLowerCase(Locale.ROOT);
      if (!entry.cacheTtlSet()) {
        if (control.contains("no-store") || control.contains("no-cache")) {
          ttl = 0;
        } else {
          ttl = maxAgeMillis(control).orElse(ttl);
        }
      }
      if (!entry.cacheScopeSet()) {
        if (directive(control, "private")) {
          scope = "private";
        } else if (directive(control, "public")) {
          scope = "public";
        }
      }
    }
    return new CacheHint(ttl, scope);
  }

  static Optional<String> lastModified(RouteResponse response) {
    return response
        .header("last-modified")
        .flatMap(
            value -> {
              try {
                ZonedDateTime when =
                    ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
                return Optional.of(
                    when.withZoneSameInstant(ZoneOffset.UTC)
                        .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
              } catch (DateTimeParseException e) {
                return Optional.empty();
              }
            });
  }

  private static Optional<Long> maxAgeMillis(String control) {
    for (String part : control.split(",")) {
      String directive = part.strip();
      if (directive.startsWith("max-age=")) {
        try {
          long seconds = Long.parseLong(directive.substring(8).replace("\"", "").strip());
          return Optional.of(Math.max(0, seconds) * 1000);
        } catch (NumberFormatException e) {
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }

  private static boolean directive(String control, String name) {
    for (String part : control.split(",")) {
      if (part.strip().equals(name)) {
        return true;
      }
    }
    return false;
  }
}
