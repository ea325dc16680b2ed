package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.endpoint.McpWire;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Contract section 7: a read's entity is written by the writer its route's {@code GET} would get,
 * chosen by the entity's class, generic type, the route method's annotations and the media type
 * (here each route's writer is the only one that takes its entity with these). The bridge remembers
 * that choice, so each is read several times, interleaved, and every read must still get its own
 * route's writer.
 */
class RouteWriterChoiceTest {
  /** Makes {@link ShoutWriter} write in capitals. */
  @Retention(RetentionPolicy.RUNTIME)
  public @interface Loud {}

  /** An entity only the application's own writers take. */
  public record Shout(String words) {}

  @Path("/w")
  public static class Routes {
    @GET
    @Path("/quiet")
    @Produces("text/plain")
    @McpResource(uri = "app://quiet")
    public Shout quiet() {
      return new Shout("Hello There");
    }

    @GET
    @Path("/loud")
    @Produces("text/plain")
    @Loud
    @McpResource(uri = "app://loud")
    public Shout loud() {
      return new Shout("Hello There");
    }

    @GET
    @Path("/csv")
    @Produces("text/csv")
    @McpResource(uri = "app://csv")
    public Shout csv() {
      return new Shout("Hello There");
    }

    @GET
    @Path("/names")
    @Produces("text/plain")
    @McpResource(uri = "app://names")
    public List<String> names() {
      return List.of("a", "b");
    }

    @GET
    @Path("/numbers")
    @Produces("text/plain")
    @McpResource(uri = "app://numbers")
    public List<Integer> numbers() {
      return List.of(1, 2);
    }
  }

  /** Plain text, as it is, for a route method that is not {@link Loud}. */
  @Produces("text/plain")
  public static class QuietWriter implements MessageBodyWriter<Shout> {
    @Override
    public boolean isWriteable(
        Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
      return type == Shout.class && Arrays.stream(annotations).noneMatch(a -> a instanceof Loud);
    }

    @Override
    public void writeTo(
        Shout shout,
        Class<?> type,
        Type genericType,
        Annotation[] annotations,
        MediaType mediaType,
        MultivaluedMap<String, Object> headers,
        OutputStream out)
        throws java.io.IOException {
      out.write(shout.words().getBytes(StandardCharsets.UTF_8));
    }
  }

  /** Plain text in capitals, only for a {@link Loud} route method. */
  @Produces("text/plain")
  public static class LoudWriter implements MessageBodyWriter<Shout> {
    @Override
    public boolean isWriteable(
        Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
      return type == Shout.class && Arrays.stream(annotations).anyMatch(a -> a instanceof Loud);
    }

    @Override
    public void writeTo(
        Shout shout,
        Class<?> type,
        Type genericType,
        Annotation[] annotations,
        MediaType mediaType,
        MultivaluedMap<String, Object> headers,
        OutputStream out)
        throws java.io.IOException {
      out.write(shout.words().toUpperCase(java.util.Locale.ROOT).getBytes(StandardCharsets.UTF_8));
    }
  }

  /** CSV: the words as cells. */
  @Produces("text/csv")
  public static class CsvWriter implements MessageBodyWriter<Shout> {
    @Override
    public boolean isWriteable(
        Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
      return type == Shout.class;
    }

    @Override
    public void writeTo(
        Shout shout,
        Class<?> type,
        Type genericType,
        Annotation[] annotations,
        MediaType mediaType,
        MultivaluedMap<String, Object> headers,
        OutputStream out)
        throws java.io.IOException {
      out.write(shout.words().replace(' ', ',').getBytes(StandardCharsets.UTF_8));
    }
  }

  /** A list of one element type, by its generic type. */
  @Produces("text/plain")
  public abstract static class ListWriter implements MessageBodyWriter<List<?>> {
    private final Class<?> element;
    private final String separator;

    ListWriter(Class<?> element, String separator) {
      this.element = element;
      this.separator = separator;
    }

    @Override
    public boolean isWriteable(
        Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
      return List.class.isAssignableFrom(type)
          && genericType instanceof ParameterizedType p
          && p.getActualTypeArguments()[0] == element;
    }

    @Override
    public void writeTo(
        List<?> list,
        Class<?> type,
        Type genericType,
        Annotation[] annotations,
        MediaType mediaType,
        MultivaluedMap<String, Object> headers,
        OutputStream out)
        throws java.io.IOException {
      StringBuilder text = new StringBuilder();
      for (Object item : list) {
        text.append(text.length() == 0 ? "" : separator).append(item);
      }
      out.write(text.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  public static class StringsWriter extends ListWriter {
    public StringsWriter() {
      super(String.class, " and ");
    }
  }

  public static class NumbersWriter extends ListWriter {
    public NumbersWriter() {
      super(Integer.class, " plus ");
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Routes.class)
                .register(QuietWriter.class)
                .register(LoudWriter.class)
                .register(CsvWriter.class)
                .register(StringsWriter.class)
                .register(NumbersWriter.class)
                .register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static String read(String uri) {
    return McpWire.read(mcp, uri).then().statusCode(200).extract().asString();
  }

  private static String result(String uri, String mimeType, String text) {
    return "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
        + "\"contents\":[{\"uri\":\""
        + uri
        + "\",\"mimeType\":\""
        + mimeType
        + "\",\"text\":\""
        + text
        + "\"}],\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"jaxrs-mcp\","
        + "\"version\":\"0.0.0\"}},\"ttlMs\":0,\"cacheScope\":\"private\"}}";
  }

  @Test
  void eachReadGetsItsOwnRoutesWriterTimeAfterTime() {
    for (int round = 0; round < 3; round++) {
      assertThat(read("app://quiet")).isEqualTo(result("app://quiet", "text/plain", "Hello There"));
      assertThat(read("app://loud")).isEqualTo(result("app://loud", "text/plain", "HELLO THERE"));
      assertThat(read("app://csv")).isEqualTo(result("app://csv", "text/csv", "Hello,There"));
      assertThat(read("app://names")).isEqualTo(result("app://names", "text/plain", "a and b"));
      assertThat(read("app://numbers"))
          .isEqualTo(result("app://numbers", "text/plain", "1 plus 2"));
    }
  }
}
