package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * A method's result before era decoration.
 *
 * @param body the result members particular to the method
 * @param cache the cache hint, for results the modern era marks cacheable
 */
public record MethodResult(ObjectNode body, Optional<CacheHint> cache) {

  public static MethodResult of(ObjectNode body) {
    return new MethodResult(body, Optional.empty());
  }

  public static MethodResult cached(ObjectNode body, CacheHint hint) {
    return new MethodResult(body, Optional.of(hint));
  }
}
