package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class WidgetStoreTest {
  static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  final WidgetStore store = WidgetStore.withSampleWidgets();

  @Test
  void holdsWidgetsOneToThree() {
    assertThat(store.list()).extracting(Widget::id).containsExactly(1L, 2L, 3L);
    assertThat(store.find(4)).isEmpty();
    assertThat(store.state(4)).isEmpty();
    assertThat(store.secrets(4)).isEmpty();
    assertThat(store.photo(4)).isEmpty();
  }

  @Test
  void stateIsASnapshotTheCallerCannotChange() {
    ObjectNode state = store.state(1).orElseThrow();
    state.put("mode", "off");
    assertThat(store.stateValue(1, "mode")).contains(JSON.textNode("heat"));
  }

  @Test
  void putStateStoresACopyAndTellsListeners() {
    List<String> heard = new ArrayList<>();
    WidgetStore.Listener listener = (id, key, value) -> heard.add(id + " " + key + " " + value);
    store.addListener(listener);
    ObjectNode value = JSON.objectNode().put("r", 1);
    assertThat(store.putState(3, "colour", value)).isTrue();
    value.put("r", 2);
    assertThat(store.stateValue(3, "colour")).contains(JSON.objectNode().put("r", 1));
    assertThat(heard).containsExactly("3 colour {\"r\":1}");

    store.removeListener(listener);
    store.putState(3, "colour", JSON.numberNode(0));
    assertThat(heard).hasSize(1);
  }

  @Test
  void putStateOnUnknownWidgetChangesNothing() {
    List<Long> heard = new ArrayList<>();
    store.addListener((id, key, value) -> heard.add(id));
    assertThat(store.putState(9, "mode", JSON.textNode("off"))).isFalse();
    assertThat(heard).isEmpty();
  }

  @Test
  void putStateRefusesNull() {
    assertThatThrownBy(() -> store.putState(1, "mode", JSON.nullNode()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a state value must be a JSON value other than null");
    JsonNode unchanged = store.stateValue(1, "mode").orElseThrow();
    assertThat(unchanged.textValue()).isEqualTo("heat");
  }

  @Test
  void photosArePngs() {
    byte[] signature = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    for (long id = 1; id <= 3; id++) {
      byte[] photo = store.photo(id).orElseThrow();
      assertThat(Arrays.copyOf(photo, 8)).isEqualTo(signature);
    }
  }
}
