package dev.jaxrsmcp.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A loopback TCP forwarder in front of a port, for tests: {@link #stop()} cuts every connection
 * through it and refuses new ones (one instance loses Redis while the others keep it), {@link
 * #start()} lets connections through again on the same port.
 */
final class TcpProxy implements AutoCloseable {
  private final int port;
  private final int target;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private volatile ServerSocket server;

  TcpProxy(int port, int target) {
    this.port = port;
    this.target = target;
  }

  String uri() {
    return "redis://127.0.0.1:" + port;
  }

  void start() throws IOException {
    ServerSocket listening = new ServerSocket();
    listening.setReuseAddress(true);
    listening.bind(new InetSocketAddress("127.0.0.1", port));
    server = listening;
    Thread accept = new Thread(null, () -> accept(listening), "tcp-proxy-accept", 0, false);
    accept.setDaemon(true);
    accept.start();
  }

  private void accept(ServerSocket listening) {
    while (!listening.isClosed()) {
      try {
        Socket client = listening.accept();
        Socket upstream = new Socket("127.0.0.1", target);
        sockets.add(client);
        sockets.add(upstream);
        pipe(client, upstream);
        pipe(upstream, client);
      } catch (IOException e) {
        return; // stopped
      }
    }
  }

  private void pipe(Socket from, Socket to) {
    Thread thread =
        new Thread(
            null,
            () -> {
              byte[] buffer = new byte[8192];
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                  out.write(buffer, 0, n);
                  out.flush();
                }
              } catch (IOException e) {
                // One side closed.
              } finally {
                close(from);
                close(to);
              }
            },
            "tcp-proxy-pipe",
            0,
            false);
    thread.setDaemon(true);
    thread.start();
  }

  void stop() {
    ServerSocket listening = server;
    if (listening != null) {
      close(listening);
    }
    for (Socket socket : Set.copyOf(sockets)) {
      close(socket);
    }
  }

  private void close(java.io.Closeable closeable) {
    try {
      closeable.close();
    } catch (IOException e) {
      // Closing anyway.
    }
    if (closeable instanceof Socket socket) {
      sockets.remove(socket);
    }
  }

  @Override
  public void close() {
    stop();
  }
}
