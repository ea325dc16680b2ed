package dev.jaxrsmcp.demo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.changes.McpChanges;
import org.glassfish.jersey.server.spi.AbstractContainerLifecycleListener;
import org.glassfish.jersey.server.spi.Container;

/**
 * Tells MCP subscribers about every state change in the {@link WidgetStore}, whoever made it (the
 * {@code PUT} route, the {@link SensorTicker}): a change of widget 3's {@code temperature} notifies
 * the subscribers of {@code app://widgets/3/state} and of {@code
 * app://widgets/3/state/temperature}.
 *
 * <p>The demo pushes changes with {@link McpChanges#changed(String)} rather than registering an
 * {@code McpWatcher}: a pushed change also travels through the change bus, so with Redis a {@code
 * PUT} served by one instance reaches subscribers held by another, even when nobody subscribes on
 * the instance that served it. (A watcher runs only where a subscriber is.) {@link DemoApplication}
 * registers {@code McpWatcher.pushed()} for both templates to say so.
 *
 * <p>Listens to the store while the application runs: from container start-up to shutdown.
 */
final class StateChangeNotifier extends AbstractContainerLifecycleListener
    implements WidgetStore.Listener {
  private final WidgetStore store;
  private final McpChanges changes;

  StateChangeNotifier(WidgetStore store, McpChanges changes) {
    this.store = store;
    this.changes = changes;
  }

  /** The URI of a widget's whole state. */
  static String stateUri(long widgetId) {
    return "app://widgets/" + widgetId + "/state";
  }

  /** The URI of one value of a widget's state (keys are plain: letters, digits, '_-.'). */
  static String stateValueUri(long widgetId, String key) {
    return stateUri(widgetId) + "/" + key;
  }

  @Override
  public void stateChanged(long widgetId, String key, JsonNode value) {
    changes.changed(stateUri(widgetId));
    changes.changed(stateValueUri(widgetId, key));
  }

  @Override
  public void onStartup(Container container) {
    store.addListener(this);
  }

  @Override
  public void onShutdown(Container container) {
    store.removeListener(this);
  }
}
