package dev.jaxrsmcp.internal.time;

import java.time.Clock;

/**
 * The time the bridge reads and the schedulers its timed work runs on. One per application, chosen
 * when the endpoint is installed: {@link #system()}, or the value of the configuration property
 * {@link #PROPERTY} when it is one (tests put a virtual time there).
 *
 * <p>Thread safety: implementations may be called from any thread.
 */
public interface Time {
  /** The configuration property a test sets to a {@code Time} to run the bridge on it. */
  String PROPERTY = "dev.jaxrsmcp.internal.time";

  /** Monotonic nanoseconds, as {@link System#nanoTime()}: only differences mean anything. */
  long nanoTime();

  /** The wall clock (what a task's timestamps and expiry are written in). */
  Clock clock();

  /**
   * A new scheduler, its own from the others; {@code threadName} names its thread in production (a
   * daemon inheriting no thread-locals).
   */
  Scheduler newScheduler(String threadName);

  /** The system's time and one daemon thread per scheduler. */
  static Time system() {
    return SystemTime.INSTANCE;
  }

  /** {@code property} when it is a {@code Time} (see {@link #PROPERTY}), else {@link #system()}. */
  static Time from(Object property) {
    return property instanceof Time time ? time : system();
  }
}
