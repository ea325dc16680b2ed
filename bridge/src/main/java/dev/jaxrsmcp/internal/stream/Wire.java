package dev.jaxrsmcp.internal.stream;

import java.io.IOException;

/**
 * The container's side of a stream's response once it is set up, as its {@link Outbox} writes it:
 * whether it takes more now, where a batch of frames ends (what was written is flushed to the
 * client then), and whether a turn's writes can ever block their thread.
 */
interface Wire {
  /**
   * No container output (the response never got that far): always writable, nothing held. Not known
   * never to block: its turns keep a writer thread of their own.
   */
  Wire NONE =
      new Wire() {
        @Override
        public boolean writable() {
          return true;
        }

        @Override
        public void whenWritable(Runnable resume) {
          resume.run();
        }

        @Override
        public void startBatch() {}

        @Override
        public boolean endBatch() {
          return true;
        }
      };

  /** True when the container takes a write now without queueing it past its own bound. */
  boolean writable();

  /** Runs {@code resume} once the container takes writes again (or its connection failed). */
  void whenWritable(Runnable resume);

  /** What is written from now on is flushed only at {@link #endBatch}. */
  void startBatch();

  /**
   * Flushes what the batch wrote; false when some of it waits until the container takes more (a
   * non-blocking output): the batch is ended again once {@link #whenWritable} says so, and the
   * stream ends only after that.
   */
  boolean endBatch() throws IOException;

  /**
   * True when a turn that writes frames held in memory, each only once {@link #writable} said so,
   * never blocks its thread on the client (the container says when it takes more, and what is
   * written reaches it as it is): such a turn may run on whichever thread queued the frames rather
   * than on a writer thread of its own. False by default: a container whose writes block.
   */
  default boolean neverBlocks() {
    return false;
  }
}
