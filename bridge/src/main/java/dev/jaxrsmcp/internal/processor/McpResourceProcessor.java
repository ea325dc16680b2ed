package dev.jaxrsmcp.internal.processor;

import dev.jaxrsmcp.internal.template.RoutePath;
import dev.jaxrsmcp.internal.template.TemplateSyntaxException;
import dev.jaxrsmcp.internal.template.UriTemplate;
import dev.jaxrsmcp.internal.tools.ToolNaming;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Runs inside {@code javac} for every project with the bridge on its class path (registered in
 * {@code META-INF/services}). For each {@code @McpResource} method (directly or through a composed
 * annotation) it records the first sentence of the method's Javadoc in {@value
 * DescriptionKey#RESOURCE}, which the catalogue reads at start-up, and reports as compiler errors
 * the mistakes visible in source: a method that is not {@code @GET}, a template without {@code
 * scheme://} or with adjacent variables, template path variables that are not the route's path
 * parameters (and the reverse), query variables that are not {@code @QueryParam}s, a long-running
 * resource that is also subscribable, an {@code @McpPrompt} that is not {@code @GET} or whose name
 * another prompt has ({@link PromptChecks}), and two tools of the compilation that would have the
 * same name ({@link ToolNaming}; the option {@value #TOOLS_OPTION}{@code =false} turns that check
 * off for an application that turns tools off feature-wide). The same checks run again at start-up.
 */
public final class McpResourceProcessor extends AbstractProcessor {
  private static final String MCP_RESOURCE = "dev.jaxrsmcp.McpResource";
  private static final String GET = "jakarta.ws.rs.GET";
  private static final String PATH = "jakarta.ws.rs.Path";
  private static final String QUERY_PARAM = "jakarta.ws.rs.QueryParam";
  private static final Set<String> HTTP_METHODS =
      Set.of("POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");

  /** The processor option that turns the tool-name check off ({@code -Ajaxrsmcp.tools=false}). */
  public static final String TOOLS_OPTION = "jaxrsmcp.tools";

  private final Map<String, String> descriptions = new TreeMap<>();
  private final Set<ExecutableElement> seen = new HashSet<>();
  private final Set<ExecutableElement> seenPrompt = new HashSet<>();
  private final PromptChecks prompts = new PromptChecks(this::error);

  /** The tools of the compilation, by catalogue order (route path, class, method, parameters). */
  private final Map<String, NamedTool> tools = new TreeMap<>();

  /** A method whose resource is also a tool, as the tool-name check needs it. */
  private record NamedTool(
      ExecutableElement method,
      String methodName,
      String resourceName,
      ToolNaming.Candidate candidate) {}

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of("*");
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(TOOLS_OPTION);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    for (Element root : round.getRootElements()) {
      visitType(root);
    }
    if (round.processingOver()) {
      if (!descriptions.isEmpty()) {
        writeDescriptions();
      }
      if (!"false".equalsIgnoreCase(processingEnv.getOptions().get(TOOLS_OPTION))) {
        checkToolNames();
      }
    }
    return false;
  }

  /** Two tools of this compilation with the same name are an error on the later one. */
  private void checkToolNames() {
    List<NamedTool> all = new ArrayList<>(tools.values());
    ToolNaming.Result naming =
        ToolNaming.name(all.stream().map(NamedTool::candidate).collect(Collectors.toList()));
    for (ToolNaming.Clash clash : naming.clashes()) {
      NamedTool later = all.get(clash.later());
      NamedTool earlier = all.get(clash.earlier());
      error(
          later.method(),
          ToolNaming.clashMessage(
              clash.name(),
              later.resourceName(),
              later.methodName(),
              earlier.resourceName(),
              earlier.methodName()));
    }
  }

  private void visitType(Element type) {
    for (Element member : type.getEnclosedElements()) {
      if (member.getKind() == ElementKind.METHOD) {
        ExecutableElement method = (ExecutableElement) member;
        mcpResource(method).ifPresent(a -> inspect(method, a));
        PromptChecks.of(method)
            .filter(p -> seenPrompt.add(method))
            .ifPresent(p -> prompts.check(method, p, httpMethod(method)));
      } else if (member.getKind().isClass() || member.getKind().isInterface()) {
        visitType(member);
      }
    }
  }

  /** The {@code @McpResource} mirror on a method, directly or through a composed annotation. */
  private Optional<AnnotationMirror> mcpResource(ExecutableElement method) {
    for (AnnotationMirror mirror : method.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(MCP_RESOURCE)) {
        return Optional.of(mirror);
      }
      for (AnnotationMirror meta : type.getAnnotationMirrors()) {
        TypeElement metaType = (TypeElement) meta.getAnnotationType().asElement();
        if (metaType.getQualifiedName().contentEquals(MCP_RESOURCE)) {
          return Optional.of(meta);
        }
      }
    }
    return Optional.empty();
  }

  private void inspect(ExecutableElement method, AnnotationMirror annotation) {
    if (!seen.add(method)) {
      return;
    }
    TypeElement owner = (TypeElement) method.getEnclosingElement();
    String methodName = owner.getSimpleName() + "." + method.getSimpleName();
    String where = "\n    for method " + methodName;
    Map<String, Object> values = values(annotation);

    String description = FirstSentence.of(processingEnv.getElementUtils().getDocComment(method));
    if (!description.isEmpty()) {
      descriptions.put(key(owner, method), description);
    }

    Optional<String> httpMethod = httpMethod(method);
    if (httpMethod.isEmpty() || !httpMethod.get().equals("GET")) {
      error(
          method,
          "@McpResource requires a @GET resource method (found "
              + httpMethod.map(m -> "@" + m).orElse("no HTTP method annotation")
              + ")"
              + where);
      return;
    }
    if (Boolean.TRUE.equals(values.get("longRunning"))
        && Boolean.TRUE.equals(values.get("subscribe"))) {
      error(
          method,
          "a long-running resource cannot be subscribable (found longRunning = true, subscribe ="
              + " true)"
              + where);
    }
    List<String> paths = new ArrayList<>();
    pathOf(owner).ifPresent(paths::add);
    pathOf(method).ifPresent(paths::add);
    RoutePath route = RoutePath.of(RoutePath.join(paths));
    Set<String> queryParams = queryParams(method);
    String uri = (String) values.get("uri");
    boolean derived = uri == null || uri.isEmpty();
    if (derived) {
      String path = route.path().startsWith("/") ? route.path().substring(1) : route.path();
      uri =
          "app://"
              + path
              + (queryParams.isEmpty() ? "" : "{?" + String.join(",", queryParams) + "}");
    }
    if (!Boolean.FALSE.equals(values.get("tool"))) {
      String name = (String) values.get("name");
      String explicit = name == null ? "" : name;
      tools.put(
          route.path() + "\u0000" + key(owner, method),
          new NamedTool(
              method,
              methodName,
              explicit.isEmpty() ? method.getSimpleName().toString() : explicit,
              new ToolNaming.Candidate(
                  explicit,
                  owner.getSimpleName().toString(),
                  method.getSimpleName().toString(),
                  uri)));
    }
    UriTemplate template;
    try {
      template = UriTemplate.parse(uri);
    } catch (TemplateSyntaxException e) {
      String found = derived ? ", derived from the route '" + route.path() + "'" : "";
      error(
          method,
          "invalid URI template: "
              + e.rule()
              + " (found '"
              + e.template()
              + "'"
              + found
              + ")"
              + where);
      return;
    }
    for (String variable : template.pathVariables()) {
      if (!route.variables().contains(variable)) {
        error(
            method,
            "template variable '"
                + variable
                + "' is not a path parameter of the route '"
                + route.path()
                + "' (found '"
                + uri
                + "')"
                + where);
      }
    }
    for (String variable : new LinkedHashSet<>(route.variables())) {
      if (!template.pathVariables().contains(variable)) {
        error(
            method,
            "path parameter '"
                + variable
                + "' of the route '"
                + route.path()
                + "' is missing from the template (found '"
                + uri
                + "')"
                + where);
      }
    }
    for (String variable : template.queryVariables()) {
      if (!queryParams.contains(variable)) {
        error(
            method,
            "query variable '"
                + variable
                + "' is not a @QueryParam of the method (found '"
                + uri
                + "', @QueryParams "
                + queryParams
                + ")"
                + where);
      }
    }
  }

  private Map<String, Object> values(AnnotationMirror annotation) {
    Map<String, Object> values = new TreeMap<>();
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
        processingEnv.getElementUtils().getElementValuesWithDefaults(annotation).entrySet()) {
      values.put(e.getKey().getSimpleName().toString(), e.getValue().getValue());
    }
    return values;
  }

  private static Optional<String> httpMethod(ExecutableElement method) {
    for (AnnotationMirror mirror : method.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(GET)) {
        return Optional.of("GET");
      }
      String simple = type.getSimpleName().toString();
      if (type.getQualifiedName().toString().startsWith("jakarta.ws.rs.")
          && HTTP_METHODS.contains(simple)) {
        return Optional.of(simple);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> pathOf(Element element) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(PATH)) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
            mirror.getElementValues().entrySet()) {
          if (e.getKey().getSimpleName().contentEquals("value")) {
            return Optional.of((String) e.getValue().getValue());
          }
        }
      }
    }
    return Optional.empty();
  }

  private static Set<String> queryParams(ExecutableElement method) {
    Set<String> names = new LinkedHashSet<>();
    for (VariableElement parameter : method.getParameters()) {
      for (AnnotationMirror mirror : parameter.getAnnotationMirrors()) {
        TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
        if (type.getQualifiedName().contentEquals(QUERY_PARAM)) {
          mirror.getElementValues().values().forEach(v -> names.add((String) v.getValue()));
        }
      }
    }
    return names;
  }

  private String key(TypeElement owner, ExecutableElement method) {
    String parameters =
        method.getParameters().stream()
            .map(p -> processingEnv.getTypeUtils().erasure(p.asType()).toString())
            .collect(Collectors.joining(","));
    return DescriptionKey.of(
        processingEnv.getElementUtils().getBinaryName(owner).toString(),
        method.getSimpleName().toString(),
        parameters);
  }

  private void error(Element element, String message) {
    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, element);
  }

  private void writeDescriptions() {
    try {
      FileObject file =
          processingEnv
              .getFiler()
              .createResource(StandardLocation.CLASS_OUTPUT, "", DescriptionKey.RESOURCE);
      try (Writer out = file.openWriter()) {
        out.write("# Written by jaxrs-mcp's annotation processor: first sentences of Javadoc.\n");
        for (Map.Entry<String, String> e : descriptions.entrySet()) {
          out.write(escape(e.getKey()) + "=" + escape(e.getValue()) + "\n");
        }
      }
    } catch (IOException e) {
      processingEnv
          .getMessager()
          .printMessage(
              Diagnostic.Kind.WARNING,
              "jaxrs-mcp could not write " + DescriptionKey.RESOURCE + ": " + e.getMessage());
    }
  }

  /** Properties-file escaping, ASCII-safe. */
  private static String escape(String text) {
    StringBuilder out = new StringBuilder();
    for (char c : text.toCharArray()) {
      switch (c) {
        case '\\', '=', ':', '#', '!' -> out.append('\\').append(c);
        case ' ' -> out.append(out.isEmpty() ? "\\ " : " ");
        default -> {
          if (c < 0x20 || c > 0x7E) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }
}
