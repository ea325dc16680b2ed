package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The machine a run measured: CPU, cores, memory, OS, JDK, and the load before it started. */
record Machine(String cpu, int cores, long memoryBytes, String os, String jdk, double loadAverage) {

  static Machine current() {
    return new Machine(
        cpuModel(),
        Runtime.getRuntime().availableProcessors(),
        memory(),
        osName(),
        System.getProperty("java.vm.name")
            + " "
            + System.getProperty("java.runtime.version")
            + " ("
            + System.getProperty("java.vendor")
            + ")",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  private static String cpuModel() {
    for (String line : lines("/proc/cpuinfo")) {
      if (line.startsWith("model name")) {
        return line.substring(line.indexOf(':') + 1).trim();
      }
    }
    return System.getProperty("os.arch");
  }

  private static long memory() {
    for (String line : lines("/proc/meminfo")) {
      if (line.startsWith("MemTotal:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
      }
    }
    return 0;
  }

  private static String osName() {
    String pretty = "";
    for (String line : lines("/etc/os-release")) {
      if (line.startsWith("PRETTY_NAME=")) {
        pretty = line.substring("PRETTY_NAME=".length()).replace("\"", "") + ", ";
      }
    }
    return pretty
        + System.getProperty("os.name")
        + " "
        + System.getProperty("os.version")
        + " "
        + System.getProperty("os.arch").toLowerCase(Locale.ROOT);
  }

  private static List<String> lines(String file) {
    try {
      return Files.readAllLines(Path.of(file));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }
}
