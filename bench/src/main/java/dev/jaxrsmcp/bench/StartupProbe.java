package dev.jaxrsmcp.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.glassfish.jersey.internal.MapPropertiesDelegate;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

/**
 * Startup cost of the catalogue, run in a fresh JVM: generates {@code classes} resource classes of
 * {@code methods} annotated {@code @GET} methods each, compiles them with the system Java compiler,
 * then builds Jersey's {@link ApplicationHandler} over them: once, cold, without the bridge (or
 * with it, given {@code mcp-first}), once the other way, then alternately without and with {@link
 * McpFeature}. The difference is what the bridge adds at startup: scanning the resource model,
 * validating every annotation and building the template index. Prints one {@code key=value} line
 * per figure (milliseconds; the warm builds one line each).
 */
public final class StartupProbe {
  static final int CLASSES = 50;
  static final int METHODS_PER_CLASS = 20;
  private static final int WARM_ROUNDS = 7;
  private static final ObjectMapper JSON = new ObjectMapper();

  private StartupProbe() {}

  public static void main(String[] args) throws Exception {
    int classes = args.length > 0 ? Integer.parseInt(args[0]) : CLASSES;
    int methods = args.length > 1 ? Integer.parseInt(args[1]) : METHODS_PER_CLASS;
    boolean mcpFirst = args.length > 2 && args[2].equals("mcp-first");
    Path dir = Files.createTempDirectory("bench-startup");
    try {
      long t0 = System.nanoTime();
      List<Path> sources = generate(dir.resolve("src"), classes, methods);
      Path out = Files.createDirectories(dir.resolve("classes"));
      compile(sources, out);
      long compiled = System.nanoTime();
      List<Class<?>> resources = load(out, classes);
      print("methods", classes * methods);
      print("generateAndCompileMs", millis(compiled - t0));

      print(mcpFirst ? "coldMcpMs" : "coldPlainMs", millis(build(resources, mcpFirst)));
      build(resources, !mcpFirst);
      long[] plain = new long[WARM_ROUNDS];
      long[] mcp = new long[WARM_ROUNDS];
      for (int i = 0; i < WARM_ROUNDS; i++) {
        plain[i] = build(resources, false);
        mcp[i] = build(resources, true);
      }
      for (int i = 0; i < WARM_ROUNDS; i++) {
        print("warmPlainMs", millis(plain[i]));
        print("warmMcpMs", millis(mcp[i]));
      }
      print("templates", countTemplates(resources));
    } finally {
      TempTree.delete(dir);
    }
  }

  /** Writes the resource classes' sources; returns their paths. */
  static List<Path> generate(Path root, int classes, int methods) throws IOException {
    Path pkg = Files.createDirectories(root.resolve("gen"));
    List<Path> files = new ArrayList<>();
    for (int c = 0; c < classes; c++) {
      String name = className(c);
      StringBuilder src = new StringBuilder();
      src.append("package gen;\n\n")
          .append("import dev.jaxrsmcp.McpResource;\n")
          .append("import jakarta.ws.rs.*;\n\n")
          .append("@Path(\"/")
          .append(name.toLowerCase(Locale.ROOT))
          .append("\")\npublic class ")
          .append(name)
          .append(" {\n");
      for (int m = 0; m < methods; m++) {
        src.append("  @GET\n  @Path(\"/m")
            .append(m)
            .append("/{id}\")\n  @Produces(\"application/json\")\n")
            .append("  @McpResource(description = \"generated method ")
            .append(m)
            .append("\")\n  public String ")
            .append(name.toLowerCase(Locale.ROOT))
            .append("m")
            .append(m)
            .append("(@PathParam(\"id\") String id, @QueryParam(\"q\") String q) {\n")
            .append("    return \"{}\";\n  }\n\n");
      }
      src.append("}\n");
      Path file = pkg.resolve(name + ".java");
      Files.writeString(file, src, StandardCharsets.UTF_8);
      files.add(file);
    }
    return files;
  }

