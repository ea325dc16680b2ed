package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SensorTickerTest {
  @Test
  void temperatureRisesFrom17To20AndFallsBackIn24Ticks() {
    List<Double> values = new ArrayList<>();
    for (long tick = 0; tick <= 24; tick++) {
      values.add(SensorTicker.temperature(tick));
    }
    assertThat(values.get(0)).isEqualTo(17.0);
    assertThat(values.get(12)).isEqualTo(20.0);
    assertThat(values.get(24)).isEqualTo(17.0);
    assertThat(values).allSatisfy(v -> assertThat(v).isBetween(17.0, 20.0));
  }

  @Test
  void temperatureChangesAtEveryTick() {
    for (long tick = -30; tick < 60; tick++) {
      assertThat(SensorTicker.temperature(tick + 1))
          .as("tick %d to %d", tick, tick + 1)
          .isNotEqualTo(SensorTicker.temperature(tick));
    }
  }
}
