package dev.jaxrsmcp.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LostChangesTest {
  private final AtomicLong now = new AtomicLong(100_000);
  private final LostChanges lost =
      new LostChanges(
          new Clock() {
            @Override
            public ZoneOffset getZone() {
              return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
              return this;
            }

            @Override
            public Instant instant() {
              return Instant.ofEpochMilli(now.get());
            }
          });

  @Test
  void aLostPublishStaysUnannouncedUntilItsAnnouncementWentOut() {
    assertThat(lost.unannounced()).isZero();
    lost.lostPublish();
    long at = lost.unannounced();
    assertThat(at).isEqualTo(100_000);

    lost.announced(at);

    assertThat(lost.unannounced()).isZero();
  }

  @Test
  void aLossAfterTheAnnouncementWasSentStaysUnannounced() {
    lost.lostPublish();
    long first = lost.unannounced();
    now.addAndGet(50);
    lost.lostPublish(); // while the announcement of the first was on its way

    lost.announced(first);

    assertThat(lost.unannounced()).isEqualTo(100_050);
  }

  @Test
  void anAnnouncedLossBeforeThisInstancesRefreshIsAlreadyMadeUpFor() {
    lost.refreshed(); // at 100 s
    assertThat(lost.mustRefreshFor(98_000)).isFalse();
  }

  @Test
  void anAnnouncedLossWithinTheClockSkewOfTheRefreshOrAfterItNeedsAnotherRefresh() {
    lost.refreshed(); // at 100 s
    now.addAndGet(5_000);
    assertThat(lost.mustRefreshFor(99_500)).isTrue(); // too close to tell which came first
    assertThat(lost.mustRefreshFor(103_000)).isFalse(); // that refresh (at 105 s) covers it
    assertThat(lost.mustRefreshFor(104_500)).isTrue();
  }

  @Test
  void withoutAnyRefreshEveryAnnouncedLossNeedsOne() {
    assertThat(lost.mustRefreshFor(1)).isTrue();
  }
}
