package dev.jaxrsmcp.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What {@link StartupProbe} printed (milliseconds, counts). */
record StartupResult(
    int methods,
    int templates,
    double generateAndCompileMs,
    double coldPlainMs,
    double coldMcpMs,
    double warmPlainMs,
    double warmMcpMs) {

  /** What the catalogue adds to a warm application build. */
  double catalogueMs() {
    return warmMcpMs - warmPlainMs;
  }

  static StartupResult parse(List<String> lines) {
    Map<String, String> values = new HashMap<>();
    for (String line : lines) {
      int eq = line.indexOf('=');
      if (eq > 0 && line.substring(0, eq).matches("[A-Za-z]+")) {
        values.put(line.substring(0, eq), line.substring(eq + 1).trim());
      }
    }
    return new StartupResult(
        Integer.parseInt(values.get("methods")),
        Integer.parseInt(values.get("templates")),
        Double.parseDouble(values.get("generateAndCompileMs")),
        Double.parseDouble(values.get("coldPlainMs")),
        Double.parseDouble(values.get("coldMcpMs")),
        Double.parseDouble(values.get("warmPlainMs")),
        Double.parseDouble(values.get("warmMcpMs")));
  }
}
