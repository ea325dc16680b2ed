package dev.jaxrsmcp.bench;

import java.nio.file.Files;
import java.util.concurrent.CountDownLatch;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.glassfish.jersey.servlet.ServletContainer;

/**
 * The same server under test as {@link BridgeServer} (the demo application, {@link BenchRoutes},
 * {@link FloodRoutes}, {@link AdminRoutes}), deployed as a servlet container deploys it: Jersey's
 * {@link ServletContainer} at {@code /*} in embedded Tomcat 11, async supported, at 127.0.0.1. So
 * that the slow-consumer run compares containers and not settings, the connector gets the
 * counterparts of the demo's Grizzly settings (docs/deployment.md's table): {@value #THREADS}
 * threads, a {@value #CONNECTION_TIMEOUT_MS} ms {@code connectionTimeout} (the demo's write
 * timeout; it is also the NIO connector's blocking-write timeout), a {@value
 * #KEEP_ALIVE_TIMEOUT_MS} ms {@code keepAliveTimeout}, no limit on requests per keep-alive
 * connection (as {@link BridgeServer}) and no request body remainder swallowed. It also sets {@code
 * processorCache="0"}, as docs/deployment.md advises for long-lived streams: with Tomcat's default
 * cache, a processor whose connection failed under a writer thread now and then carried that
 * failure to the next connection, and one to three of the run's 20 healthy listens opened after a
 * phase of stalled clients went unanswered. Prints {@code READY port=N} once it listens. Argument:
 * the port (0: any free one).
 */
public final class TomcatBridgeServer {
  static final int THREADS = 64;
  static final int CONNECTION_TIMEOUT_MS = 15_000;
  static final int KEEP_ALIVE_TIMEOUT_MS = 30_000;

  private TomcatBridgeServer() {}

  public static void main(String[] args) throws Exception {
    BridgeServer.quietAccessRecord();
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(Files.createTempDirectory("bench-tomcat").toString());
    tomcat.setPort(port);
    Connector connector = tomcat.getConnector();
    connector.setProperty("address", ReadScenario.HOST);
    connector.setProperty("maxThreads", Integer.toString(THREADS));
    connector.setProperty("connectionTimeout", Integer.toString(CONNECTION_TIMEOUT_MS));
    connector.setProperty("keepAliveTimeout", Integer.toString(KEEP_ALIVE_TIMEOUT_MS));
    connector.setProperty("maxKeepAliveRequests", "-1");
    connector.setProperty("maxSwallowSize", "0");
    connector.setProperty("processorCache", "0");
    Context context = tomcat.addContext("", null);
    Wrapper jersey =
        Tomcat.addServlet(context, "jersey", new ServletContainer(BridgeServer.application()));
    jersey.setAsyncSupported(true);
    context.addServletMappingDecoded("/*", "jersey");
    tomcat.start();
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    tomcat.stop();
                    tomcat.destroy();
                  } catch (Exception e) {
                    // the JVM ends anyway
                  }
                  stop.countDown();
                }));
    System.out.println(ChildJvm.READY + connector.getLocalPort());
    System.out.flush();
    stop.await();
  }
}
