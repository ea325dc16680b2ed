package dev.jaxrsmcp.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A server (or probe) in its own JVM, started with the benchmark's classpath. Its output goes to a
 * log file; a server announces its port with a line {@code READY port=N}.
 */
final class ChildJvm implements AutoCloseable {
  static final String READY = "READY port=";

  private final String name;
  private final Process process;
  private final CompletableFuture<Integer> port = new CompletableFuture<>();
  private final List<String> lines = new ArrayList<>();

  private ChildJvm(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    Thread pump =
        new Thread(
            () -> {
              try (BufferedReader in =
                      new BufferedReader(
                          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                  PrintWriter out =
                      new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                  out.println(line);
                  out.flush();
                  synchronized (lines) {
                    lines.add(line);
                  }
                  if (line.startsWith(READY)) {
                    port.complete(Integer.parseInt(line.substring(READY.length()).trim()));
                  }
                }
              } catch (IOException e) {
                port.completeExceptionally(e);
              }
              port.completeExceptionally(
                  new IllegalStateException(name + " ended before it was ready; see " + log));
            },
            "bench-" + name + "-output");
    pump.setDaemon(true);
    pump.start();
  }

  /**
   * Starts {@code mainClass} in a new JVM.
   *
   * @param jvmOptions heap size and the like
   * @param logs where {@code <name>.log} is written
   */
  static ChildJvm start(
      String name, List<String> jvmOptions, String mainClass, List<String> args, Path logs) {
    return start(name, jvmOptions, mainClass, args, logs, false);
  }

  /**
   * {@link #start(String, List, String, List, Path)}, with the child's standard error written
   * straight to {@code <name>.err.log} by the operating system when {@code errorToFile} (a server
   * that logs a line per request, whose console the load generator must not spend its CPU on).
   */
  static ChildJvm start(
      String name,
      List<String> jvmOptions,
      String mainClass,
      List<String> args,
      Path logs,
      boolean errorToFile) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    command.addAll(args);
    try {
      Files.createDirectories(logs);
      ProcessBuilder builder = new ProcessBuilder(command);
      if (errorToFile) {
        builder.redirectError(logs.resolve(name + ".err.log").toFile());
      } else {
        builder.redirectErrorStream(true);
      }
      Process process = builder.start();
      return new ChildJvm(name, process, logs.resolve(name + ".log"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + name + ": " + command, e);
    }
  }

  /** Waits for the {@code READY port=N} line. */
  int awaitPort() {
    try {
      return port.get(120, TimeUnit.SECONDS);
    } catch (Exception e) {
      close();
      throw new IllegalStateException(name + " did not start: " + e, e);
    }
  }

  /** Waits for the process to end by itself and returns its output lines. */
  List<String> awaitOutput(long timeoutSeconds) {
    try {
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        close();
        throw new IllegalStateException(name + " took more than " + timeoutSeconds + " s");
      }
      port.handle((p, e) -> null).get(10, TimeUnit.SECONDS); // output fully read
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (Exception e) {
      throw new IllegalStateException(name + " failed: " + e, e);
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException(
          name + " exited with " + process.exitValue() + ": " + output());
    }
    return output();
  }

  List<String> output() {
    synchronized (lines) {
      return List.copyOf(lines);
    }
  }

  long pid() {
    return process.pid();
  }

  ProcStatus status() {
    return ProcStatus.of(process.pid());
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
