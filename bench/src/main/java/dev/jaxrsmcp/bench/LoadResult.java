package dev.jaxrsmcp.bench;

import org.HdrHistogram.Histogram;

/**
 * What one closed-loop run measured: completed reads, the measured seconds, failed reads, the
 * latency histogram in microseconds, and the bytes the server allocated and the CPU time its
 * process used (every thread: workers, selectors, garbage collection, compilation), in nanoseconds,
 * per read (NaN when the server cannot say). Both per-read figures count the run's warm-up with its
 * reads.
 */
record LoadResult(
    String scenario,
    int concurrency,
    long requests,
    double seconds,
    long errors,
    Histogram micros,
    double allocatedPerRead,
    double serverCpuPerRead) {

  double throughput() {
    return requests / seconds;
  }

  /** The latency at {@code percentile} (for example 99.9), in milliseconds. */
  double latencyMs(double percentile) {
    return micros.getValueAtPercentile(percentile) / 1000.0;
  }

  double p50() {
    return latencyMs(50);
  }

  double p99() {
    return latencyMs(99);
  }

  double p999() {
    return latencyMs(99.9);
  }

  /** This run and {@code other} as one (same scenario and concurrency). */
  LoadResult plus(LoadResult other) {
    Histogram sum = micros.copy();
    sum.add(other.micros);
    return new LoadResult(
        scenario,
        concurrency,
        requests + other.requests,
        seconds + other.seconds,
        errors + other.errors,
        sum,
        (allocatedPerRead * requests + other.allocatedPerRead * other.requests)
            / (requests + other.requests),
        (serverCpuPerRead * requests + other.serverCpuPerRead * other.requests)
            / (requests + other.requests));
  }
}
