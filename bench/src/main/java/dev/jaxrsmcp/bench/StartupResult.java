package dev.jaxrsmcp.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What two runs of {@link StartupProbe} printed (milliseconds, counts): the cold build of each kind
 * comes from the JVM that built that kind first; the warm figures are medians over both JVMs.
 */
record StartupResult(
    int methods,
    int templates,
    double generateAndCompileMs,
    double coldPlainMs,
    double coldMcpMs,
    double warmPlainMs,
    double warmMcpMs,
    int warmBuilds) {

  /** What the catalogue adds to a warm application build. */
  double catalogueMs() {
    return warmMcpMs - warmPlainMs;
  }

  /** Combines the output of the probe that built without the bridge first and the other one. */
  static StartupResult parse(List<String> plainFirst, List<String> mcpFirst) {
    Map<String, List<String>> a = values(plainFirst);
    Map<String, List<String>> b = values(mcpFirst);
    List<Double> warmPlain = new ArrayList<>();
    List<Double> warmMcp = new ArrayList<>();
    for (Map<String, List<String>> run : List.of(a, b)) {
      run.getOrDefault("warmPlainMs", List.of()).forEach(v -> warmPlain.add(Double.valueOf(v)));
      run.getOrDefault("warmMcpMs", List.of()).forEach(v -> warmMcp.add(Double.valueOf(v)));
    }
    return new StartupResult(
        Integer.parseInt(first(a, "methods")),
        Integer.parseInt(first(a, "templates")),
        Double.parseDouble(first(a, "generateAndCompileMs")),
        Double.parseDouble(first(a, "coldPlainMs")),
        Double.parseDouble(first(b, "coldMcpMs")),
        median(warmPlain),
        median(warmMcp),
        warmPlain.size());
  }

  private static Map<String, List<String>> values(List<String> lines) {
    Map<String, List<String>> values = new HashMap<>();
    for (String line : lines) {
      int eq = line.indexOf('=');
      if (eq > 0 && line.substring(0, eq).matches("[A-Za-z]+")) {
        values
            .computeIfAbsent(line.substring(0, eq), k -> new ArrayList<>())
            .add(line.substring(eq + 1).trim());
      }
    }
    return values;
  }

  private static String first(Map<String, List<String>> values, String key) {
    List<String> found = values.get(key);
    if (found == null || found.isEmpty()) {
      throw new IllegalStateException("the startup probe printed no " + key);
    }
    return found.get(0);
  }

  private static double median(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
