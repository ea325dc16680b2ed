package dev.jaxrsmcp.servletit;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A notification stream over a raw socket ({@link StalledStreams}) read on a thread of its own, all
 * of it kept: the client that keeps reading beside the stalled ones.
 */
final class HealthyStream {
  private final StringBuilder received = new StringBuilder();

  HealthyStream(Socket socket) {
    Thread reader =
        new Thread(
            () -> {
              byte[] buffer = new byte[16 * 1024];
              try {
                socket.setSoTimeout(0);
                InputStream in = socket.getInputStream();
                int n;
                while ((n = in.read(buffer)) >= 0) {
                  synchronized (received) {
                    received.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                    received.notifyAll();
                  }
                }
              } catch (IOException e) {
                // closed by the test
              }
            },
            "healthy-stream");
    reader.setDaemon(true);
    reader.start();
  }

  /** Waits up to 30 s until what was received contains {@code text}. */
  void await(String text) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    synchronized (received) {
      while (received.indexOf(text) < 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError(
              "the healthy stream did not receive " + text + "; it received: " + received);
        }
        received.wait(Math.max(1, left / 1_000_000));
      }
      received.setLength(0); // the next await looks at what comes after
    }
  }
}
