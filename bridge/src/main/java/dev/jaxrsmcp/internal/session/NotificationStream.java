package dev.jaxrsmcp.internal.session;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A session's open notification stream (the legacy GET stream), as the session sees it. The
 * transport implements it over Server-Sent Events; implementations are safe for concurrent use and
 * never block on the network (they queue; a writer thread writes), so the sweeper may call them.
 */
public interface NotificationStream {

  /**
   * Queues one JSON-RPC message (a notification).
   *
   * @return false when the stream is closed (a failed write, or too many bytes waiting for the
   *     client, closes it)
   */
  boolean send(ObjectNode message);

  /**
   * Writes something the client ignores (an SSE comment), so a dead connection is noticed and
   * intermediaries do not time the stream out.
   *
   * @return false when the stream is closed or the write failed (the stream is then closed)
   */
  boolean keepAlive();

  /** True until {@link #close()} was called or a write failed. */
  boolean isOpen();

  /** Ends the stream; the client sees the response end. Idempotent. */
  void close();
}
