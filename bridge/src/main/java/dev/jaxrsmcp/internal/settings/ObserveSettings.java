package dev.jaxrsmcp.internal.settings;

import dev.jaxrsmcp.observe.McpObserver;
import java.util.List;

/** What watches the MCP operations besides the access record (docs/observability.md). */
public final class ObserveSettings {
  /** The observers given to the builder, in the order they were added. */
  public static final Setting<List<McpObserver>> OBSERVERS = Setting.of("observer", List.of());

  private ObserveSettings() {}

  /** The application property of {@code McpFeature.OBSERVERS_PROPERTY}. */
  public static final String OBSERVERS_PROPERTY = "dev.jaxrsmcp.observers";
}
