package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's memory as Linux reports it in {@code /proc/<pid>/status}: resident set now ({@code
 * VmRSS}) and its peak ({@code VmHWM}), in bytes, and the thread count. Zero when not on Linux.
 */
public record ProcStatus(long rssBytes, long peakRssBytes, int threads) {

  /** The status of process {@code pid}. */
  public static ProcStatus of(long pid) {
    Path file = Path.of("/proc", Long.toString(pid), "status");
    if (!Files.isReadable(file)) {
      return new ProcStatus(0, 0, 0);
    }
    try {
      return parse(Files.readString(file));
    } catch (IOException e) {
      return new ProcStatus(0, 0, 0);
    }
  }

  /** Parses the text of a {@code status} file. */
  static ProcStatus parse(String status) {
    long rss = 0;
    long hwm = 0;
    int threads = 0;
    for (String line : status.split("\n")) {
      if (line.startsWith("VmRSS:")) {
        rss = kilobytes(line);
      } else if (line.startsWith("VmHWM:")) {
        hwm = kilobytes(line);
      } else if (line.startsWith("Threads:")) {
        threads = Integer.parseInt(line.substring("Threads:".length()).trim());
      }
    }
    return new ProcStatus(rss, hwm, threads);
  }

  private static long kilobytes(String line) {
    String value = line.substring(line.indexOf(':') + 1).trim();
    return Long.parseLong(value.split("\\s+")[0]) * 1024;
  }
}
