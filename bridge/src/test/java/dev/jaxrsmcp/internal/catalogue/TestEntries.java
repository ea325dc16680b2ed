package dev.jaxrsmcp.internal.catalogue;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.template.UriTemplate;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Catalogue entries for unit tests that need one without scanning a resource class: a widget's
 * state, {@code application/json}, with one path variable {@code id}.
 */
public final class TestEntries {
  private TestEntries() {}

  /**
   * An entry whose URI template is {@code template}, served by the route at {@code routePath}, for
   * the {@code audience} given.
   */
  public static CatalogueEntry entry(String template, String routePath, List<String> audience) {
    try {
      return new CatalogueEntry(
          UriTemplate.parse(template),
          "state",
          false,
          "State",
          "A widget's state.",
          "application/json",
          0,
          "private",
          false,
          false,
          0,
          audience,
          OptionalDouble.empty(),
          true,
          Object.class.getMethod("toString"),
          routePath,
          Map.of("id", String.class),
          Set.of(),
          Map.of("id", String.class),
          Map.of(),
          "",
          Map.of(),
          false,
          false,
          List.of(),
          Map.of(),
          McpResource.TaskSupport.NONE);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
