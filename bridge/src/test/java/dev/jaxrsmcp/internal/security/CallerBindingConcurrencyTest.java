package dev.jaxrsmcp.internal.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link CallerBinding} copies one initialized MAC for every hash: many threads hashing different
 * callers at once each get the fingerprint a binding with the same key computes alone, and every
 * fingerprint matches only its own caller.
 */
class CallerBindingConcurrencyTest {
  private static final byte[] KEY = "a key of thirty-two bytes, fixed".getBytes();
  private static final List<String> HEADERS = List.of("Authorization", "Cookie");
  private static final int CALLERS = 64;

  @Test
  void threadsHashingAtOnceGetTheFingerprintsOfOneThread() throws Exception {
    CallerBinding alone = new CallerBinding(HEADERS, true, KEY::clone);
    List<byte[]> byHeaders = new ArrayList<>();
    List<byte[]> byPrincipal = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      byHeaders.add(alone.fingerprint(headers(i)));
      byPrincipal.add(alone.fingerprint(headers(i), Optional.of("user-" + i)));
    }
    for (int i = 1; i < CALLERS; i++) {
      assertThat(byHeaders.get(i)).isNotEqualTo(byHeaders.get(i - 1));
    }

    CallerBinding shared = new CallerBinding(HEADERS, true, KEY::clone);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        done.add(
            pool.submit(
                () -> {
                  int checked = 0;
                  for (int n = 0; n < 3_000; n++) {
                    int i = (n * 5 + thread) % CALLERS;
                    int other = (i + 1) % CALLERS;
                    byte[] mine = shared.fingerprint(headers(i));
                    assertThat(Arrays.equals(mine, byHeaders.get(i))).isTrue();
                    assertThat(shared.matches(mine, headers(i))).isTrue();
                    assertThat(shared.matches(mine, headers(other))).isFalse();
                    byte[] named = shared.fingerprint(headers(i), Optional.of("user-" + i));
                    assertThat(Arrays.equals(named, byPrincipal.get(i))).isTrue();
                    assertThat(shared.matches(named, headers(other), Optional.of("user-" + i)))
                        .isTrue();
                    assertThat(shared.matches(named, headers(i), Optional.of("user-" + other)))
                        .isFalse();
                    checked++;
                  }
                  return checked;
                }));
      }
      for (Future<Integer> f : done) {
        assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(3_000);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static Map<String, List<String>> headers(int caller) {
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.put("Authorization", List.of("Bearer token-" + caller));
    if (caller % 2 == 0) {
      headers.put("Cookie", List.of("s=" + caller));
    }
    return headers;
  }
}
