package dev.jaxrsmcp.internal.readiness;

/**
 * Whether the container takes another write on a response without queueing it past its own bound.
 *
 * <p>Containers whose writes block once the socket buffers are full (servlet containers in blocking
 * mode, Helidon) need no help to bound what a stalled client holds: a write that it does not take
 * holds its writer thread, and what waits stays in the stream's outbox, counted. Grizzly is
 * different: its output queues every flushed write that fits in its buffer without ever blocking,
 * so a stream that flushes small frames would pile them up in the container without limit ({@link
 * GrizzlyReadiness}). A servlet container's asynchronous response can be written without blocking
 * ({@link ServletReadiness}), so that a stalled client holds no thread either. There the outbox
 * asks before each write and parks until the connection drains.
 */
public interface WriteReadiness {
  /** A container that blocks when it cannot take more: always ready. */
  WriteReadiness BLOCKING =
      new WriteReadiness() {
        @Override
        public boolean writable() {
          return true;
        }

        @Override
        public void whenWritable(Runnable resume) {
          resume.run();
        }
      };

  /** True when a write now is taken without queueing past the container's bound. */
  boolean writable();

  /**
   * Runs {@code resume} once the container takes writes again, or the connection failed (a write
   * then fails and ends the stream); at once when that is already so. At most one is pending.
   */
  void whenWritable(Runnable resume);
}
