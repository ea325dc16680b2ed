package dev.jaxrsmcp.appservers.tomcat;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.appservers.AppServerContract;
import dev.jaxrsmcp.appservers.Deployment;
import dev.jaxrsmcp.appservers.DirectGet;
import dev.jaxrsmcp.test.McpTestClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Principal;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.catalina.Context;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.realm.GenericPrincipal;
import org.apache.catalina.realm.RealmBase;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.LoginConfig;
import org.apache.tomcat.util.descriptor.web.SecurityCollection;
import org.apache.tomcat.util.descriptor.web.SecurityConstraint;
import org.apache.tomcat.util.scan.StandardJarScanner;
import org.junit.jupiter.api.Test;

/**
 * The WAR file deployed on Tomcat as Tomcat deploys a WAR ({@code addWebapp}: the context's
 * ContextConfig scans annotations and runs the WAR's initializers, so Jersey's deploys the
 * {@code @ApplicationPath} class, and the servlet filter is found by its {@code @WebFilter}): at
 * {@code /app} plain, where the contract's tests run; at {@code /basic} behind container-managed
 * BASIC auth whose constraint covers {@code /api/id/*} only (the trap); at {@code /preemptive} with
 * the same constraint and preemptive authentication; at {@code /covered} with a constraint that
 * also covers {@code /api/mcp}. One Tomcat for all.
 */
class TomcatWarIT extends AppServerContract {
  private static final String ALICE = "alice";
  private static final String ALICE_PASSWORD = "alice-password";

  private Tomcat tomcat;
  private URI root;

  @Override
  protected Deployment deploy() throws Exception {
    Path target = Path.of(System.getProperty("server.directory"));
    String war = System.getProperty("app.war");
    tomcat = new Tomcat();
    Path baseDir = Files.createTempDirectory(target, "tomcat");
    Files.createDirectories(baseDir.resolve("webapps")); // where each WAR is expanded
    tomcat.setBaseDir(baseDir.toString());
    tomcat.setPort(0);
    tomcat.getConnector().setProperty("address", "127.0.0.1");
    tomcat.getHost().setAutoDeploy(false);
    webapp("/app", war);
    secured(webapp("/basic", war), "/api/id/*");
    ((StandardContext) secured(webapp("/preemptive", war), "/api/id/*"))
        .setPreemptiveAuthentication(true);
    secured(webapp("/covered", war), "/api/id/*", "/api/mcp");
    tomcat.start();
    root = URI.create("http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/");
    URI base = root.resolve("app/api/");
    return new Deployment() {
      @Override
      public URI base() {
        return base;
      }

      @Override
      public boolean servlet() {
        return true;
      }

      @Override
      public void close() throws Exception {
        tomcat.stop();
        tomcat.destroy();
      }
    };
  }

  /**
   * The WAR at {@code path}, deployed as Tomcat deploys a WAR; the jars of the tests' own class
   * path are not scanned (a standalone Tomcat has none of them), only the WAR's.
   */
  private Context webapp(String path, String war) {
    Context context = tomcat.addWebapp(path, war);
    ((StandardJarScanner) context.getJarScanner()).setScanClassPath(false);
    return context;
  }

  /** BASIC auth for {@code patterns}, any authenticated user, users from {@link Users}. */
  private static Context secured(Context context, String... patterns) {
    SecurityCollection collection = new SecurityCollection();
    for (String pattern : patterns) {
      collection.addPatternDecoded(pattern);
    }
    SecurityConstraint constraint = new SecurityConstraint();
    constraint.addCollection(collection);
    constraint.addAuthRole("user");
    context.addConstraint(constraint);
    context.addSecurityRole("user");
    context.addSecurityRole("admin");
    LoginConfig login = new LoginConfig();
    login.setAuthMethod("BASIC");
    login.setRealmName("appservers");
    context.setLoginConfig(login);
    context.setRealm(new Users());
    return context;
  }

