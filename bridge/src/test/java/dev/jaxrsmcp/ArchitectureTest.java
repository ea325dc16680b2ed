package dev.jaxrsmcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rules of docs/architecture.md, checked on the bridge's sources: which package may
 * import which, and where Jersey and JAX-RS types may appear.
 */
class ArchitectureTest {
  private static final Path SOURCES = Path.of("src/main/java");
  private static final String ROOT = "dev.jaxrsmcp";
  private static final Pattern IMPORT =
      Pattern.compile("^import (?:static )?([\\w.]+)\\s*;", Pattern.MULTILINE);

  /** Packages that may use Jersey, HK2 and JAX-RS types: the installer, the two Jersey edges. */
  private static final Set<String> JERSEY_PACKAGES =
      Set.of(
          "(root)", // McpFeature is a JAX-RS Feature; McpChanges is injectable
          "internal", // the installer
          "internal.scan", // reads Jersey's resource model while the application starts
          "internal.endpoint", // the HTTP edge, in rooms
          "internal.install",
          "internal.read",
          "internal.envelope",
          "internal.longrun",
          "internal.stream",
          "internal.dispatch");

  /** Project types each file imports, by the file's package (relative to the root package). */
  private static Map<String, Map<String, Set<String>>> imports;

  @BeforeAll
  static void read() throws IOException {
    imports = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES.resolve(ROOT.replace('.', '/')))) {
      for (Path file :
          (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        String pkg = packageOf(file);
        Set<String> imported =
            imports
                .computeIfAbsent(pkg, p -> new TreeMap<>())
                .computeIfAbsent(file.getFileName().toString(), f -> new TreeSet<>());
        Matcher m = IMPORT.matcher(read(file));
        while (m.find()) {
          imported.add(m.group(1));
        }
      }
    }
    assertThat(imports).as("the sources were found").containsKeys("(root)", "internal.template");
  }

  @Test
  void noImportCycleAmongTheInternalPackages() {
    Map<String, Set<String>> graph = new TreeMap<>();
    imports.forEach(
        (pkg, files) -> {
          if (pkg.startsWith("internal")) {
            Set<String> to = graph.computeIfAbsent(pkg, p -> new TreeSet<>());
            files.values().stream()
                .flatMap(Set::stream)
                .map(ArchitectureTest::projectPackage)
                .filter(p -> p.startsWith("internal") && !p.equals(pkg))
                .forEach(to::add);
          }
        });
    assertThat(cycles(graph)).as("import cycles").isEmpty();
  }

  @Test
  void templateAndJsonRpcDependOnNothingElseInTheProject() {
    for (String pkg : List.of("internal.template", "internal.jsonrpc")) {
      imports
          .get(pkg)
          .forEach(
              (file, imported) ->
                  assertThat(imported)
                      .as("%s/%s imports", pkg, file)
                      .noneMatch(i -> i.startsWith(ROOT + ".") && !projectPackage(i).equals(pkg)));
    }
  }

  @Test
  void onlyTheInstallerAndTheJerseyEdgesImportJerseyOrJaxRs() {
    List<String> found = new ArrayList<>();
    imports.forEach(
        (pkg, files) -> {
          if (!JERSEY_PACKAGES.contains(pkg)) {
            files.forEach(
                (file, imported) ->
                    imported.stream()
                        .filter(ArchitectureTest::isJersey)
                        .forEach(i -> found.add(pkg + "/" + file + " imports " + i)));
          }
        });
    assertThat(found).isEmpty();
  }

  @Test
  void theApiReachesTheInternalsOnlyThroughTheInstallerAndTheSettings() {
    List<String> found = new ArrayList<>();
    imports
        .get("(root)")
        .forEach(
            (file, imported) ->
                imported.stream()
                    .filter(i -> i.startsWith(ROOT + ".internal."))
                    .filter(
                        i ->
                            !i.equals(ROOT + ".internal.McpRuntime")
                                && !i.startsWith(ROOT + ".internal.settings.")
                                && !i.equals(ROOT + ".internal.subscribe.ChangeHubs")
                                && !i.equals(ROOT + ".internal.security.Origins")
                                && !i.equals(ROOT + ".internal.tasks.InMemoryTaskStore"))
                    .forEach(i -> found.add(file + " imports " + i)));
    assertThat(found).isEmpty();
  }

  private static boolean isJersey(String imported) {
    return imported.startsWith("org.glassfish.")
        || imported.startsWith("jakarta.ws.rs.")
        || imported.startsWith("jakarta.inject.");
  }

  /** {@code dev.jaxrsmcp.internal.scan.EntryFactory} → {@code internal.scan}. */
  private static String projectPackage(String type) {
    if (!type.startsWith(ROOT + ".")) {
      return "";
    }
    String[] parts = type.substring(ROOT.length() + 1).split("\\.");
    StringBuilder pkg = new StringBuilder();
    for (String part : parts) {
      if (Character.isUpperCase(part.charAt(0))) {
        break;
      }
      pkg.append(pkg.length() == 0 ? "" : ".").append(part);
    }
    return pkg.length() == 0 ? "(root)" : pkg.toString();
  }

  private static String packageOf(Path file) {
    Path dir = SOURCES.resolve(ROOT.replace('.', '/')).relativize(file.getParent());
    return dir.toString().isEmpty() ? "(root)" : dir.toString().replace('/', '.');
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Each cycle as "a -> b -> a", found by depth-first search. */
  private static Set<String> cycles(Map<String, Set<String>> graph) {
    Set<String> found = new TreeSet<>();
    for (String start : graph.keySet()) {
      walk(graph, start, new ArrayList<>(List.of(start)), found);
    }
    return found;
  }

  private static void walk(
      Map<String, Set<String>> graph, String at, List<String> path, Set<String> found) {
    for (String next : graph.getOrDefault(at, Set.of())) {
      if (next.equals(path.get(0))) {
        found.add(String.join(" -> ", path) + " -> " + next);
      } else if (!path.contains(next) && next.compareTo(path.get(0)) > 0) {
        path.add(next);
        walk(graph, next, path, found);
        path.remove(path.size() - 1);
      }
    }
  }
}
