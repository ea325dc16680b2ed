package dev.jaxrsmcp.appservers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code java} a server that needs a newer Java than the build's runs on (Payara Micro 7 and
 * Helidon 4 need 21): the JDK named by the system property {@value #PROPERTY} (a JDK's home), else
 * the JVM running the tests when it is new enough, else the newest JDK under {@code /usr/lib/jvm}
 * that is. Fails, never skips, when none is.
 */
public final class Jdk {
  public static final String PROPERTY = "appservers.java.home";

  private static final Pattern VERSION = Pattern.compile("JAVA_VERSION=\"(\\d+)");

  private Jdk() {}

  /** The {@code java} executable of a JDK of at least {@code feature}. */
  public static Path javaAtLeast(int feature) {
    String named = System.getProperty(PROPERTY, "");
    if (!named.isBlank()) {
      Path home = Path.of(named);
      int found = featureOf(home).orElse(0);
      if (found < feature) {
        throw new IllegalStateException(
            PROPERTY
                + "="
                + named
                + " is not a JDK "
                + feature
                + "+ (its release file says "
                + found
                + ")");
      }
      return home.resolve("bin/java");
    }
    if (Runtime.version().feature() >= feature) {
      return Path.of(System.getProperty("java.home"), "bin", "java");
    }
    try (Stream<Path> homes = Files.list(Path.of("/usr/lib/jvm"))) {
      List<Path> candidates =
          homes
              .filter(home -> featureOf(home).orElse(0) >= feature)
              .filter(home -> Files.isExecutable(home.resolve("bin/java")))
              .sorted(Comparator.comparing((Path home) -> featureOf(home).orElse(0)).reversed())
              .toList();
      if (!candidates.isEmpty()) {
        return candidates.get(0).resolve("bin/java");
      }
    } catch (IOException e) {
      // no /usr/lib/jvm: say so below
    }
    throw new IllegalStateException(
        "this server needs Java "
            + feature
            + "+, the tests run on "
            + Runtime.version().feature()
            + " and /usr/lib/jvm has none: install one, or pass -D"
            + PROPERTY
            + "=<a JDK "
            + feature
            + "+ home> to Maven");
  }

  private static Optional<Integer> featureOf(Path home) {
    Path release = home.resolve("release");
    try {
      Matcher matcher = VERSION.matcher(Files.readString(release));
      return matcher.find() ? Optional.of(Integer.parseInt(matcher.group(1))) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
