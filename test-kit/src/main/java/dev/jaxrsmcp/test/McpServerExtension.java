package dev.jaxrsmcp.test;

import dev.jaxrsmcp.test.internal.EmbeddedServer;
import jakarta.ws.rs.core.Application;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension that runs your Jersey application on embedded Grizzly at 127.0.0.1 on a free
 * port, or points at a server that already runs, and hands tests an {@link McpTestClient}.
 *
 * <pre>{@code
 * class WidgetsMcpTest {
 *   @RegisterExtension
 *   static final McpServerExtension server = McpServerExtension.of(WidgetsApplication::create);
 *
 *   @Test
 *   void ownerReadsState(McpTestClient mcp) {
 *     assertThat(mcp.as("Bearer demo-token").read("app://widgets/1/state")).isText().contains("heat");
 *   }
 * }
 * }</pre>
 *
 * Registered on a {@code static} field, one server serves the whole class; on an instance field,
 * each test gets a fresh server (and a fresh application from the supplier). A test method
 * parameter of type {@link McpTestClient} receives {@link #modern()} (with two extensions in scope
 * the parameter is ambiguous: ask one of them); use {@link #legacy()} for a legacy-era session.
 */
public final class McpServerExtension
    implements BeforeAllCallback,
        AfterAllCallback,
        BeforeEachCallback,
        AfterEachCallback,
        ParameterResolver {
  private final Optional<Supplier<? extends Application>> application;
  private final Optional<Supplier<URI>> running;
  private final String path;

  private Optional<EmbeddedServer> server = Optional.empty();
  private int classLevels;
  private boolean perTest;

  private McpServerExtension(
      Optional<Supplier<? extends Application>> application,
      Optional<Supplier<URI>> running,
      String path) {
    this.application = application;
    this.running = running;
    this.path = path;
  }

  /**
   * Starts the application {@code application} supplies (a {@code ResourceConfig} or any JAX-RS
   * {@link Application} registering {@code McpFeature}); MCP at {@code /mcp}.
   */
  public static McpServerExtension of(Supplier<? extends Application> application) {
    Objects.requireNonNull(application, "application");
    return new McpServerExtension(Optional.of(application), Optional.empty(), "mcp");
  }

  /**
   * Starts nothing: tests talk to the server already running at {@code baseUri} (for example {@code
   * http://127.0.0.1:8080/}), MCP at {@code /mcp} under it.
   */
  public static McpServerExtension at(URI baseUri) {
    Objects.requireNonNull(baseUri, "baseUri");
    URI base = withSlash(baseUri);
    return new McpServerExtension(Optional.empty(), Optional.of(() -> base), "mcp");
  }

  /**
   * Starts nothing: tests talk to a server whose base URI is known only once it runs, asked of
   * {@code baseUri} on each use; for a server the test class starts itself in {@code @BeforeAll} (a
   * process on a free port, a container):
   *
   * <pre>{@code
   * static MyServerProcess app; // your own: started in @BeforeAll, on a free port
   *
   * @RegisterExtension
   * static final McpServerExtension server = McpServerExtension.at(() -> app.baseUri());
   * }</pre>
   */
  public static McpServerExtension at(Supplier<URI> baseUri) {
    Objects.requireNonNull(baseUri, "baseUri");
    return new McpServerExtension(
        Optional.empty(),
        Optional.of(
            () ->
                withSlash(
                    Objects.requireNonNull(
                        baseUri.get(), "the base URI supplier of McpServerExtension.at"))),
        "mcp");
  }

  private static URI withSlash(URI baseUri) {
    String base = baseUri.toString();
    return URI.create(base.endsWith("/") ? base : base + "/");
  }

  /** A copy whose MCP endpoint is at {@code path} under the base URI (as set in McpFeature). */
  public McpServerExtension endpointPath(String path) {
    String relative = path.startsWith("/") ? path.substring(1) : path;
    if (relative.isEmpty()) {
      throw new IllegalArgumentException("endpointPath must not be empty (found '" + path + "')");
    }
    return new McpServerExtension(application, running, relative);
  }

  /** The root URL of the application, for example {@code http://127.0.0.1:40123/}. */
  public URI baseUri() {
    return running
        .map(Supplier::get)
        .orElseGet(
            () ->
                server
                    .orElseThrow(
                        () ->
                            new IllegalStateException(
                                "the server is not running: register McpServerExtension with"
                                    + " @RegisterExtension and use it inside a test or a"
                                    + " @BeforeEach/@BeforeAll that runs after it started"))
                    .baseUri());
  }

  /** The MCP endpoint's URL. */
  public URI endpoint() {
    return baseUri().resolve(path);
  }

  /** A modern-era (2026-07-28) client of the endpoint. */
  public McpTestClient modern() {
    return McpTestClient.modern(endpoint());
  }

  /** A legacy-era (2025-11-25) client of the endpoint: a session of its own. */
  public McpTestClient legacy() {
    return McpTestClient.legacy(endpoint());
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (classLevels++ == 0) {
      start();
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (--classLevels == 0) {
      stop();
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (classLevels == 0) {
      perTest = true;
      start();
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (perTest) {
      perTest = false;
      stop();
    }
  }

  private void start() {
    application.ifPresent(app -> server = Optional.of(EmbeddedServer.start(app.get())));
  }

  private void stop() {
    server.ifPresent(EmbeddedServer::close);
    server = Optional.empty();
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == McpTestClient.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return modern();
  }
}
