package dev.jaxrsmcp.bench;

/**
 * The machine's TCP sockets to and from a server's port ({@code ss -tnoi}, with the bytes each side
 * has not read yet), written to {@code bench/target/bench-logs/sockets-<port>.txt} for a look when
 * a client went unanswered: a request still in the server's receive queue was never read.
 */
final class Sockets {
  private Sockets() {}

  /** Writes the socket table; returns its path, or why there is none. */
  static String of(int port) {
    return Diagnostics.run(
        file ->
            new ProcessBuilder(
                    "ss",
                    "-tnoi",
                    "state",
                    "all",
                    "( sport = :" + port + " or dport = :" + port + " )")
                .redirectErrorStream(true)
                .redirectOutput(file.toFile())
                .start(),
        "sockets-" + port + ".txt",
        "socket table");
  }
}
