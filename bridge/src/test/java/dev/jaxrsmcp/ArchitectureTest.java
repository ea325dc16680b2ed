package dev.jaxrsmcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
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
 * The package rules of docs/architecture.md, checked on the bridge's compiled classes: which
 * package may use which, and where Jersey and JAX-RS types may appear. Dependencies are read from
 * each class file's constant pool (the classes it names, and the types in its descriptors and
 * signatures), so a fully qualified name in code counts as much as an import, and so does a
 * constant of another class (javac inlines its value but keeps the class in the pool). A type named
 * only in Javadoc is not a dependency.
 */
class ArchitectureTest {
  private static final Path CLASSES = Path.of("target/classes");
  private static final String ROOT = "dev.jaxrsmcp";

  /** The API's packages beside its root: each a concern the builder takes, using nothing else. */
  private static final Set<String> API_PACKAGES =
      Set.of("changes", "tasks", "observe", "security", "context");

  /** Packages that may use Jersey, HK2 and JAX-RS types: the installer, the Jersey edges. */
  private static final Set<String> JERSEY_PACKAGES =
      Set.of(
          "(root)", // McpFeature is a JAX-RS Feature
          "security", // McpCallerKey reads the JAX-RS request
          "internal", // the runtime that registers the edge
          "internal.scan", // reads Jersey's resource model while the application starts
          "internal.install", // the HTTP edge, in rooms
          "internal.endpoint",
          "internal.read",
          "internal.waiting",
          "internal.envelope",
          "internal.breakoff",
          "internal.longrun",
          "internal.stream",
          "internal.readiness", // finds the container's response in the request scope
          "internal.dispatch",
          "internal.observe"); // request attributes and the filter that records the caller

  /**
   * The rooms of the HTTP edge and, for each, the rooms it may use: each only those below it. The
   * rest of the internals never use them; only the runtime ({@code internal}) does.
   */
  private static final Map<String, Set<String>> ROOMS =
      Map.of(
          "internal.readiness", Set.of(),
          "internal.stream", Set.of("internal.readiness"),
          "internal.breakoff", Set.of(),
          "internal.subscriptions", Set.of("internal.stream"),
          "internal.longrun", Set.of("internal.stream"),
          "internal.envelope", Set.of("internal.breakoff", "internal.longrun", "internal.stream"),
          "internal.waiting", Set.of("internal.longrun", "internal.stream"),
          "internal.read",
              Set.of(
                  "internal.readiness",
                  "internal.waiting",
                  "internal.envelope",
                  "internal.longrun",
                  "internal.stream"),
          "internal.endpoint",
              Set.of(
                  "internal.readiness",
                  "internal.read",
                  "internal.envelope",
                  "internal.longrun",
                  "internal.stream",
                  "internal.subscriptions"),
          "internal.install",
              Set.of(
                  "internal.readiness",
                  "internal.endpoint",
                  "internal.read",
                  "internal.envelope",
                  "internal.longrun",
                  "internal.stream",
                  "internal.subscriptions"));

  /**
   * The protocol's rooms and, for each, the others it may use: the model below everything, the
   * content shaping above it, the methods above that, each era's table on top. Other packages may
   * use any of them.
   */
  private static final Map<String, Set<String>> PROTOCOL_ROOMS =
      Map.of(
          "internal.protocol", Set.of(),
          "internal.content", Set.of("internal.protocol"),
          "internal.methods", Set.of("internal.content", "internal.protocol"),
          "internal.eras", Set.of("internal.methods", "internal.content", "internal.protocol"));

  /** The types each project class uses (binary names, nested classes included), by class. */
  private static Map<String, Set<String>> uses;

