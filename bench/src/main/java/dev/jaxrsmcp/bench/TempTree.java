package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A scratch directory of a benchmark process, deleted with everything in it when it is done. */
final class TempTree {
  private TempTree() {}

  /** Deletes {@code dir} and everything under it; nothing when it is already gone. */
  static void delete(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not delete the scratch directory " + dir, e);
    }
  }
}
