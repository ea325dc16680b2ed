package dev.jaxrsmcp.internal.envelope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The held-back first bytes of a response: a response that fits is written once, with its length,
 * when it finishes; a larger one starts streaming (length unknown) the moment it outgrows the
 * capacity; until then a discard forgets everything. Sizes around the first buffer and its
 * doublings, in pieces of several sizes.
 */
class FailSafeOutputTest {
  private static final int CAPACITY = 8192;

  @Test
  void everySizeArrivesWholeWithItsLengthWhenItFits() throws IOException {
    Random random = new Random(7);
    int[] sizes = {0, 1, 511, 512, 513, 1024, 2047, 2049, 4097, 8191, 8192, 8193, 20_000};
    int[] pieces = {1, 7, 100, 512, 4096, 50_000};
    for (int size : sizes) {
      for (int piece : pieces) {
        byte[] bytes = new byte[size];
        random.nextBytes(bytes);
        ByteArrayOutputStream target = new ByteArrayOutputStream();
        List<Long> starts = new ArrayList<>();
        List<Integer> writtenAtStart = new ArrayList<>();
        FailSafeOutput out =
            new FailSafeOutput(
                target,
                CAPACITY,
                length -> {
                  starts.add(length);
                  writtenAtStart.add(target.size());
                });
        for (int at = 0; at < size; at += piece) {
          out.write(bytes, at, Math.min(piece, size - at));
          if (at + piece <= CAPACITY) {
            assertThat(target.size()).as("%d bytes in pieces of %d", size, piece).isZero();
          }
        }
        assertThat(out.started()).isEqualTo(size > CAPACITY);
        out.finish();
        String what = size + " bytes in pieces of " + piece;
        assertThat(target.toByteArray()).as(what).isEqualTo(bytes);
        assertThat(starts).as(what).containsExactly(size > CAPACITY ? -1L : size);
        assertThat(writtenAtStart).as(what).containsExactly(0);
      }
    }
  }

  @Test
  void aDiscardBeforeStreamingForgetsEverythingHeldBack() throws IOException {
    ByteArrayOutputStream target = new ByteArrayOutputStream();
    List<Long> starts = new ArrayList<>();
    FailSafeOutput out = new FailSafeOutput(target, CAPACITY, starts::add);
    out.write(new byte[3000], 0, 3000);
    out.discard();
    out.write("{\"error\":1}".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    out.finish();
    assertThat(target.toString(java.nio.charset.StandardCharsets.US_ASCII))
        .isEqualTo("{\"error\":1}");
    assertThat(starts).containsExactly(11L);
  }

  @Test
  void aDiscardAfterStreamingStartedIsRefused() throws IOException {
    FailSafeOutput out = new FailSafeOutput(new ByteArrayOutputStream(), CAPACITY, length -> {});
    out.write(new byte[CAPACITY + 1], 0, CAPACITY + 1);
    assertThat(out.started()).isTrue();
    assertThatThrownBy(out::discard).isInstanceOf(IllegalStateException.class);
  }
}