  @BeforeAll
  static void read() throws IOException {
    uses = new TreeMap<>();
    try (Stream<Path> files = Files.walk(CLASSES.resolve(ROOT.replace('.', '/')))) {
      for (Path file :
          (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
        String name = CLASSES.relativize(file).toString().replace('/', '.');
        name = name.substring(0, name.length() - ".class".length());
        try (InputStream in = Files.newInputStream(file)) {
          uses.put(name, ConstantPool.typesNamedIn(in));
        }
      }
    }
    assertThat(uses)
        .as("the classes were found")
        .containsKeys(ROOT + ".McpFeature", ROOT + ".internal.template.UriTemplate");
  }

  @Test
  void noCycleAmongTheInternalPackages() {
    Map<String, Set<String>> graph = packageGraph(p -> p.startsWith("internal"));
    assertThat(cycles(graph)).as("package cycles").isEmpty();
  }

  @Test
  void noClassOfTheApiRootIsInACycleWithTheInternals() {
    List<String> found = new ArrayList<>();
    for (Set<String> component : stronglyConnected(classGraph())) {
      boolean api = component.stream().anyMatch(c -> isApi(packageOf(c)));
      boolean internal = component.stream().anyMatch(c -> packageOf(c).startsWith("internal"));
      if (api && internal) {
        found.add(String.join(", ", component));
      }
    }
    assertThat(found).as("classes of the API and the internals that use each other").isEmpty();
  }

  @Test
  void theApiPackagesBesideTheRootUseNothingElseOfTheProject() {
    List<String> found = new ArrayList<>();
    uses.forEach(
        (type, used) -> {
          String from = packageOf(type);
          if (API_PACKAGES.contains(from)) {
            used.stream()
                .filter(u -> isProject(u) && !packageOf(u).equals(from))
                .forEach(u -> found.add(type + " uses " + u));
          }
        });
    assertThat(uses.keySet())
        .as("the API's packages were found")
        .contains(
            ROOT + ".changes.McpChanges",
            ROOT + ".tasks.McpTaskStore",
            ROOT + ".observe.McpObserver");
    assertThat(found).isEmpty();
  }

  @Test
  void templateJsonRpcAndTimeDependOnNothingElseInTheProject() {
    for (String pkg : List.of("internal.template", "internal.jsonrpc", "internal.time")) {
      uses.forEach(
          (type, used) -> {
            if (packageOf(type).equals(pkg)) {
              assertThat(used)
                  .as("%s uses", type)
                  .noneMatch(u -> isProject(u) && !packageOf(u).equals(pkg));
            }
          });
    }
  }

  @Test
  void schemaGenerationDependsOnlyOnTheJsonOfTheProject() {
    uses.forEach(
        (type, used) -> {
          if (packageOf(type).equals("internal.schema")) {
            assertThat(used)
                .as("%s uses", type)
                .noneMatch(
                    u ->
                        isProject(u)
                            && !packageOf(u).equals("internal.schema")
                            && !packageOf(u).equals("internal.jsonrpc"));
          }
        });
  }

  @Test
  void onlyTheInstallerAndTheJerseyEdgesUseJerseyOrJaxRs() {
    List<String> found = new ArrayList<>();
    uses.forEach(
        (type, used) -> {
          if (!JERSEY_PACKAGES.contains(packageOf(type))) {
            used.stream()
                .filter(ArchitectureTest::isJersey)
                .forEach(u -> found.add(type + " uses " + u));
          }
        });
    assertThat(found).isEmpty();
  }

  @Test
  void theApiReachesTheInternalsOnlyThroughTheInstallerAndTheSettings() {
    List<String> found = new ArrayList<>();
    uses.forEach(
        (type, used) -> {
          if (isApi(packageOf(type))) {
            used.stream()
                .filter(u -> u.startsWith(ROOT + ".internal."))
                .filter(
                    u ->
                        !u.equals(ROOT + ".internal.McpRuntime")
                            && !u.startsWith(ROOT + ".internal.settings.")
                            && !u.equals(ROOT + ".internal.subscribe.ChangeHubs")
                            && !u.equals(ROOT + ".internal.security.Origins"))
                .forEach(u -> found.add(type + " uses " + u));
          }
        });
    assertThat(found).isEmpty();
  }

  @Test
  void eachRoomOfTheHttpEdgeUsesOnlyTheRoomsBelowIt() {
    List<String> found = new ArrayList<>();
    uses.forEach(
        (type, used) -> {
          String from = packageOf(type);
          for (String u : used) {
            String to = packageOf(u);
            if (!ROOMS.containsKey(to) || to.equals(from) || from.equals("internal")) {
              continue;
            }
            if (!ROOMS.getOrDefault(from, Set.of()).contains(to)) {
              found.add(type + " uses " + u);
            }
          }
        });
    assertThat(found).isEmpty();
  }

  @Test
  void theProtocolsRoomsUseOnlyTheRoomsBelowThem() {
    List<String> found = new ArrayList<>();
    uses.forEach(
        (type, used) -> {
          String from = packageOf(type);
          if (PROTOCOL_ROOMS.containsKey(from)) {
            for (String u : used) {
              String to = packageOf(u);
              if (PROTOCOL_ROOMS.containsKey(to)
                  && !to.equals(from)
                  && !PROTOCOL_ROOMS.get(from).contains(to)) {
                found.add(type + " uses " + u);
              }
            }
          }
        });
    assertThat(found).isEmpty();
  }

  private static boolean isApi(String pkg) {
    return pkg.equals("(root)") || API_PACKAGES.contains(pkg);
  }

  /** Package to the project packages its classes use (itself left out), for packages kept. */
  private static Map<String, Set<String>> packageGraph(java.util.function.Predicate<String> kept) {
    Map<String, Set<String>> graph = new TreeMap<>();
    uses.forEach(
        (type, used) -> {
          String from = packageOf(type);
          if (kept.test(from)) {
            Set<String> to = graph.computeIfAbsent(from, p -> new TreeSet<>());
            used.stream()
                .filter(ArchitectureTest::isProject)
                .map(ArchitectureTest::packageOf)
                .filter(p -> kept.test(p) && !p.equals(from))
                .forEach(to::add);
          }
        });
    return graph;
  }

  /**
   * Top-level class to the project's top-level classes it uses (nested classes count as theirs).
   */
  private static Map<String, Set<String>> classGraph() {
    Map<String, Set<String>> graph = new TreeMap<>();
    uses.forEach(
        (type, used) -> {
          String from = topLevel(type);
          Set<String> to = graph.computeIfAbsent(from, c -> new TreeSet<>());
          used.stream()
              .filter(ArchitectureTest::isProject)
              .map(ArchitectureTest::topLevel)
              .filter(c -> !c.equals(from))
              .forEach(to::add);
        });
    return graph;
  }

  private static boolean isProject(String type) {
    return type.startsWith(ROOT + ".");
  }

  private static boolean isJersey(String type) {
    return type.startsWith("org.glassfish.")
        || type.startsWith("jakarta.ws.rs.")
        || type.startsWith("jakarta.inject.");
  }

  private static String topLevel(String type) {
    int nested = type.indexOf('$');
    return nested < 0 ? type : type.substring(0, nested);
  }

  /** {@code dev.jaxrsmcp.internal.scan.EntryFactory} → {@code internal.scan}. */
  private static String packageOf(String type) {
    if (!isProject(type)) {
      return "";
    }
    String pkg = type.substring(0, type.lastIndexOf('.'));
    return pkg.equals(ROOT) ? "(root)" : pkg.substring(ROOT.length() + 1);
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

  /** The strongly connected components of more than one node (Tarjan's algorithm). */
  private static List<Set<String>> stronglyConnected(Map<String, Set<String>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<Set<String>> components = new ArrayList<>();
    for (String node : graph.keySet()) {
      if (!index.containsKey(node)) {
        connect(graph, node, index, low, stack, onStack, components);
      }
    }
    return components;
  }

  private static void connect(
      Map<String, Set<String>> graph,
      String node,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Deque<String> stack,
      Set<String> onStack,
      List<Set<String>> components) {
    index.put(node, index.size());
    low.put(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (String next : graph.getOrDefault(node, Set.of())) {
      if (!index.containsKey(next)) {
        connect(graph, next, index, low, stack, onStack, components);
        low.put(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.contains(next)) {
        low.put(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node).equals(index.get(node))) {
      Set<String> component = new TreeSet<>();
      String member;
      do {
        member = stack.pop();
        onStack.remove(member);
        component.add(member);
      } while (!member.equals(node));
      if (component.size() > 1) {
        components.add(component);
      }
    }
  }

  /**
   * Reads the types a class file names (JVMS 4.4): its {@code CONSTANT_Class} entries, and the
   * class types in every {@code CONSTANT_Utf8} that is a descriptor or a signature (fields,
   * methods, generic signatures, annotations).
   */
  static final class ConstantPool {
    private static final Pattern CLASS_TYPE = Pattern.compile("L([\\w/$]+)[;<]");

    private ConstantPool() {}

    static Set<String> typesNamedIn(InputStream file) throws IOException {
      DataInputStream in = new DataInputStream(file);
      if (in.readInt() != 0xCAFEBABE) {
        throw new IOException("not a class file");
      }
      in.readUnsignedShort(); // minor version
      in.readUnsignedShort(); // major version
      int count = in.readUnsignedShort();
      String[] utf8 = new String[count];
      List<Integer> classNames = new ArrayList<>();
      for (int i = 1; i < count; i++) {
        int tag = in.readUnsignedByte();
        switch (tag) {
          case 1 -> utf8[i] = in.readUTF();
          case 7 -> classNames.add(in.readUnsignedShort()); // Class
          case 8, 16, 19, 20 -> in.readUnsignedShort(); // String, MethodType, Module, Package
          case 15 -> { // MethodHandle
            in.readUnsignedByte();
            in.readUnsignedShort();
          }
          case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt(); // Integer .. InvokeDynamic
          case 5, 6 -> { // Long, Double: two entries
            in.readLong();
            i++;
          }
          default -> throw new IOException("unknown constant pool tag " + tag);
        }
      }
      Set<String> types = new TreeSet<>();
      for (int name : classNames) {
        String type = utf8[name];
        if (type.startsWith("[")) {
          addDescribed(type, types); // an array class: its element type
        } else {
          types.add(type.replace('/', '.'));
        }
      }
      for (String text : utf8) {
        if (text != null
            && (text.startsWith("(")
                || text.startsWith("L")
                || text.startsWith("<")
                || text.startsWith("["))) {
          addDescribed(text, types);
        }
      }
      return types;
    }

    private static void addDescribed(String descriptor, Set<String> types) {
      Matcher m = CLASS_TYPE.matcher(descriptor);
      while (m.find()) {
        types.add(m.group(1).replace('/', '.'));
      }
    }
  }
}
