package dev.jaxrsmcp.internal.spool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Creates spool files in one directory and remembers the live ones, so that shutting the
 * application down deletes every file a read still held.
 */
public final class SpoolDirectory {
  private final Path directory;
  private final Set<Spool> live = ConcurrentHashMap.newKeySet();

  public SpoolDirectory(Path directory) {
    this.directory = directory;
  }

  /** A new, empty spool. */
  public Spool create(long maxBytes, BooleanSupplier cancelled) {
    try {
      Files.createDirectories(directory);
      Path file = Files.createTempFile(directory, "jaxrs-mcp-", ".spool");
      Spool spool = new Spool(file, maxBytes, cancelled, this);
      live.add(spool);
      return spool;
    } catch (IOException e) {
      throw new UncheckedIOException("could not create a spool file in " + directory, e);
    }
  }

  /** Spools not yet deleted. */
  public List<Spool> live() {
    return List.copyOf(live);
  }

  /** Deletes every live spool. */
  public void deleteAll() {
    for (Spool spool : List.copyOf(live)) {
      spool.delete();
    }
  }

  void forget(Spool spool) {
    live.remove(spool);
  }
}
