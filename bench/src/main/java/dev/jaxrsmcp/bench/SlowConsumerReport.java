package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Writes the slow-consumer run's results ({@link SlowConsumers}) as {@code slow-consumers.md}: how
 * the run went, then one table of the server's memory and threads and one of the healthy listens'
 * delivery, a row per container and phase.
 */
final class SlowConsumerReport {
  static final String FILE = "slow-consumers.md";

  private SlowConsumerReport() {}

  /**
   * Writes the file into {@code out}; {@code measured} says when, at which commit and on what,
   * {@code containers} describe the servers measured.
   */
  static void write(
      Path out,
      SlowConsumers.Settings settings,
      String measured,
      List<String> containers,
      List<SlowConsumers.Phase> phases)
      throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# Slow consumers\n\n")
        .append("Clients that stop reading while what they subscribe to changes as fast as it can")
        .append(" (issue 36). Each stalled client subscribes to ")
        .append(SlowConsumers.SUBSCRIPTIONS)
        .append(" resources whose URIs make a notification about 500 bytes (a modern")
        .append(" `subscriptions/listen` naming them all, or a legacy 2025-11-25 session with a")
        .append(" `resources/subscribe` for each and its `GET` stream), reads its status line and")
        .append(" then nothing (a 4 KiB receive buffer); two writer threads in the server call")
        .append(
            " `McpChanges.changed` on those resources round and round, as fast as they can, for ")
        .append(settings.flood().toSeconds())
        .append(" s per phase. Beside them ")
        .append(settings.healthy())
        .append(
            " healthy listens read everything; a `PUT` changes the resource they listen to every ")
        .append(settings.tick().toMillis())
        .append(" ms. Each server runs a phase without stalled clients (the same flood, nobody")
        .append(" subscribed to it), then ")
        .append(
            settings.stalledCounts().stream()
                .map(String::valueOf)
                .collect(Collectors.joining(" and ")))
        .append(" stalled clients in each era, one phase after the other; `maxUnsentBytes` is the")
        .append(" bridge's default, ")
        .append(SlowConsumers.MAX_UNSENT >> 10)
        .append(" KiB. ")
        .append(measured)
        .append("\n\nServers:\n\n");
    for (String container : containers) {
      md.append("- ").append(container).append('\n');
    }
    md.append("\n## Server memory and threads\n\n")
        .append("Live heap: what the heap held right after a full collection, asked of the server")
        .append(" with every client connected before the flood, every ")
        .append(settings.heapEvery().toSeconds())
        .append(" s during it and when the writers stopped (the stalled clients still connected);")
        .append(" the peak is the most of these. Growth per stalled client: peak less before,")
        .append(
            " divided by the stalled clients, next to what the bridge lets wait for one. Threads")
        .append(
            " (`/proc/<pid>/status`): before the flood, the most sampled during it, and a second")
        .append(" after the stalled clients closed their connections. Streams ended by the server:")
        .append(
            " the stalled streams read after the flood that ended with the overflow reason (the")
        .append(" rest: ended otherwise, or still open).\n\n")
        .append("| container | stalled clients | live heap before | at the end | peak | growth per")
        .append(" stalled client | limit per client | threads before / during / after |")
        .append(" streams ended by the server |\n")
        .append("|---|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (SlowConsumers.Phase p : phases) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d MiB | %d MiB | %d MiB | %s | %s | %d / %d / %d | %s |\n",
              p.container(),
              p.clients(),
              p.heapBefore() >> 20,
              p.heapEnd() >> 20,
              p.heapPeak() >> 20,
              p.stalled() == 0 ? "–" : kib(p.growthPerClient()),
              p.stalled() == 0 ? "–" : kib(SlowConsumers.MAX_UNSENT),
              p.threadsBefore(),
              p.threadsDuring(),
              p.threadsAfter(),
              ends(p)));
    }
    md.append("\n## Healthy listens during the flood\n\n")
        .append("Delivery latency: from sending the `PUT` that changed the healthy listens'")
        .append(" resource to reading its notification, one value per notification (attributed to")
        .append(
            " the latest change sent before it). The live heap samples (full collections, which")
        .append(" pause the server) wait until half the time between two changes has passed since")
        .append(" the last change, so they fall between deliveries; a notification whose")
        .append(" way overlapped one is counted as delivered but left out of the latency, and")
        .append(" the column says how many. Changes: what the two writers")
        .append(" made in the phase. A healthy listen not acknowledged within 15 s is said so")
        .append(" in its row (its notifications count as undelivered) and the server's threads")
        .append(" are dumped into the logs.\n\n")
        .append(
            "| container | stalled clients | changes made | healthy delivered | during a heap"
                + " sample | p50 | p99 | max |\n")
        .append("|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (SlowConsumers.Phase p : phases) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %,d | %d of %d%s | %d | %.1f ms | %.1f ms | %.1f ms |\n",
              p.container(),
              p.clients(),
              p.changes(),
              p.delivered(),
              p.expected(),
              p.unacknowledged() == 0
                  ? ""
                  : " (" + p.unacknowledged() + " listens never acknowledged)",
              p.sampled(),
              p.ms(50),
              p.ms(99),
              p.ms(100)));
    }
    Files.createDirectories(out);
    Files.writeString(out.resolve(FILE), md.toString());
  }

  private static String kib(long bytes) {
    return String.format(Locale.ROOT, "%,d KiB", bytes >> 10);
  }

  private static String ends(SlowConsumers.Phase p) {
    if (p.stalled() == 0) {
      return "–";
    }
    int overflow = p.ends().getOrDefault(StalledClients.End.OVERFLOW, 0);
    int other = p.ends().getOrDefault(StalledClients.End.OTHER, 0);
    int open = p.ends().getOrDefault(StalledClients.End.OPEN, 0);
    StringBuilder text = new StringBuilder();
    text.append(overflow).append(" of ").append(p.stalled());
    if (other > 0) {
      text.append("; ").append(other).append(" ended otherwise");
    }
    if (open > 0) {
      text.append("; ").append(open).append(" still open");
    }
    return text.toString();
  }
}
