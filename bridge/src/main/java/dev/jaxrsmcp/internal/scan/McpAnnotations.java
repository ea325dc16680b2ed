package dev.jaxrsmcp.internal.scan;

import dev.jaxrsmcp.McpResource;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/** Finds {@link McpResource} on a method, directly or through a composed annotation. */
final class McpAnnotations {
  private McpAnnotations() {}

  static Optional<McpResource> find(Method method) {
    McpResource direct = method.getAnnotation(McpResource.class);
    if (direct != null) {
      return Optional.of(direct);
    }
    for (Annotation annotation : method.getAnnotations()) {
      Optional<McpResource> meta = meta(annotation.annotationType(), new HashSet<>());
      if (meta.isPresent()) {
        return meta;
      }
    }
    return Optional.empty();
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
