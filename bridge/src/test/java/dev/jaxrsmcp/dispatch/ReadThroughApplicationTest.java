package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.endpoint.McpWire;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NameBinding;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Contract section 7: a read runs through the application's own ApplicationHandler, so its
 * pre-matching and name-bound filters, exception mappers, writer interceptors and parameter
 * converters apply exactly as for an HTTP client.
 */
class ReadThroughApplicationTest {
  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  /**
   * Refuses requests without a tenant before any routing happens (the MCP endpoint itself is left
   * open, so that what is recorded is the inner read).
   */
  @PreMatching
  public static class TenantFilter implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (request.getUriInfo().getPath().equals("mcp")) {
        return;
      }
      String tenant = request.getHeaderString("X-Tenant");
      SEEN.add("tenant filter: " + tenant);
      if (tenant == null) {
        request.abortWith(Response.status(403).entity("tenant required").build());
      }
    }
  }

  @NameBinding
  @Retention(RetentionPolicy.RUNTIME)
  public @interface Admins {}

  /** Bound to one annotated method: only admins may read it. */
  @Admins
  public static class AdminFilter implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      SEEN.add("admin filter");
      if (!"admin".equals(request.getHeaderString("X-Role"))) {
        request.abortWith(Response.status(403).entity("admins only").build());
      }
    }
  }

  @NameBinding
  @Retention(RetentionPolicy.RUNTIME)
  public @interface Shouting {}

  @Shouting
  public static class ShoutingInterceptor implements WriterInterceptor {
    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
      OutputStream out = context.getOutputStream();
      context.setOutputStream(
          new OutputStream() {
            @Override
            public void write(int b) throws IOException {
              out.write(Character.toUpperCase((char) b));
            }
          });
      context.proceed();
    }
  }

  public static final class WidgetMissing extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WidgetMissing(String id) {
      super("widget " + id + " is gone");
    }
  }

  public static class WidgetMissingMapper implements ExceptionMapper<WidgetMissing> {
    @Override
    public Response toResponse(WidgetMissing e) {
      return Response.status(410).type("text/plain").entity(e.getMessage()).build();
    }
  }

  public static final class Recovered extends RuntimeException {
    private static final long serialVersionUID = 1L;
  }

  public static class RecoveredMapper implements ExceptionMapper<Recovered> {
    @Override
    public Response toResponse(Recovered e) {
      return Response.ok("recovered by the mapper", "text/plain").build();
    }
  }

  /** A path parameter type only a registered converter understands. */
  public record Sku(String prefix, int number) {}

  public static class SkuConverters implements ParamConverterProvider {
    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(Class<T> raw, Type type, Annotation[] annotations) {
      if (raw != Sku.class) {
        return null;
      }
      return (ParamConverter<T>)
          new ParamConverter<Sku>() {
            @Override
            public Sku fromString(String value) {
              String[] parts = value.split("-", 2);
              return new Sku(parts[0], Integer.parseInt(parts[1]));
            }

            @Override
            public String toString(Sku value) {
              return value.prefix() + "-" + value.number();
            }
          };
    }
  }

  @Path("/app")
  @Produces("text/plain")
  public static class Routes {
    @GET
    @Path("/open")
    @McpResource(uri = "app://open")
    public String open(@HeaderParam("X-Tenant") String tenant) {
      SEEN.add("open ran");
      return "tenant " + tenant;
    }

    @GET
    @Path("/admin")
    @Admins
    @McpResource(uri = "app://admin")
    public String admin() {
      SEEN.add("admin ran");
      return "admin data";
    }

    @GET
    @Path("/loud")
    @Shouting
    @McpResource(uri = "app://loud")
    public String loud() {
      return "quiet words";
    }

    @GET
    @Path("/widgets/{id}")
    @McpResource(uri = "app://widgets/{id}")
    public String widget(@PathParam("id") String id) {
      if (id.equals("recover")) {
        throw new Recovered();
      }
      throw new WidgetMissing(id);
    }

    @GET
    @Path("/skus/{sku}")
    @McpResource(uri = "app://skus/{sku}")
    public String sku(@PathParam("sku") Sku sku) {
      return sku.prefix() + " #" + sku.number();
    }

    @GET
    @Path("/counts/{n}")
    @McpResource(uri = "app://counts/{n}")
    public String count(@PathParam("n") long n) {
      return "n+1=" + (n + 1);
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(
                    Routes.class,
                    TenantFilter.class,
                    AdminFilter.class,
                    ShoutingInterceptor.class,
                    WidgetMissingMapper.class,
                    RecoveredMapper.class,
                    SkuConverters.class)
                .register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void reset() {
    SEEN.clear();
  }

  private static JsonNode read(String uri, String... headers) {
    var request =
        mcp.request("resources/read", uri)
            .body(Mcp.body(1, "resources/read", java.util.Map.of("uri", uri)).toString());
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return McpWire.json(request.post(mcp.url()).then().statusCode(200).extract().response());
  }

  @Test
  void preMatchingFilterRunsForReads() {
    JsonNode json = read("app://open", "X-Tenant", "acme");

    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("tenant acme");
    assertThat(SEEN).containsExactly("tenant filter: acme", "open ran");
  }

  @Test
  void preMatchingFilterCanRefuseARead() {
    JsonNode json = read("app://open");

    assertThat(json.at("/error/message").textValue()).isEqualTo("403 Forbidden: tenant required");
    assertThat(SEEN).containsExactly("tenant filter: null");
  }

  @Test
  void nameBoundFilterOnTheAnnotatedMethodRunsForReads() {
    JsonNode json = read("app://admin", "X-Tenant", "acme", "X-Role", "admin");

    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("admin data");
    assertThat(SEEN).containsExactly("tenant filter: acme", "admin filter", "admin ran");
  }

  @Test
  void nameBoundFilterCanRefuseARead() {
    JsonNode json = read("app://admin", "X-Tenant", "acme", "X-Role", "guest");

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32602);
    assertThat(json.at("/error/message").textValue()).isEqualTo("403 Forbidden: admins only");
    assertThat(SEEN).containsExactly("tenant filter: acme", "admin filter");
  }

  @Test
  void nameBoundFilterDoesNotRunForOtherMethods() {
    read("app://open", "X-Tenant", "acme");

    assertThat(SEEN).doesNotContain("admin filter");
  }

  @Test
  void writerInterceptorShapesTheContents() {
    JsonNode json = read("app://loud", "X-Tenant", "acme");

    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("QUIET WORDS");
  }

  @Test
  void exceptionMappersResponseIsWhatTheReadMaps() {
    JsonNode json = read("app://widgets/9", "X-Tenant", "acme");

    assertThat(json.at("/error").toString())
        .isEqualTo(
            "{\"code\":-32602,\"message\":\"410 Gone: widget 9 is gone\","
                + "\"data\":{\"status\":410,\"uri\":\"app://widgets/9\"}}");
  }

  @Test
  void exceptionMapperMayTurnAFailureIntoContents() {
    JsonNode json = read("app://widgets/recover", "X-Tenant", "acme");

    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("recovered by the mapper");
  }

  @Test
  void parameterConverterReceivesTheDecodedValue() {
    JsonNode json = read("app://skus/A%2FB-42", "X-Tenant", "acme");

    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("A/B #42");
  }

  @Test
  void parameterConversionOfANumber() {
    JsonNode json = read("app://counts/41", "X-Tenant", "acme");

    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("n+1=42");
  }

  @Test
  void valueThePathParameterCannotTakeIsResourceNotFound() {
    JsonNode json = read("app://counts/many", "X-Tenant", "acme");

    assertThat(json.at("/error").toString())
        .isEqualTo(
            "{\"code\":-32602,\"message\":\"Resource not found\","
                + "\"data\":{\"uri\":\"app://counts/many\",\"reason\":\"path variable 'n' must be"
                + " an integer from -9223372036854775808 to 9223372036854775807 (found 'many')\"}}");
  }

  @Test
  void routesKeepWorkingOverPlainHttp() {
    String body =
        io.restassured.RestAssured.given()
            .header("X-Tenant", "acme")
            .get(server.baseUri() + "app/loud")
            .then()
            .statusCode(200)
            .extract()
            .asString();

    assertThat(body.getBytes(StandardCharsets.UTF_8))
        .isEqualTo("QUIET WORDS".getBytes(StandardCharsets.UTF_8));
  }
}