  /** alice (admin, user) and bob (user), with passwords in plain text. */
  static final class Users extends RealmBase {
    private static final Map<String, String> PASSWORDS =
        Map.of(ALICE, ALICE_PASSWORD, "bob", "bob-password");
    private static final Map<String, List<String>> ROLES =
        Map.of(ALICE, List.of("admin", "user"), "bob", List.of("user"));

    @Override
    protected String getPassword(String username) {
      return PASSWORDS.get(username);
    }

    @Override
    protected Principal getPrincipal(String username) {
      return new GenericPrincipal(username, ROLES.getOrDefault(username, List.of()));
    }
  }

  private static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  private McpTestClient basicClient(String context, boolean modernEra) {
    URI mcp = root.resolve(context + "/api/mcp");
    McpTestClient client = modernEra ? McpTestClient.modern(mcp) : McpTestClient.legacy(mcp);
    return client.asBasic(ALICE, ALICE_PASSWORD);
  }

  /**
   * The trap: the constraint covers the routes, not {@code /api/mcp}, so Tomcat never authenticates
   * the MCP POST. The direct GET with BASIC credentials is alice's; the same credentials on the MCP
   * read reach the route as an anonymous caller: refused (403) where the GET answers 200. Safe, but
   * not what the user meant.
   */
  @Test
  void aConstraintThatLeavesOutMcpLeavesMcpReadsAnonymous() {
    DirectGet direct = new DirectGet(root.resolve("basic/api/"));
    Optional<String> alice = Optional.of(basic(ALICE, ALICE_PASSWORD));
    assertThat(direct.get("id/admin", alice).body()).isEqualTo("admin page for alice");
    assertThat(direct.get("id/principal", alice).body()).isEqualTo("alice admin=true");
    assertThat(direct.get("id/principal", Optional.empty()).status()).isEqualTo(401);
    for (boolean modernEra : new boolean[] {true, false}) {
      McpTestClient mcp = basicClient("basic", modernEra);
      try {
        assertThat(mcp.read("app://id/admin")).isForbidden();
        assertThat(mcp.read("app://id/principal")).isText().isEqualTo("anonymous admin=false");
      } finally {
        mcp.close();
      }
    }
  }

  /**
   * Preemptive authentication, or a constraint that covers /api/mcp: MCP reads of the constrained
   * routes are alice's, as their direct GETs are. (Under the covering constraint an MCP read of a
   * route the constraint leaves open runs as alice too, where its direct GET is anonymous.)
   */
  @Test
  void preemptiveAuthenticationOrACoveringConstraintGiveMcpReadsTheCallersIdentity() {
    Optional<String> alice = Optional.of(basic(ALICE, ALICE_PASSWORD));
    for (String context : List.of("preemptive", "covered")) {
      DirectGet direct = new DirectGet(root.resolve(context + "/api/"));
      for (boolean modernEra : new boolean[] {true, false}) {
        McpTestClient mcp = basicClient(context, modernEra);
        try {
          for (String route : List.of("admin", "principal", "async", "stage")) {
            String path = "id/" + route;
            DirectGet.Answer answer = direct.get(path, alice);
            assertThat(answer.status()).as("GET %s on /%s", path, context).isEqualTo(200);
            assertThat(mcp.read("app://" + path))
                .as("app://%s on /%s", path, context)
                .isText()
                .isEqualTo(answer.body());
          }
        } finally {
          mcp.close();
        }
      }
    }
  }

  /**
   * A client that posts to a route's URL instead of the MCP endpoint's gets Tomcat's HTML error
   * page for the 405 Jersey answers (Jersey's servlet container sends error statuses with {@code
   * sendError}), not an MCP answer.
   */
  @Test
  void aPostToARouteGetsTheContainersHtml405() throws Exception {
    HttpResponse<String> answer =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(
                HttpRequest.newBuilder(root.resolve("app/api/id/principal"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).isEqualTo(405);
    assertThat(answer.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
    assertThat(answer.body()).contains("405");
  }
}
