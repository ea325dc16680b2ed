package dev.jaxrsmcp.demo;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.spi.AbstractContainerLifecycleListener;
import org.glassfish.jersey.server.spi.Container;

/**
 * Makes the demo live: every two seconds the greenhouse sensor (widget 3) reports a new {@code
 * temperature}, so a subscriber sees notifications without anyone calling {@code PUT}. The value
 * follows the wall clock (a saw-tooth between 17.0 and 20.0 in steps of 0.25, changing at every
 * tick), so two demo instances started side by side report the same temperature.
 *
 * <p>Runs from container start-up to shutdown on one daemon thread, {@value #THREAD}.
 */
final class SensorTicker extends AbstractContainerLifecycleListener {
  private static final System.Logger LOG = System.getLogger(SensorTicker.class.getName());

  static final String THREAD = "widgets-demo-sensor";
  static final long WIDGET = 3;
  static final String KEY = "temperature";
  static final long PERIOD_MILLIS = 2_000;

  private final WidgetStore store;
  private final Clock clock;
  // guarded by this
  private ScheduledExecutorService executor;

  SensorTicker(WidgetStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** The temperature at tick {@code tick}: 17.0 up to 20.0 and back, 0.25 per tick. */
  static double temperature(long tick) {
    int phase = (int) Math.floorMod(tick, 24L);
    int steps = phase <= 12 ? phase : 24 - phase;
    return 17.0 + 0.25 * steps;
  }

  @Override
  public synchronized void onStartup(Container container) {
    if (executor != null) {
      return;
    }
    executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, THREAD);
              t.setDaemon(true);
              return t;
            });
    long now = clock.millis();
    long untilNextTick = PERIOD_MILLIS - Math.floorMod(now, PERIOD_MILLIS);
    executor.scheduleAtFixedRate(this::tick, untilNextTick, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
  }

  private void tick() {
    long tick = Math.round((double) clock.millis() / PERIOD_MILLIS);
    try {
      store.putState(WIDGET, KEY, JsonNodeFactory.instance.numberNode(temperature(tick)));
    } catch (RuntimeException e) {
      // A failing tick must not end the schedule (an exception would cancel it for good).
      LOG.log(System.Logger.Level.WARNING, "sensor tick failed", e);
    }
  }

  @Override
  public synchronized void onShutdown(Container container) {
    if (executor != null) {
      executor.shutdownNow();
      executor = null;
    }
  }
}
