package dev.jaxrsmcp.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatusParsingTest {

  @Test
  void procStatusTakesResidentMemoryPeakAndThreads() {
    ProcStatus status =
        ProcStatus.parse(
            "Name:\tjava\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t31\nSigQ:\t0/1\n");

    assertThat(status).isEqualTo(new ProcStatus(100L << 20, 200L << 20, 31));
  }

  @Test
  void serverMemoryReadsTheAdminLine() {
    ServerMemory memory =
        ServerMemory.parse(
            "heapUsed=1 heapCommitted=2 peakHeapUsed=3 rss=4 peakRss=5 threads=6 cpu=7"
                + " deliveryCpu=8 gcMillis=9 allocated=10 liveHeap=11");

    assertThat(memory).isEqualTo(new ServerMemory(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
  }

  @Test
  void serverMemoryWithoutLiveHeapSaysMinusOne() {
    ServerMemory memory =
        ServerMemory.parse(
            "heapUsed=1 heapCommitted=2 peakHeapUsed=3 rss=4 peakRss=5 threads=6 cpu=7");

    assertThat(memory.liveHeap()).isEqualTo(-1);
  }

  @Test
  void startupResultTakesEachColdBuildFromItsOwnJvmAndWarmMediansFromBoth() {
    StartupResult result =
        StartupResult.parse(
            List.of(
                "WARNING: something=else happened",
                "methods=1000",
                "generateAndCompileMs=1.5",
                "coldPlainMs=10.0",
                "warmPlainMs=4.0",
                "warmMcpMs=9.0",
                "warmPlainMs=6.0",
                "warmMcpMs=11.0",
                "templates=1000"),
            List.of(
                "methods=1000",
                "generateAndCompileMs=1.7",
                "coldMcpMs=30.0",
                "warmPlainMs=5.0",
                "warmMcpMs=10.0",
                "templates=1000"));

    assertThat(result.methods()).isEqualTo(1000);
    assertThat(result.templates()).isEqualTo(1000);
    assertThat(result.coldPlainMs()).isEqualTo(10.0);
    assertThat(result.coldMcpMs()).isEqualTo(30.0);
    assertThat(result.warmPlainMs()).isEqualTo(5.0);
    assertThat(result.warmMcpMs()).isEqualTo(10.0);
    assertThat(result.warmBuilds()).isEqualTo(3);
    assertThat(result.catalogueMs()).isEqualTo(5.0);
  }
}
