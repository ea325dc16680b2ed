package dev.jaxrsmcp.internal.spool;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * Deletes what processes that no longer run left behind (a JVM killed with {@code kill -9} during a
 * long-running read): their {@link PrivateDirectory private directories} under the base and under
 * {@code java.io.tmpdir}, and spool files of earlier versions directly in the base that are older
 * than this process. A directory counts as left behind when nobody holds its lock and the process
 * named in it is gone (or is a newer process that reuses the id). Directories of this JVM are never
 * touched, nor anything that is not this user's. Failures are logged, never thrown.
 */
final class Sweeper {
  private static final System.Logger LOG = System.getLogger(Sweeper.class.getName());

  /** How far a process's start time may trail the time its directory was made (clock grain). */
  private static final Duration CLOCK_SLACK = Duration.ofSeconds(2);

  private Sweeper() {}

  /** Sweeps {@code base} (when it is private to this user) and the fallback directories. */
  static void sweep(Path base) {
    Optional<UserPrincipal> me = Ownership.me();
    if (Files.isDirectory(base, LinkOption.NOFOLLOW_LINKS)
        && Ownership.unsafe(base, me).isEmpty()) {
      Optional<UserPrincipal> owner = me.isPresent() ? me : Ownership.ownerOf(base);
      sweepIn(base, "", owner);
      sweepLegacyFiles(base);
    }
    Path temp = Path.of(System.getProperty("java.io.tmpdir"));
    if (me.isPresent() && Files.isDirectory(temp)) {
      sweepIn(temp, PrivateDirectory.FALLBACK_PREFIX, me);
    }
  }

  private static void sweepIn(Path parent, String prefix, Optional<UserPrincipal> owner) {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, prefix + "*")) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString().substring(prefix.length());
        Matcher matcher = PrivateDirectory.NAME.matcher(name);
        if (matcher.matches() && isOwnedDirectory(entry, owner)) {
          sweepDirectory(entry, Long.parseLong(matcher.group(1)));
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "could not sweep spool directories in " + parent, e);
    }
  }

  private static boolean isOwnedDirectory(Path entry, Optional<UserPrincipal> owner) {
    if (!Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    return owner.isEmpty() || owner.equals(Ownership.ownerOf(entry));
  }

  private static void sweepDirectory(Path directory, long pid) throws IOException {
    if (pid == ProcessHandle.current().pid() || PrivateDirectory.inUseHere(directory)) {
      return; // this JVM's (or, rarely, a dead process's with this id: a later start sweeps it)
    }
    Path lockFile = directory.resolve(PrivateDirectory.LOCK);
    FileChannel channel;
    try {
      channel = FileChannel.open(lockFile, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      // Crashed before locking, or ending cleanly right now: the process id decides.
      if (!runs(pid, directory)) {
        delete(directory);
      }
      return;
    }
    try (channel) {
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        return; // held in this JVM
      }
      if (lock == null) {
        return; // its process still runs
      }
      if (!runs(pid, directory)) {
        delete(directory); // the lock file last, still locked
        LOG.log(
            System.Logger.Level.INFO,
            "deleted spool directory " + directory + " of process " + pid + ", which has ended");
      }
      lock.release();
    }
  }

  /** True when process {@code pid} runs and is old enough to have made {@code directory}. */
  private static boolean runs(long pid, Path directory) {
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    if (process.isEmpty() || !process.get().isAlive()) {
      return false;
    }
    Optional<Instant> started = process.get().info().startInstant();
    if (started.isEmpty()) {
      return true;
    }
    try {
      Instant made =
          Files.readAttributes(directory, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
              .creationTime()
              .toInstant();
      return !started.get().isAfter(made.plus(CLOCK_SLACK)); // else a newer process reusing the id
    } catch (IOException e) {
      return true;
    }
  }

  /** Spool files of versions that put them directly in the base, older than this process. */
  private static void sweepLegacyFiles(Path base) {
    Optional<Instant> started = ProcessHandle.current().info().startInstant();
    if (started.isEmpty()) {
      return;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(base, "jaxrs-mcp-*.spool")) {
      for (Path file : files) {
        BasicFileAttributes attributes =
            Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (attributes.isRegularFile()
            && attributes.lastModifiedTime().toInstant().isBefore(started.get())) {
          Files.deleteIfExists(file);
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "could not sweep old spool files in " + base, e);
    }
  }

  /** Deletes a directory tree without following symbolic links; the lock file goes last. */
  private static void delete(Path directory) throws IOException {
    Path lockFile = directory.resolve(PrivateDirectory.LOCK);
    Files.walkFileTree(
        directory,
        Set.of(),
        Integer.MAX_VALUE,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
              throws IOException {
            if (!file.equals(lockFile)) {
              Files.deleteIfExists(file);
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException failure)
              throws IOException {
            if (dir.equals(directory)) {
              Files.deleteIfExists(lockFile);
            }
            Files.deleteIfExists(dir);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
