package dev.jaxrsmcp.internal.methods;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Notifications serialized once, however late a stream gets to them. */
class TaggedMessagesTest {
  /**
   * A listen that fell behind walks its 400 URIs long after the streams that keep up did: each
   * notification is still the one serialized for them (a cache of 64 slots missed most of them).
   */
  @Test
  void aStreamThatFellBehindFindsItsNotificationsStillSerialized() {
    TaggedMessages.forget();
    String base = "app://tagged/" + UUID.randomUUID() + "/";
    long before = TaggedMessages.serialized();
    List<TaggedMessages.Around> first = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      first.add(TaggedMessages.updated(base + i));
    }
    for (int i = 0; i < 400; i++) {
      assertThat(TaggedMessages.updated(base + i)).isSameAs(first.get(i));
    }
    assertThat(TaggedMessages.serialized() - before).isEqualTo(400);
  }

  /** Past the most it remembers it starts afresh: bounded, and the message still right. */
  @Test
  void theMemoryIsBounded() {
    TaggedMessages.forget();
    String base = "app://tagged/" + UUID.randomUUID() + "/";
    for (int i = 0; i <= TaggedMessages.MAX_KEPT; i++) {
      TaggedMessages.updated(base + i);
    }
    long before = TaggedMessages.serialized();
    TaggedMessages.Around again = TaggedMessages.updated(base + 0);
    assertThat(TaggedMessages.serialized() - before).as("forgotten, serialized anew").isEqualTo(1);
    assertThat(again.uri()).isEqualTo(base + 0);
    assertThat(new String(again.tail(), java.nio.charset.StandardCharsets.UTF_8))
        .contains(base + 0);
  }
}
