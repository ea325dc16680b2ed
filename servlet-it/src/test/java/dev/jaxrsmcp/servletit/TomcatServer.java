package dev.jaxrsmcp.servletit;

import java.net.URI;
import java.nio.file.Files;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.glassfish.jersey.servlet.ServletContainer;

/**
 * Embedded Tomcat (11 on Jersey 4.0, 10.1 on Jersey 3.1) with Jersey's {@link ServletContainer} at
 * {@code /api/*}, async supported.
 */
final class TomcatServer implements ServletServer {
  private final Tomcat tomcat;
  private final URI base;

  private TomcatServer(Tomcat tomcat, URI base) {
    this.tomcat = tomcat;
    this.base = base;
  }

  static TomcatServer start(ServletApp app) throws Exception {
    return start(app, "127.0.0.1");
  }

  /** The same, listening on {@code address} (an IP literal; {@code 0.0.0.0}: every address). */
  static TomcatServer start(ServletApp app, String address) throws Exception {
    return start(app, address, java.util.Map.of());
  }

  /** The same, with these connector attributes ({@code maxSwallowSize}, ...). */
  static TomcatServer start(ServletApp app, String address, java.util.Map<String, String> connector)
      throws Exception {
    return start(app, address, connector, new org.apache.catalina.Valve[0]);
  }

  /** The same, with these valves in the application context's pipeline (an access log, ...). */
  static TomcatServer start(
      ServletApp app,
      String address,
      java.util.Map<String, String> connector,
      org.apache.catalina.Valve... valves)
      throws Exception {
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(Files.createTempDirectory("servlet-it-tomcat").toString());
    tomcat.setPort(0);
    tomcat.getConnector().setProperty("address", address);
    connector.forEach((name, value) -> tomcat.getConnector().setProperty(name, value));
    Context context = tomcat.addContext("", null);
    for (org.apache.catalina.Valve valve : valves) {
      context.getPipeline().addValve(valve);
    }

    FilterDef auth = new FilterDef();
    auth.setFilterName("auth");
    auth.setFilter(app.filter);
    auth.setAsyncSupported("true");
    context.addFilterDef(auth);
    FilterMap map = new FilterMap();
    map.setFilterName("auth");
    map.addURLPattern("/*");
    context.addFilterMap(map);

    Wrapper jersey =
        Tomcat.addServlet(context, "jersey", new ServletContainer(app.resourceConfig()));
    jersey.setAsyncSupported(true);
    context.addServletMappingDecoded(ServletApp.MAPPING, "jersey");
    tomcat.start();
    int port = tomcat.getConnector().getLocalPort();
    return new TomcatServer(tomcat, URI.create("http://127.0.0.1:" + port + "/api/"));
  }

  @Override
  public URI base() {
    return base;
  }

  @Override
  public void close() throws Exception {
    tomcat.stop();
    tomcat.destroy();
  }
}
