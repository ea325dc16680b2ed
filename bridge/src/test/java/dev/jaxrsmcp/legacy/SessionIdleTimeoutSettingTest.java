package dev.jaxrsmcp.legacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jaxrsmcp.McpFeature;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SessionIdleTimeoutSettingTest {
  @Test
  void defaultIsThirtyMinutes() {
    assertThat(McpFeature.builder().build().sessionIdleTimeout()).isEqualTo(Duration.ofMinutes(30));
  }

  @Test
  void aPositiveValueIsKeptAndCopiedByNewBuilder() {
    McpFeature feature = McpFeature.builder().sessionIdleTimeout(Duration.ofSeconds(90)).build();
    assertThat(feature.sessionIdleTimeout()).isEqualTo(Duration.ofSeconds(90));
    assertThat(feature.newBuilder().build().sessionIdleTimeout()).isEqualTo(Duration.ofSeconds(90));
  }

  @Test
  void zeroIsRefused() {
    assertThatThrownBy(() -> McpFeature.builder().sessionIdleTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sessionIdleTimeout must be positive (found PT0S)");
  }

  @Test
  void negativeIsRefused() {
    assertThatThrownBy(() -> McpFeature.builder().sessionIdleTimeout(Duration.ofSeconds(-5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sessionIdleTimeout must be positive (found PT-5S)");
  }

  @Test
  void nullIsRefused() {
    assertThatThrownBy(() -> McpFeature.builder().sessionIdleTimeout(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("sessionIdleTimeout");
  }
}
