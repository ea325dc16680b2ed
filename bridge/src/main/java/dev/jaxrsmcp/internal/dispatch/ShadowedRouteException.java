package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;

/**
 * A read whose request Jersey would route elsewhere than to the method its URI matched: to a
 * sub-resource locator (which Jersey runs while matching) or to another resource's method. The read
 * is refused as not found before Jersey sees it (contract section 7).
 */
public final class ShadowedRouteException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String uri;

  ShadowedRouteException(CatalogueEntry entry, String uri, String instead) {
    super(
        "the read of "
            + uri
            + " would reach "
            + instead
            + " before "
            + entry.method().getDeclaringClass().getSimpleName()
            + "."
            + entry.method().getName()
            + ", which its URI matched; it is refused",
        null,
        false,
        false);
    this.uri = uri;
  }

  /** The URI that was read. */
  public String uri() {
    return uri;
  }
}
