package dev.jaxrsmcp.processor;

import dev.jaxrsmcp.internal.processor.McpResourceProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles source strings with the jaxrs-mcp annotation processor, as a user's build would. */
final class Javac {
  /** What a compilation produced: success, error messages, and the class output folder. */
  record Result(boolean success, List<String> errors, Path output) {
    String generated(String resource) {
      try {
        return Files.readString(output.resolve(resource));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private Javac() {}

  static Result compile(Map<String, String> sources) throws IOException {
    return compile(sources, List.of());
  }

  /** Compiles with {@code options} added to javac's (processor options: {@code -Akey=value}). */
  static Result compile(Map<String, String> sources, List<String> options) throws IOException {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path output = Files.createTempDirectory("javac-out");
    List<JavaFileObject> units = new ArrayList<>();
    sources.forEach(
        (name, code) ->
            units.add(
                new SimpleJavaFileObject(
                    URI.create("string:///" + name.replace('.', '/') + ".java"),
                    JavaFileObject.Kind.SOURCE) {
                  @Override
                  public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return code;
                  }
                }));
    try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null, null)) {
      JavaCompiler.CompilationTask task =
          compiler.getTask(
              null,
              files,
              diagnostics,
              Stream.concat(
                      Stream.of(
                          "-classpath",
                          System.getProperty("java.class.path"),
                          "-d",
                          output.toString(),
                          "-Xlint:none"),
                      options.stream())
                  .toList(),
              null,
              units);
      task.setProcessors(List.of(new McpResourceProcessor()));
      boolean success = task.call();
      List<String> errors = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
        if (d.getKind() == Diagnostic.Kind.ERROR) {
          // javac indents a message's continuation lines; undo it to compare with runtime text.
          errors.add(d.getMessage(Locale.ROOT).replaceAll("\n\\s+", "\n    "));
        }
      }
      return new Result(success, errors, output);
    }
  }
}
