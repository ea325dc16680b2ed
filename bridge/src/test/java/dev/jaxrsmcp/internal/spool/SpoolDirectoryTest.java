package dev.jaxrsmcp.internal.spool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spool directory is private to the process (a fresh {@code rwx------} directory, files {@code
 * rw-------} read through the handle that wrote them), a directory another user could have prepared
 * is not used, and what a JVM killed with {@code kill -9} left is gone after the next start. Child
 * JVMs are real processes ({@link SpoolChild}).
 */
class SpoolDirectoryTest {
  @TempDir Path temp;
  private Path base;
  private final List<SpoolDirectory> opened = new ArrayList<>();
  private final List<Process> children = new ArrayList<>();

  @BeforeEach
  void posixOnly() {
    assumeThat(FileSystems.getDefault().supportedFileAttributeViews()).contains("posix");
    base = temp.resolve("spool");
  }

  @AfterEach
  void cleanUp() throws Exception {
    for (Process child : children) {
      child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    opened.forEach(SpoolDirectory::deleteAll);
  }

  private SpoolDirectory start(Path at) {
    SpoolDirectory spools = new SpoolDirectory(at);
    opened.add(spools);
    return spools;
  }

  private static Spool written(SpoolDirectory spools, String text) throws IOException {
    Spool spool = spools.create(1024, () -> false);
    try (OutputStream out = spool.output()) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return spool;
  }

  private static String read(Spool spool) throws IOException {
    try (InputStream in = spool.input()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static String permissions(Path path) throws IOException {
    return PosixFilePermissions.toString(
        Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
  }

  private static List<Path> entries(Path directory) throws IOException {
    try (Stream<Path> list = Files.list(directory)) {
      return list.toList();
    }
  }

  @Test
  void theBaseAndTheProcessDirectoryAreOwnerOnlyAndSpoolFilesToo() throws Exception {
    SpoolDirectory spools = start(base);
    assertThat(Files.exists(base)).isFalse(); // nothing is made before the first spool

    Spool spool = written(spools, "private");

    Path mine = spools.privatePath().orElseThrow();
    assertThat(mine.getParent()).isEqualTo(base);
    assertThat(mine.getFileName().toString()).matches(ProcessHandle.current().pid() + "-[0-9a-z]+");
    assertThat(permissions(base)).isEqualTo("rwx------");
    assertThat(permissions(mine)).isEqualTo("rwx------");
    assertThat(spool.file().getParent()).isEqualTo(mine);
    assertThat(permissions(spool.file())).isEqualTo("rw-------");
    assertThat(read(spool)).isEqualTo("private");
  }

  @Test
  void everyProcessDirectoryIsNewEvenWhenTheBaseExists() throws Exception {
    Files.createDirectories(base);
    Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
    SpoolDirectory first = start(base);
    SpoolDirectory second = start(base); // its sweep leaves the first one's directory alone
    Spool one = written(first, "one");
    Spool two = written(second, "two");

    assertThat(first.privatePath()).isNotEqualTo(second.privatePath());
    start(base); // and so does a third start's sweep
    assertThat(read(one)).isEqualTo("one");
    assertThat(read(two)).isEqualTo("two");
  }

  @Test
  void readsGoThroughTheHandleThatWrote() throws Exception {
    Spool spool = written(start(base), "what the route wrote");

    Files.delete(spool.file());
    Files.writeString(spool.file(), "what someone put in its place");

    assertThat(read(spool)).isEqualTo("what the route wrote");
    assertThat(new String(spool.head(4), StandardCharsets.UTF_8)).isEqualTo("what");
  }

  @Test
  void deleteAllRemovesTheFilesAndTheProcessDirectory() throws Exception {
    SpoolDirectory spools = start(base);
    written(spools, "a");
    written(spools, "b");

    spools.deleteAll();

    assertThat(entries(base)).isEmpty();
    assertThat(spools.privatePath()).isEmpty();
  }

  // A base another user could have prepared

  private Path fallbackOf(SpoolDirectory spools) {
    Path mine = spools.privatePath().orElseThrow();
    assertThat(mine.getParent()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
    assertThat(mine.getFileName().toString())
        .matches("jaxrs-mcp-" + ProcessHandle.current().pid() + "-\\d+");
    return mine;
  }

  @Test
  void aWorldWritableBaseIsNotUsed() throws Exception {
    Files.createDirectories(base);
    Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxrwxrwx"));
    Files.writeString(base.resolve("planted"), "x");

    SpoolDirectory spools = start(base);
    Spool spool = written(spools, "elsewhere");

    assertThat(entries(base)).containsExactly(base.resolve("planted"));
    Path fallback = fallbackOf(spools);
    assertThat(permissions(fallback)).isEqualTo("rwx------");
    assertThat(spool.file().getParent()).isEqualTo(fallback);
    assertThat(read(spool)).isEqualTo("elsewhere");
    spools.deleteAll();
    assertThat(Files.exists(fallback)).isFalse();
  }

  @Test
  void aBaseThatIsASymbolicLinkIsNotUsed() throws Exception {
    Path target = Files.createDirectory(temp.resolve("target"));
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
    Files.createSymbolicLink(base, target);

    SpoolDirectory spools = start(base);
    written(spools, "elsewhere");

    assertThat(entries(target)).isEmpty();
    fallbackOf(spools);
  }

  @Test
  void aBaseOfAnotherUserIsNotUsed() throws Exception {
    Files.createDirectories(base);
    Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
    UserPrincipal nobody;
    try {
      nobody =
          FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
      Files.setOwner(base, nobody);
    } catch (IOException e) {
      assumeThat(e).as("only root can give a directory to another user").isNull();
      return;
    }

    SpoolDirectory spools = start(base);
    written(spools, "elsewhere");

    assertThat(entries(base)).isEmpty();
    fallbackOf(spools);
  }

  // What killed JVMs left

  private record Child(Process process, Path file) {}

  private Child child() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(
                java,
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                SpoolChild.class.getName(),
                base.toString())
            .redirectErrorStream(true)
            .start();
    children.add(process);
    BufferedReader lines =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String ready =
        CompletableFuture.supplyAsync(
                () -> {
                  try {
                    for (int i = 0; i < 200; i++) {
                      String line = lines.readLine();
                      if (line == null || line.startsWith("READY ")) {
                        return line;
                      }
                    }
                    return null;
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                })
            .get(60, TimeUnit.SECONDS);
    assertThat(ready).as("the child JVM said READY").isNotNull();
    Path file = Path.of(ready.substring("READY ".length()));
    assertThat(Files.readString(file)).isEqualTo("held by a child JVM");
    return new Child(process, file);
  }

  private static void kill9(Child child) throws InterruptedException {
    child.process().destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no clean-up
    assertThat(child.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aJvmKilledWithKill9LeavesNothingAfterTheNextStart() throws Exception {
    Child killed = child();
    kill9(killed);
    assertThat(Files.exists(killed.file())).isTrue(); // what the crash left

    start(base);

    assertThat(entries(base)).isEmpty();
  }

  @Test
  void theSweepKeepsWhatARunningJvmHolds() throws Exception {
    Child killed = child();
    Child running = child();
    kill9(killed);

    start(base);

    assertThat(Files.exists(killed.file().getParent())).isFalse();
    assertThat(Files.readString(running.file())).isEqualTo("held by a child JVM");
    running.process().getOutputStream().close(); // ends it cleanly: it deletes its own
    assertThat(running.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(entries(base)).isEmpty();
  }

  @Test
  void aDirectoryWithoutLockIsSweptOnlyWhenItsProcessIsGone() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    assertThat(ended.waitFor(30, TimeUnit.SECONDS)).isTrue();
    Files.createDirectories(base);
    Path ofEnded = Files.createDirectory(base.resolve(ended.pid() + "-crashed"));
    Files.writeString(ofEnded.resolve("jaxrs-mcp-1.spool"), "left");
    long parent = ProcessHandle.current().parent().orElseThrow().pid();
    Path ofRunning = Files.createDirectory(base.resolve(parent + "-starting"));

    start(base);

    assertThat(entries(base)).containsExactly(ofRunning);
  }

  @Test
  void spoolFilesOfEarlierVersionsOlderThanTheProcessAreSwept() throws Exception {
    Files.createDirectories(base);
    Path old = Files.writeString(base.resolve("jaxrs-mcp-123.spool"), "left by an old version");
    Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofDays(1))));
    Path notOurs = Files.writeString(base.resolve("notes.txt"), "not a spool file");
    Files.setLastModifiedTime(notOurs, FileTime.from(Instant.now().minus(Duration.ofDays(1))));

    start(base);

    assertThat(entries(base)).containsExactly(notOurs);
  }
}
