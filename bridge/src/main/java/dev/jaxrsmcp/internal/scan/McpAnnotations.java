package dev.jaxrsmcp.internal.scan;

import dev.jaxrsmcp.McpResource;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds {@link McpResource} on a method, directly or through composed annotations (annotation types
 * that carry {@code @McpResource}, at any depth).
 */
final class McpAnnotations {
  private McpAnnotations() {}

  /**
   * One {@code @McpResource} found on a method.
   *
   * @param annotation the attributes in effect
   * @param via how it was found: {@code @McpResource} itself or the composed annotation on the
   *     method, for example {@code @PublicMcpResource}
   */
  record Declaration(McpResource annotation, String via) {}

  /**
   * Every declaration on the method: the direct one first, then composed ones by annotation name
   * (reflection does not promise an order).
   */
  static List<Declaration> find(Method method) {
    List<Declaration> composed = new ArrayList<>();
    for (Annotation annotation : method.getAnnotations()) {
      Class<? extends Annotation> type = annotation.annotationType();
      if (!(annotation instanceof McpResource)) {
        meta(type, new HashSet<>())
            .ifPresent(a -> composed.add(new Declaration(a, "@" + type.getSimpleName())));
      }
    }
    composed.sort(Comparator.comparing(Declaration::via));
    List<Declaration> found = new ArrayList<>();
    McpResource direct = method.getAnnotation(McpResource.class);
    if (direct != null) {
      found.add(new Declaration(direct, "@McpResource"));
    }
    found.addAll(composed);
    return found;
  }

  /** True when the method carries {@code @McpResource}, directly or composed. */
  static boolean isPresent(Method method) {
    return !find(method).isEmpty();
  }

  private static Optional<McpResource> meta(Class<? extends Annotation> type, Set<Class<?>> seen) {
    if (!seen.add(type) || type.getName().startsWith("java.lang.annotation.")) {
      return Optional.empty();
    }
    McpResource found = type.getAnnotation(McpResource.class);
    if (found != null) {
      return Optional.of(found);
    }
    for (Annotation annotation : type.getAnnotations()) {
      Optional<McpResource> meta = meta(annotation.annotationType(), seen);
      if (meta.isPresent()) {
        return meta;
      }
    }
    return Optional.empty();
  }
}
