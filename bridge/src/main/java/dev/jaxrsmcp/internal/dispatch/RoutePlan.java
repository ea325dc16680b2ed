package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import java.net.URI;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What rewriting a read into its route's {@code GET} sets that follows from the catalogue entry and
 * the URI's match alone: the route's target ({@link RouteTarget}) and the path values the {@link
 * DispatchGuard} expects. The request URI also depends on the application's base URI (the {@code
 * Host} the caller used); the last one built is kept, for a base of up to {@value
 * #REMEMBERED_BASE_LENGTH} characters. Thread-safe.
 */
final class RoutePlan {
  /** Longer base URIs are joined with the target every time. */
  static final int REMEMBERED_BASE_LENGTH = 1024;

  private final CatalogueEntry entry;
  private final TemplateMatch match;
  private final String target;
  private final Map<String, String> pathValues;
  private volatile Resolved last;

  /** What Jersey would run instead of the entry's method; null until first asked. */
  private volatile Optional<String> shadow;

  /** A base URI's text and the request URI built on it. */
  private record Resolved(String base, URI uri) {}

  private RoutePlan(CatalogueEntry entry, TemplateMatch match) {
    this.entry = entry;
    this.match = match;
    this.target = RouteTarget.of(entry, match);
    Map<String, String> values = new HashMap<>();
    for (String variable : entry.template().pathVariables()) {
      values.put(variable, match.values().get(variable));
    }
    this.pathValues = Collections.unmodifiableMap(values);
  }

  static RoutePlan of(CatalogueEntry entry, TemplateMatch match) {
    return new RoutePlan(entry, match);
  }

  /** True when this plan is the one for {@code entry} and {@code match}. */
  boolean isFor(CatalogueEntry entry, TemplateMatch match) {
    return this.entry == entry && (this.match == match || this.match.equals(match));
  }

  /** The route's path and query, relative to the application's base URI. */
  String target() {
    return target;
  }

  /** Each path variable's value, as the route's {@code @PathParam} must see it. Unmodifiable. */
  Map<String, String> pathValues() {
    return pathValues;
  }

  /**
   * What a request of the target would run instead of the entry's method ({@link RouteShadows});
   * asked once per plan, as the answer depends on the target alone (an entry's route has one HTTP
   * method).
   */
  Optional<String> shadow(RouteShadows shadows, String httpMethod) {
    Optional<String> known = shadow;
    if (known == null) {
      int query = target.indexOf('?');
      known =
          shadows.shadowing(
              entry, "/" + (query < 0 ? target : target.substring(0, query)), httpMethod);
      shadow = known;
    }
    return known;
  }

  /** The route's request URI under {@code base}. */
  URI requestUri(URI base) {
    String text = base.toString();
    Resolved known = last;
    if (known != null && known.base().equals(text)) {
      return known.uri();
    }
    URI uri = URI.create(text + target);
    if (text.length() <= REMEMBERED_BASE_LENGTH) {
      last = new Resolved(text, uri);
    }
    return uri;
  }
}
