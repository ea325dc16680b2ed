package dev.jaxrsmcp.internal.stream;

/**
 * Whether the container takes another write on a response without queueing it past its own bound.
 *
 * <p>Containers whose writes block once the socket buffers are full (servlet containers in blocking
 * mode, Helidon) need no help: a write that a stalled client does not take holds its writer, and
 * what waits stays in the stream's outbox, counted. Grizzly is different: its output queues every
 * flushed write that fits in its buffer without ever blocking, so a stream that flushes small
 * frames would pile them up in the container without limit. There the outbox asks before each write
 * and parks until the connection drains.
 */
interface WriteReadiness {
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
