package dev.jaxrsmcp.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlowConsumerReportTest {
  @TempDir Path out;

  @Test
  void aRowPerPhaseWithGrowthPerStalledClientAndHowTheStreamsEnded() throws Exception {
    Histogram latency = new Histogram(TimeUnit.MINUTES.toMicros(10), 3);
    latency.recordValue(2_000);
    latency.recordValue(40_000);
    SlowConsumers.Phase none =
        new SlowConsumers.Phase(
            "Grizzly", null, 0, 50L << 20, 51L << 20, 52L << 20, 40, 41, 40, 1_000_000, latency, 3,
            1, 3, Map.of(), 0);
    SlowConsumers.Phase legacy =
        new SlowConsumers.Phase(
            "Tomcat",
            StalledClients.Era.LEGACY,
            4,
            60L << 20,
            61L << 20,
            62L << 20, // 2 MiB over 4 clients: 512 KiB each
            40,
            48,
            44,
            2_500_000,
            latency,
            1,
            0,
            2,
            Map.of(
                StalledClients.End.OVERFLOW,
                2,
                StalledClients.End.OPEN,
                1,
                StalledClients.End.OTHER,
                1),
            1);

    SlowConsumerReport.write(
        out,
        SlowConsumers.Settings.of(true),
        "Measured today.",
        List.of("Grizzly: x", "Tomcat: y"),
        List.of(none, legacy));

    String md = Files.readString(out.resolve(SlowConsumerReport.FILE));
    assertThat(md)
        .contains("1024 KiB. Measured today.\n\nServers:\n\n- Grizzly: x\n- Tomcat: y\n")
        .contains("| Grizzly | none | 50 MiB | 51 MiB | 52 MiB | – | – | 40 / 41 / 40 | – |")
        .contains(
            "| Tomcat | 4 legacy | 60 MiB | 61 MiB | 62 MiB | 512 KiB | 1,024 KiB | 40 / 48 / 44 |"
                + " 2 of 4; 1 ended otherwise; 1 still open |")
        .contains("| Grizzly | none | 1,000,000 | 3 of 3 | 1 | 2.0 ms | 40.0 ms | 40.0 ms |")
        .contains("| Tomcat | 4 legacy | 2,500,000 | 1 of 2 (1 listens never acknowledged) | 0 |");
  }
}
