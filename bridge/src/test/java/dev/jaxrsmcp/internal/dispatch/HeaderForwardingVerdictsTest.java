package dev.jaxrsmcp.internal.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link HeaderForwarding} remembers its verdict per header name: names differing only in case get
 * the same verdict, and verdicts stay right once more distinct names arrived than it remembers.
 */
class HeaderForwardingVerdictsTest {
  private final HeaderForwarding forwarding = new HeaderForwarding(Set.of(), Set.of("X-Secret*"));

  @Test
  void namesInAnyCaseGetTheSameVerdict() {
    for (int i = 0; i < 3; i++) {
      assertThat(forwarding.permits("Authorization")).isTrue();
      assertThat(forwarding.permits("AUTHORIZATION")).isTrue();
      assertThat(forwarding.permits("x-secret-key")).isFalse();
      assertThat(forwarding.permits("X-SECRET-KEY")).isFalse();
      assertThat(forwarding.permits("Host")).isFalse();
      assertThat(forwarding.permits("content-type")).isFalse();
      assertThat(forwarding.permits("Mcp-Session-Id")).isFalse();
      assertThat(forwarding.permits("Transfer-Encoding")).isFalse();
    }
  }

  @Test
  void verdictsStayRightPastWhatIsRemembered() {
    for (int i = 0; i < 400; i++) {
      assertThat(forwarding.permits("X-Custom-" + i)).isTrue();
      assertThat(forwarding.permits("X-Secret-" + i)).isFalse();
    }
    assertThat(forwarding.permits("X-Secret")).isFalse();
    assertThat(forwarding.permits("Content-Length")).isFalse();
    assertThat(forwarding.permits("Traceparent")).isTrue();
  }

  @Test
  void anAllowListStillDecides() {
    HeaderForwarding only = new HeaderForwarding(Set.of("Authorization", "X-Tenant"), Set.of());
    for (int i = 0; i < 3; i++) {
      assertThat(only.permits("authorization")).isTrue();
      assertThat(only.permits("X-TENANT")).isTrue();
      assertThat(only.permits("Cookie")).isFalse();
    }
  }
}
