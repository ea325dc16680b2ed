package dev.jaxrsmcp.internal.spool;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A JVM that spools like a long-running read would: {@code java -cp <test class path> SpoolChild
 * <base>} creates a spool under {@code base}, writes to it, prints {@code READY <file>} and holds
 * it until its standard input ends (then cleans up as a shutdown would), or until it is killed.
 */
public final class SpoolChild {
  private SpoolChild() {}

  public static void main(String[] args) throws Exception {
    SpoolDirectory spools = new SpoolDirectory(Path.of(args[0]));
    Spool spool = spools.create(1024 * 1024, () -> false);
    spool.output().write("held by a child JVM".getBytes(StandardCharsets.UTF_8));
    System.out.println("READY " + spool.file());
    System.out.flush();
    while (System.in.read() != -1) {
      // Holds the spool until the test closes our standard input.
    }
    spools.deleteAll();
  }
}
