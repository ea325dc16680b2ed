package dev.jaxrsmcp.internal.spool;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * This process's own spool directory: {@code <base>/<pid>-<random>}, created fresh (never an
 * existing one) with permissions {@code rwx------}, holding a {@value #LOCK} file locked for as
 * long as the directory is in use. The lock is what tells a later process's {@link Sweeper} that
 * the directory's owner still runs: the operating system releases it when the process ends, {@code
 * kill -9} included.
 *
 * <p>A base directory that is not private to this user (a symbolic link, owned by another user,
 * writable by others: what another local user could have pre-created under a shared {@code /tmp})
 * is not used; a fresh {@code jaxrs-mcp-<pid>-<random>} directory under {@code java.io.tmpdir}
 * takes its place, and a warning names the refused directory and why.
 */
final class PrivateDirectory implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(PrivateDirectory.class.getName());
  private static final SecureRandom RANDOM = new SecureRandom();

  /** The lock file inside every private directory. */
  static final String LOCK = ".lock";

  /** Names of private directories under a base: the owner's process id, a dash, random text. */
  static final Pattern NAME = Pattern.compile("(\\d+)-[0-9a-z]+");

  /** Prefix of a fallback directory under {@code java.io.tmpdir}, followed by {@link #NAME}. */
  static final String FALLBACK_PREFIX = "jaxrs-mcp-";

  /** Directories of this JVM still in use: a sweep never opens their lock files. */
  private static final Set<Path> IN_USE = ConcurrentHashMap.newKeySet();

  private final Path path;
  private final FileChannel lockChannel;
  private final FileLock lock;

  private PrivateDirectory(Path path, FileChannel lockChannel, FileLock lock) {
    this.path = path;
    this.lockChannel = lockChannel;
    this.lock = lock;
  }

  /** A fresh private directory under {@code base}, or under {@code java.io.tmpdir} instead. */
  static PrivateDirectory create(Path base) throws IOException {
    Optional<String> refused = prepare(base);
    if (refused.isEmpty()) {
      Path created =
          Files.createDirectory(base.resolve(freshName()), Ownership.ownerOnlyDirectory());
      // Checked again against the owner of what this process just made, in case the platform
      // could not name this process's user beforehand.
      refused = Ownership.unsafe(base, Ownership.ownerOf(created));
      if (refused.isEmpty()) {
        return locked(created);
      }
      Files.deleteIfExists(created);
    }
    Path fallback =
        Files.createTempDirectory(
            Path.of(System.getProperty("java.io.tmpdir")),
            FALLBACK_PREFIX + ProcessHandle.current().pid() + "-");
    LOG.log(
        System.Logger.Level.WARNING,
        "spool directory "
            + base
            + " is not used because "
            + refused.get()
            + "; long-running reads spool to "
            + fallback
            + " instead (set McpFeature.spoolDirectory to a directory only this user can write)");
    return locked(fallback);
  }

  /** Creates {@code base} when missing; why it must not be used, if so. */
  private static Optional<String> prepare(Path base) throws IOException {
    if (!Files.exists(base, LinkOption.NOFOLLOW_LINKS)) {
      Files.createDirectories(base, Ownership.ownerOnlyDirectory());
    }
    return Ownership.unsafe(base, Ownership.me());
  }

  private static PrivateDirectory locked(Path directory) throws IOException {
    if (Ownership.posix()) {
      Files.setPosixFilePermissions(directory, Ownership.OWNER_ONLY); // whatever the umask did
    }
    IN_USE.add(directory);
    try {
      FileChannel channel =
          FileChannel.open(
              directory.resolve(LOCK),
              Set.of(
                  StandardOpenOption.CREATE_NEW,
                  StandardOpenOption.WRITE,
                  LinkOption.NOFOLLOW_LINKS),
              Ownership.ownerOnlyFile());
      FileLock lock = channel.tryLock();
      if (lock == null) {
        channel.close();
        throw new IOException("could not lock " + directory.resolve(LOCK));
      }
      return new PrivateDirectory(directory, channel, lock);
    } catch (IOException | RuntimeException e) {
      IN_USE.remove(directory);
      throw e;
    }
  }

  private static String freshName() {
    return ProcessHandle.current().pid() + "-" + Long.toString(RANDOM.nextLong() >>> 1, 36);
  }

  /** True when {@code directory} is a private directory of this JVM, still in use. */
  static boolean inUseHere(Path directory) {
    return IN_USE.contains(directory);
  }

  Path path() {
    return path;
  }

  /** Releases the lock and deletes the directory (when the spool files in it are gone). */
  @Override
  public void close() {
    try {
      Files.deleteIfExists(path.resolve(LOCK));
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "could not delete " + path.resolve(LOCK), e);
    }
    try {
      lock.release();
      lockChannel.close();
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "could not release " + path.resolve(LOCK), e);
    }
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      // A file still in it: a later start sweeps it once this process has ended.
      LOG.log(System.Logger.Level.DEBUG, "spool directory " + path + " stays for now", e);
    } finally {
      IN_USE.remove(path);
    }
  }
}
