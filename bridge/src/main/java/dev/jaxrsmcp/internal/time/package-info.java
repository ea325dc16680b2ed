/**
 * Where the bridge reads the time and schedules timed work: {@link dev.jaxrsmcp.internal.time.Time}
 * (a monotonic {@code nanoTime}, a wall {@link java.time.Clock}, a factory of {@link
 * dev.jaxrsmcp.internal.time.Scheduler}s for delayed and periodic tasks). In production it is
 * {@link System} and one daemon thread per scheduler; a test puts a virtual one under the {@link
 * dev.jaxrsmcp.internal.time.Time#PROPERTY} configuration property, and time then moves only when
 * the test says. Debounce windows, session expiry and keep-alives, task leases and TTLs read it;
 * threads that deliver and real I/O stay real. Depends on nothing else in the project.
 */
package dev.jaxrsmcp.internal.time;
