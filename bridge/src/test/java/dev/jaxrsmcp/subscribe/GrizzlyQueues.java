package dev.jaxrsmcp.subscribe;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * What Grizzly holds for each accepted connection in its asynchronous write queue: the bytes a
 * stalled client's container keeps on the heap, which the bridge must bound (not only its own
 * outbox).
 */
public final class GrizzlyQueues {
  private final List<NIOConnection> accepted = new CopyOnWriteArrayList<>();

  /** Starts watching {@code server}'s connections: those accepted from now on. */
  public GrizzlyQueues(HttpServer server) {
    for (NetworkListener listener : server.getListeners()) {
      listener
          .getTransport()
          .getConnectionMonitoringConfig()
          .addProbes(
              new ConnectionProbe.Adapter() {
                @Override
                public void onAcceptEvent(Connection serverConnection, Connection connection) {
                  accepted.add((NIOConnection) connection);
                }
              });
    }
  }

  /** The most bytes waiting in one connection's write queue now. */
  public long largestQueuedBytes() {
    long max = 0;
    for (NIOConnection connection : accepted) {
      max = Math.max(max, connection.getAsyncWriteQueue().spaceInBytes());
    }
    return max;
  }

  /** The most writes (each a buffer of its own) waiting in one connection's queue now. */
  public int largestQueuedWrites() {
    int max = 0;
    for (NIOConnection connection : accepted) {
      max = Math.max(max, connection.getAsyncWriteQueue().size());
    }
    return max;
  }

  /** Grizzly's own bound of a connection's queue, the largest among them. */
  public long containerBound() {
    long max = 0;
    for (NIOConnection connection : accepted) {
      max = Math.max(max, connection.getMaxAsyncWriteQueueSize());
    }
    return max;
  }
}