  static void compile(List<Path> sources, Path out) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("no Java compiler: run the benchmark on a JDK, not a JRE");
    }
    List<String> args = new ArrayList<>();
    args.addAll(
        List.of(
            "-d",
            out.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            "-parameters",
            "-proc:none",
            "--release",
            "17"));
    sources.forEach(s -> args.add(s.toString()));
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int status = javac.run(null, errors, errors, args.toArray(new String[0]));
    if (status != 0) {
      throw new IllegalStateException("generated sources did not compile: " + errors);
    }
  }

  static List<Class<?>> load(Path classesDir, int classes) throws Exception {
    URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classesDir.toUri().toURL()}, StartupProbe.class.getClassLoader());
    List<Class<?>> loaded = new ArrayList<>();
    for (int c = 0; c < classes; c++) {
      loaded.add(Class.forName("gen." + className(c), true, loader));
    }
    return loaded;
  }

  /** Nanoseconds to build the application handler over {@code resources}. */
  private static long build(List<Class<?>> resources, boolean mcp) {
    ResourceConfig config = config(resources, mcp);
    long start = System.nanoTime();
    ApplicationHandler handler = new ApplicationHandler(config);
    long took = System.nanoTime() - start;
    if (handler.getConfiguration() == null) {
      throw new IllegalStateException("no application");
    }
    return took;
  }

  private static ResourceConfig config(List<Class<?>> resources, boolean mcp) {
    ResourceConfig config =
        new ResourceConfig()
            .registerClasses(resources.toArray(new Class<?>[0]))
            .property(ServerProperties.WADL_FEATURE_DISABLE, true);
    if (mcp) {
      config.register(McpFeature.builder().name("startup-probe").build());
    }
    return config;
  }

  /** Asks the MCP endpoint for its templates, in-process, page by page, and counts them. */
  private static int countTemplates(List<Class<?>> resources) throws Exception {
    ApplicationHandler handler = new ApplicationHandler(config(resources, true));
    int count = 0;
    String cursor = null;
    do {
      JsonNode result = templatesPage(handler, cursor);
      count += result.path("resourceTemplates").size();
      cursor = result.path("nextCursor").isTextual() ? result.get("nextCursor").asText() : null;
    } while (cursor != null);
    return count;
  }

  private static JsonNode templatesPage(ApplicationHandler handler, String cursor)
      throws Exception {
    URI base = URI.create("http://127.0.0.1/");
    ContainerRequest request =
        new ContainerRequest(
            base,
            base.resolve("mcp"),
            "POST",
            null,
            new MapPropertiesDelegate(),
            handler.getConfiguration());
    request.header("Content-Type", "application/json");
    request.header("Accept", "application/json, text/event-stream");
    request.header("MCP-Protocol-Version", ReadScenario.MODERN_VERSION);
    request.header("Mcp-Method", "resources/templates/list");
    ObjectNode params = JSON.createObjectNode();
    if (cursor != null) {
      params.put("cursor", cursor);
    }
    params
        .putObject("_meta")
        .put("io.modelcontextprotocol/protocolVersion", ReadScenario.MODERN_VERSION)
        .putObject("io.modelcontextprotocol/clientCapabilities");
    ObjectNode message =
        JSON.createObjectNode()
            .put("jsonrpc", "2.0")
            .put("id", 1)
            .put("method", "resources/templates/list");
    message.set("params", params);
    request.setEntityStream(new ByteArrayInputStream(JSON.writeValueAsBytes(message)));
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    ContainerResponse response = handler.apply(request, body).get(60, TimeUnit.SECONDS);
    JsonNode answer = JSON.readTree(body.toByteArray());
    if (response.getStatus() != 200 || !answer.has("result")) {
      throw new IllegalStateException(
          "templates/list answered " + response.getStatus() + ": " + answer);
    }
    return answer.get("result");
  }

  private static String className(int index) {
    return String.format(Locale.ROOT, "C%03d", index);
  }

  private static double millis(long nanos) {
    return nanos / 1e6;
  }

  private static void print(String key, Object value) {
    System.out.println(key + "=" + value);
  }
}
