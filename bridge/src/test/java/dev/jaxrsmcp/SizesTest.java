package dev.jaxrsmcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The size rule of docs/architecture.md, on the bridge's sources: a newcomer finds a concern by its
 * package and reads a file in one sitting. No file over 400 lines; no package over 16 classes (its
 * {@code package-info.java} not counted) or 1,500 lines.
 */
class SizesTest {
  private static final Path SOURCES = Path.of("src/main/java");
  static final int MAX_FILE_LINES = 400;
  static final int MAX_PACKAGE_FILES = 16;
  static final int MAX_PACKAGE_LINES = 1_500;

  @Test
  void noFileIsLongerThan400Lines() throws IOException {
    List<String> found = new ArrayList<>();
    lines()
        .forEach(
            (file, count) -> {
              if (count > MAX_FILE_LINES) {
                found.add(file + ": " + count + " lines");
              }
            });
    assertThat(found).as("files over %d lines", MAX_FILE_LINES).isEmpty();
  }

  @Test
  void noPackageHasMoreThan16ClassesOr1500Lines() throws IOException {
    Map<Path, int[]> packages = new TreeMap<>(); // files, lines
    lines()
        .forEach(
            (file, count) -> {
              int[] size = packages.computeIfAbsent(file.getParent(), p -> new int[2]);
              size[0] += file.getFileName().toString().equals("package-info.java") ? 0 : 1;
              size[1] += count;
            });
    assertThat(packages).as("packages found").containsKey(Path.of("dev/jaxrsmcp"));
    List<String> found = new ArrayList<>();
    packages.forEach(
        (pkg, size) -> {
          if (size[0] > MAX_PACKAGE_FILES || size[1] > MAX_PACKAGE_LINES) {
            found.add(pkg + ": " + size[0] + " classes, " + size[1] + " lines");
          }
        });
    assertThat(found)
        .as("packages over %d classes or %d lines", MAX_PACKAGE_FILES, MAX_PACKAGE_LINES)
        .isEmpty();
  }

  /** Each source file (relative to the source root) and its number of lines. */
  private static Map<Path, Integer> lines() throws IOException {
    Map<Path, Integer> lines = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file :
          (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        lines.put(SOURCES.relativize(file), Files.readAllLines(file).size());
      }
    }
    return lines;
  }
}
