package dev.jaxrsmcp.internal;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.internal.settings.ObserveSettings;
import dev.jaxrsmcp.observe.McpObserver;
import jakarta.ws.rs.core.Configuration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The observers an integration set as the application property {@link
 * McpFeature#OBSERVERS_PROPERTY}.
 */
final class ObserverProperty {
  private ObserverProperty() {}

  static List<McpObserver> read(Configuration configuration) {
    Object value = configuration.getProperty(ObserveSettings.OBSERVERS_PROPERTY);
    List<McpObserver> observers = new ArrayList<>();
    if (value == null) {
      return observers;
    }
    Collection<?> values = value instanceof Collection<?> many ? many : List.of(value);
    for (Object each : values) {
      if (!(each instanceof McpObserver observer)) {
        throw new McpConfigurationException(
            List.of(
                "the application property "
                    + ObserveSettings.OBSERVERS_PROPERTY
                    + " holds McpObserver instances, or a Collection of them; it holds "
                    + (each == null ? "null" : "a " + each.getClass().getName())));
      }
      observers.add(observer);
    }
    return observers;
  }
}
