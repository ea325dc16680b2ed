package dev.jaxrsmcp.internal.spool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bytes all spools of a budget hold together: a write that does not fit fails (nothing of it
 * kept), deleting a spool gives its bytes back, and under many writers at once the budget is never
 * passed and ends at zero.
 */
class SpoolBudgetTest {
  @TempDir Path temp;
  private final List<SpoolDirectory> opened = new ArrayList<>();

  @AfterEach
  void cleanUp() {
    opened.forEach(SpoolDirectory::deleteAll);
  }

  private SpoolDirectory directory(SpoolBudget budget) {
    SpoolDirectory spools = new SpoolDirectory(temp.resolve("spool"), budget);
    opened.add(spools);
    return spools;
  }

  @Test
  void aWriteThatDoesNotFitFailsAndADeletedSpoolGivesItsBytesBack() throws IOException {
    SpoolBudget budget = new SpoolBudget(100);
    SpoolDirectory spools = directory(budget);
    Spool first = spools.create(1_000, () -> false);
    Spool second = spools.create(1_000, () -> false);
    first.output().write(new byte[60]);

    OutputStream out = second.output();
    assertThatThrownBy(() -> out.write(new byte[50]))
        .isInstanceOf(IOException.class)
        .hasMessage(
            "the spool files of this server hold 60 bytes and may hold at most 100"
                + " (maxSpoolBytes); the long-running read is ended");
    assertThat(second.size()).isZero();
    assertThat(budget.used()).isEqualTo(60);

    first.delete();
    first.delete(); // idempotent: the bytes come back once
    assertThat(budget.used()).isZero();
    out.write(new byte[50]);
    assertThat(budget.used()).isEqualTo(50);
    assertThat(budget.exhausted()).isFalse();
    second.output().write(new byte[50]);
    assertThat(budget.exhausted()).isTrue();
  }

  @Test
  void bytesDroppedPastASpoolsOwnLimitAreNotCounted() throws IOException {
    SpoolBudget budget = new SpoolBudget(1_000);
    Spool spool = directory(budget).create(10, () -> false);
    spool.output().write(new byte[500]);

    assertThat(spool.truncated()).isTrue();
    assertThat(budget.used()).isEqualTo(10);
  }

  @Test
  void manyWritersNeverPassTheBudgetAndItEndsAtZero() throws Exception {
    long max = 64 * 1024;
    SpoolBudget budget = new SpoolBudget(max);
    SpoolDirectory spools = directory(budget);
    AtomicLong highest = new AtomicLong();
    ExecutorService writers = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int w = 0; w < 8; w++) {
        int seed = w;
        work.add(
            writers.submit(
                () -> {
                  for (int round = 0; round < 50; round++) {
                    Spool spool = spools.create(max, () -> false);
                    try (OutputStream out = spool.output()) {
                      for (int i = 0; i < 20; i++) {
                        out.write(new byte[100 + (seed * 37 + i * 11) % 900]);
                        highest.accumulateAndGet(budget.used(), Math::max);
                      }
                    } catch (IOException full) {
                      // the budget was used up by the others: this spool stops, as a read would
                    } finally {
                      spool.delete();
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> each : work) {
        each.get();
      }
    } finally {
      writers.shutdownNow();
    }
    assertThat(highest.get()).isLessThanOrEqualTo(max).isPositive();
    assertThat(budget.used()).isZero();
  }
}
