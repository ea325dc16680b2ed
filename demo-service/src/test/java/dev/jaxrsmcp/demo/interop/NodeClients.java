package dev.jaxrsmcp.demo.interop;

import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The TypeScript MCP clients of {@code examples/interop-ts} (their versions pinned in its {@code
 * package-lock.json}), run with {@code node} as child processes. {@link #ready()} checks that Node
 * 20 or later is on the {@code PATH} and runs {@code npm ci} when {@code node_modules} is missing
 * or was installed from another lock file; a missing {@code node} or a failed install fails the
 * test, it is never skipped.
 */
final class NodeClients {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Pattern NODE_VERSION = Pattern.compile("v(\\d+)\\..*");
  private static final int NODE_MAJOR = 20;

  /** npm ci downloads about 200 packages (30 MB): minutes on a slow network. */
  private static final Duration INSTALL = Duration.ofMinutes(10);

  /** One client run: Node's start, a handshake and two or three calls. */
  private static final Duration RUN = Duration.ofSeconds(60);

  /** Written into node_modules after a good npm ci: the SHA-256 of the lock file it installed. */
  private static final String INSTALLED = ".jaxrs-mcp-installed-lock.sha256";

  private static volatile Path project;

  private NodeClients() {}

  /** The project folder, Node checked and its packages installed as its lock file pins them. */
  static synchronized Path ready() {
    if (project == null) {
      Path dir = find();
      checkNode(dir);
      install(dir);
      project = dir;
    }
    return project;
  }

  /** {@code examples/interop-ts}, found from the module's folder (Surefire's working directory). */
  private static Path find() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("examples").resolve("interop-ts");
      if (Files.isRegularFile(candidate.resolve("package-lock.json"))) {
        return candidate;
      }
    }
    return fail(
        "examples/interop-ts/package-lock.json not found above " + Path.of("").toAbsolutePath());
  }

  private static void checkNode(Path dir) {
    Result version;
    try {
      version = run(dir, List.of("node", "--version"), Duration.ofSeconds(30));
    } catch (IOException e) {
      fail(
          "TsInteropTest needs Node.js "
              + NODE_MAJOR
              + " or later ('node' and 'npm' on the PATH) to run the TypeScript MCP clients of"
              + " examples/interop-ts; starting 'node --version' failed: "
              + e.getMessage());
      return;
    }
    Matcher m = NODE_VERSION.matcher(version.stdout().trim());
    if (version.exit() != 0 || !m.matches() || Integer.parseInt(m.group(1)) < NODE_MAJOR) {
      fail(
          "TsInteropTest needs Node.js "
              + NODE_MAJOR
              + " or later on the PATH; 'node --version' answered "
              + version);
    }
  }

  /** npm ci, unless node_modules was installed from this very lock file (by an earlier run). */
  private static void install(Path dir) {
    try {
      String lock = sha256(Files.readAllBytes(dir.resolve("package-lock.json")));
      Path marker = dir.resolve("node_modules").resolve(INSTALLED);
      // Another JVM (a parallel build of the same clone) may be installing: one at a time.
      try (FileChannel channel =
              FileChannel.open(
                  dir.resolve(".npm-ci.lock"),
                  StandardOpenOption.CREATE,
                  StandardOpenOption.WRITE);
          FileLock held = channel.lock()) {
        if (Files.isRegularFile(marker) && Files.readString(marker).trim().equals(lock)) {
          return;
        }
        Result ci =
            run(dir, List.of("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"), INSTALL);
        if (ci.exit() != 0) {
          fail(
              "'npm ci' in "
                  + dir
                  + " failed (it needs the npm registry, or a cache that holds the packages): "
                  + ci);
        }
        Files.writeString(marker, lock + "\n");
      }
    } catch (IOException e) {
      fail("'npm ci' in " + dir + " could not run: " + e, e);
    }
  }

  /** Runs {@code node <script> <args...>} in the project folder; its stdout must be one JSON. */
  static JsonNode node(String script, List<String> args) {
    List<String> command = new ArrayList<>(List.of("node", script));
    command.addAll(args);
    return json(command);
  }

  /** Runs the Inspector's CLI ({@code inspector --cli <args...>}); its stdout must be one JSON. */
  static JsonNode inspector(List<String> args) {
    List<String> command =
        new ArrayList<>(
            List.of(
                "node",
                "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js",
                "--cli"));
    command.addAll(args);
    return json(command);
  }

  private static JsonNode json(List<String> command) {
    Path dir = ready();
    Result result;
    try {
      result = run(dir, command, RUN);
    } catch (IOException e) {
      return fail("could not start " + command + ": " + e, e);
    }
    if (result.exit() != 0) {
      return fail(command + " failed: " + result);
    }
    try {
      return MAPPER.readTree(result.stdout());
    } catch (IOException e) {
      return fail(command + " did not print one JSON document: " + result, e);
    }
  }

  /** What a process printed and how it ended; its string form goes into assertion messages. */
  record Result(int exit, String stdout, String stderr) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout:\n" + stdout + "\n--- stderr:\n" + stderr;
    }
  }

  private static Result run(Path dir, List<String> command, Duration timeout) throws IOException {
    Path out = Files.createTempFile("interop-ts-", ".out");
    Path err = Files.createTempFile("interop-ts-", ".err");
    try {
      Process process =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      boolean ended;
      try {
        ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        ended = false;
      }
      if (!ended) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        return fail(
            command
                + " did not end within "
                + timeout
                + "\n--- stdout:\n"
                + Files.readString(out, StandardCharsets.UTF_8)
                + "\n--- stderr:\n"
                + Files.readString(err, StandardCharsets.UTF_8));
      }
      return new Result(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private static java.io.File nullDevice() {
    return new java.io.File(
        System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
