package dev.jaxrsmcp.bench;

import java.io.File;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The versions of the peer's libraries, read from the jars on the classpath. */
final class Versions {
  private Versions() {}

  /** The MCP Java SDK's version, for example {@code 2.2.0}. */
  static String mcpSdk() {
    return ofJar("mcp-core");
  }

  /** Embedded Tomcat's version, for example {@code 11.0.27}. */
  static String tomcat() {
    return ofJar("tomcat-embed-core");
  }

  /** The version in the name of the jar {@code artifact-<version>.jar} on the classpath. */
  static String ofJar(String artifact) {
    Pattern jar = Pattern.compile(Pattern.quote(artifact) + "-([0-9][^/\\\\]*)\\.jar");
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Matcher m = jar.matcher(new File(entry).getName());
      if (m.matches()) {
        return m.group(1);
      }
    }
    return "(unknown version)";
  }
}
