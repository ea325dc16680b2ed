package dev.jaxrsmcp.internal.spool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Creates spool files in a directory private to this process under the configured base ({@link
 * PrivateDirectory}, made when the first file is needed) and remembers the live ones, so that
 * shutting the application down deletes every file a read still held, and then the directory.
 * Creating one sweeps what processes that no longer run left under the base ({@link Sweeper}).
 *
 * <p>Thread safety: {@link #create} and {@link #deleteAll} may run concurrently; the private
 * directory is guarded by {@code this}.
 */
public final class SpoolDirectory {
  private final Path base;
  private final SpoolBudget budget;
  private final Set<Spool> live = ConcurrentHashMap.newKeySet();
  private final AtomicLong counter = new AtomicLong();
  // guarded by this
  private Optional<PrivateDirectory> directory = Optional.empty();

  /** Sweeps {@code base} of what ended processes left; creates nothing yet. No byte budget. */
  public SpoolDirectory(Path base) {
    this(base, new SpoolBudget(Long.MAX_VALUE));
  }

  /**
   * Sweeps {@code base} of what ended processes left; creates nothing yet.
   *
   * @param budget the bytes its spools (and those of any other directory given the same budget) may
   *     hold together
   */
  public SpoolDirectory(Path base, SpoolBudget budget) {
    this.base = base;
    this.budget = budget;
    Sweeper.sweep(base);
  }

  /** A new, empty spool: a file only this user can read, open for as long as the spool lives. */
  public Spool create(long maxBytes, BooleanSupplier cancelled) {
    Path in = base;
    try {
      in = privateDirectory();
      Path file = in.resolve("jaxrs-mcp-" + counter.incrementAndGet() + ".spool");
      FileChannel channel =
          FileChannel.open(
              file,
              Set.of(
                  StandardOpenOption.CREATE_NEW,
                  StandardOpenOption.READ,
                  StandardOpenOption.WRITE,
                  LinkOption.NOFOLLOW_LINKS),
              Ownership.ownerOnlyFile());
      Spool spool = new Spool(file, channel, maxBytes, cancelled, this);
      live.add(spool);
      return spool;
    } catch (IOException e) {
      throw new UncheckedIOException("could not create a spool file in " + in, e);
    }
  }

  /**
   * This process's directory, once a spool was created; empty before and after {@link #deleteAll}.
   */
  public synchronized Optional<Path> privatePath() {
    return directory.map(PrivateDirectory::path);
  }

  private synchronized Path privateDirectory() throws IOException {
    if (directory.isEmpty()) {
      directory = Optional.of(PrivateDirectory.create(base));
    }
    return directory.get().path();
  }

  /** Spools not yet deleted. */
  public List<Spool> live() {
    return List.copyOf(live);
  }

  /** Deletes every live spool, then the private directory (a later spool makes a new one). */
  public void deleteAll() {
    for (Spool spool : List.copyOf(live)) {
      spool.delete();
    }
    synchronized (this) {
      directory.ifPresent(PrivateDirectory::close);
      directory = Optional.empty();
    }
  }

  /** The byte budget its spools write against. */
  public SpoolBudget budget() {
    return budget;
  }

  void forget(Spool spool) {
    live.remove(spool);
  }
}
