package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** When and what was measured: the date, the commit, and whether the work tree was clean. */
record Provenance(String date, String commit, String subject, boolean clean) {

  static Provenance current() {
    String commit = git("rev-parse", "HEAD");
    String subject = git("log", "-1", "--format=%s");
    boolean clean = git("status", "--porcelain", "--untracked-files=no").isEmpty();
    String date =
        ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm"))
            + " UTC";
    return new Provenance(date, commit.isEmpty() ? "unknown" : commit, subject, clean);
  }

  private static String git(String... args) {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return process.waitFor() == 0 ? out.trim() : "";
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
