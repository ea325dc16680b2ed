package dev.jaxrsmcp.internal.subscribe;

import java.util.Optional;

/**
 * A change: a resource updated (with its URI) or the resource list changed (without one).
 *
 * @param uri the changed resource; empty for a list change
 */
public record ChangeEvent(Optional<String> uri) {

  public static ChangeEvent updated(String uri) {
    return new ChangeEvent(Optional.of(uri));
  }

  public static ChangeEvent listChanged() {
    return new ChangeEvent(Optional.empty());
  }
}
