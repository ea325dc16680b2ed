package dev.jaxrsmcp.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The demo's data: a fixed set of widgets, each with a mutable state (a map from key to JSON
 * value), fixed secrets and a photo. Safe for concurrent use: the widget set never changes after
 * construction, each state map is a {@link ConcurrentSkipListMap} (so a state reads in key order),
 * and listeners are kept in a {@link CopyOnWriteArrayList}. Values are copied on the way in and on
 * the way out, so callers never share a mutable JSON node with the store.
 */
public final class WidgetStore {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** Told about every state change, on the thread that made it. */
  @FunctionalInterface
  public interface Listener {
    /** Called after {@code key} of widget {@code widgetId} was set to {@code value}. */
    void stateChanged(long widgetId, String key, JsonNode value);
  }

  private record Entry(
      Widget widget,
      ConcurrentNavigableMap<String, JsonNode> state,
      Map<String, String> secrets,
      byte[] photo) {}

  /** Guarded by immutability: built in the constructor, never modified. */
  private final Map<Long, Entry> widgets;

  private final List<Listener> listeners = new CopyOnWriteArrayList<>();

  private WidgetStore(Map<Long, Entry> widgets) {
    this.widgets = Map.copyOf(widgets);
  }

  /** Widgets 1 (a thermostat), 2 (a door lock) and 3 (a greenhouse sensor). */
  public static WidgetStore withSampleWidgets() {
    Map<Long, Entry> widgets = new LinkedHashMap<>();
    add(
        widgets,
        new Widget(1, "Living room thermostat", "thermostat"),
        Map.of(
            "mode", JSON.textNode("heat"),
            "online", JSON.booleanNode(true),
            "targetTemperature", JSON.numberNode(21.0),
            "temperature", JSON.numberNode(20.5)),
        Map.of("apiKey", "wk_live_1_9f3c2a7e", "maintenancePin", "4711"),
        new Color(0xE0, 0x6C, 0x3C));
    add(
        widgets,
        new Widget(2, "Front door lock", "lock"),
        Map.of(
            "battery", JSON.numberNode(87),
            "locked", JSON.booleanNode(true),
            "online", JSON.booleanNode(true)),
        Map.of("apiKey", "wk_live_2_41d0b6c9", "masterCode", "902113"),
        new Color(0x3C, 0x7D, 0xE0));
    add(
        widgets,
        new Widget(3, "Greenhouse sensor", "sensor"),
        Map.of(
            "humidity", JSON.numberNode(64),
            "online", JSON.booleanNode(true),
            "temperature", JSON.numberNode(18.5)),
        Map.of("apiKey", "wk_live_3_c85e11f4", "wifiPassword", "tomatoes-2026"),
        new Color(0x4C, 0xA8, 0x4C));
    return new WidgetStore(widgets);
  }

  private static void add(
      Map<Long, Entry> widgets,
      Widget widget,
      Map<String, JsonNode> state,
      Map<String, String> secrets,
      Color color) {
    widgets.put(
        widget.id(),
        new Entry(
            widget,
            new ConcurrentSkipListMap<>(state),
            Map.copyOf(secrets),
            WidgetPhotos.render(widget.id(), color)));
  }

  /** Every widget, by id. */
  public List<Widget> list() {
    List<Widget> all = new ArrayList<>();
    widgets.values().forEach(e -> all.add(e.widget()));
    all.sort((a, b) -> Long.compare(a.id(), b.id()));
    return all;
  }

  /** The widget with this id. */
  public Optional<Widget> find(long id) {
    return entry(id).map(Entry::widget);
  }

  /** A snapshot of the widget's state as one JSON object, keys in order. */
  public Optional<ObjectNode> state(long id) {
    return entry(id)
        .map(
            e -> {
              ObjectNode state = JSON.objectNode();
              e.state().forEach((key, value) -> state.set(key, value.deepCopy()));
              return state;
            });
  }

  /** One value of the widget's state; empty when the widget or the key does not exist. */
  public Optional<JsonNode> stateValue(long id, String key) {
    return entry(id).map(e -> e.state().get(key)).map(JsonNode::deepCopy);
  }

  /**
   * Sets one value of the widget's state (adding the key when it is new) and tells the listeners.
   *
   * @return false, changing nothing, when there is no widget with this id
   */
  public boolean putState(long id, String key, JsonNode value) {
    Objects.requireNonNull(key, "key");
    if (value == null || value.isNull() || value.isMissingNode()) {
      throw new IllegalArgumentException("a state value must be a JSON value other than null");
    }
    Optional<Entry> entry = entry(id);
    if (entry.isEmpty()) {
      return false;
    }
    JsonNode stored = value.deepCopy();
    entry.get().state().put(key, stored);
    for (Listener listener : listeners) {
      listener.stateChanged(id, key, stored.deepCopy());
    }
    return true;
  }

  /** The widget's secrets. */
  public Optional<Map<String, String>> secrets(long id) {
    return entry(id).map(Entry::secrets);
  }

  /** The widget's photo, a PNG image. */
  public Optional<byte[]> photo(long id) {
    return entry(id).map(e -> e.photo().clone());
  }

  /** Calls {@code listener} after every state change from now on. */
  public void addListener(Listener listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
  }

  /** Stops calling {@code listener}. */
  public void removeListener(Listener listener) {
    listeners.remove(listener);
  }

  private Optional<Entry> entry(long id) {
    return Optional.ofNullable(widgets.get(id));
  }
}
