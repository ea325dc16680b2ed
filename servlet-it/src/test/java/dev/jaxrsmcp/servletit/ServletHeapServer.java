package dev.jaxrsmcp.servletit;

import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.changes.McpWatcher;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server of {@link ServletStalledHeapTest}, run in a JVM of its own with a small heap ({@link
 * ServletHeapProcess}): {@link ServletApp} in the servlet container named by its first argument
 * ({@code TOMCAT} or {@code JETTY}), with a {@value #SEND_BUFFER}-byte socket send buffer, the
 * bridge's default {@code maxUnsentBytes} (1 MiB) unless the second argument names another, pushed
 * changes without a debounce (each change of a subscribed resource is one notification, so that
 * what a burst sends is known) and legacy sessions that end after {@value #IDLE_SECONDS} s without
 * a request or an open stream: a stalled session whose stream the server ended then drops its
 * subscriptions, so that {@code changed} reaches nobody once every stalled stream of either era
 * ended. Besides the application it serves, under {@code /api/admin}:
 *
 * <ul>
 *   <li>{@code GET heap}: the live heap after full collections, in bytes;
 *   <li>{@code POST burst?prefix=P&count=N}: {@value #WRITERS} writers change {@code P0} to {@code
 *       P(N-1)} once each, as fast as they can; answers, once they are done, how many subscribers
 *       they told;
 *   <li>{@code POST change?uri=U}: one change of {@code U}.
 * </ul>
 *
 * Prints {@code listening <port>} once it serves.
 */
final class ServletHeapServer {
  static final int SEND_BUFFER = 64 * 1024;
  static final int IDLE_SECONDS = 2;
  static final int WRITERS = 2;

  private ServletHeapServer() {}

  @Path("/admin")
  public static class Admin {
    @Inject McpChanges changes;

    @GET
    @Path("/heap")
    @Produces("text/plain")
    public String heap() {
      // what the heap pools held right after a full collection: the smallest of three, as other
      // threads (delivery, writers) may allocate between one collection and the next
      long least = Long.MAX_VALUE;
      for (int i = 0; i < 3; i++) {
        System.gc();
        least =
            Math.min(
                least,
                ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(p -> p.getType() == MemoryType.HEAP && p.getCollectionUsage() != null)
                    .map(MemoryPoolMXBean::getCollectionUsage)
                    .mapToLong(usage -> usage.getUsed())
                    .sum());
      }
      return Long.toString(least);
    }

    @POST
    @Path("/burst")
    @Produces("text/plain")
    public String burst(@QueryParam("prefix") String prefix, @QueryParam("count") int count)
        throws InterruptedException {
      AtomicInteger told = new AtomicInteger();
      Thread[] writers = new Thread[WRITERS];
      for (int w = 0; w < WRITERS; w++) {
        int first = w;
        writers[w] =
            new Thread(
                () -> {
                  for (int i = first; i < count; i += WRITERS) {
                    told.addAndGet(changes.changed(prefix + i));
                  }
                },
                "burst-writer-" + w);
        writers[w].start();
      }
      for (Thread writer : writers) {
        writer.join();
      }
      return Integer.toString(told.get());
    }

    @POST
    @Path("/change")
    @Produces("text/plain")
    public String change(@QueryParam("uri") String uri) {
      return Integer.toString(changes.changed(uri));
    }
  }

  public static void main(String[] args) throws Exception {
    ServletServer.Kind kind = ServletServer.Kind.valueOf(args[0]);
    long maxUnsent = args.length > 1 ? Long.parseLong(args[1]) : 1 << 20;
    ServletApp app =
        new ServletApp(
            IdentityHolder.Mode.PLAIN,
            builder ->
                builder
                    .debounce(Duration.ZERO)
                    .maxUnsentBytes(maxUnsent)
                    .sessionIdleTimeout(Duration.ofSeconds(IDLE_SECONDS))
                    .watch("app://items/{id}", McpWatcher.pushed()),
            ServletStalledClientsTest.Items.class,
            Admin.class);
    try (ServletServer server = kind.start(app, SEND_BUFFER)) {
      System.out.println("listening " + server.base().getPort());
      System.out.flush();
      new CountDownLatch(1).await(); // until the test ends the process
    }
  }
}
