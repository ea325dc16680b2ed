#!/usr/bin/env bash
# The benchmark command (docs/performance.md): builds the modules it needs, then measures reads side
# by side (direct GET, the bridge in both eras, an MCP Java SDK proxy peer, a plain POST of the
# modern read's bytes), subscription fan-out (and what an idle stream costs, layer by layer),
# a 1 GiB long-running read and the catalogue's startup cost, and rewrites docs/performance.md and
# docs/performance.png (and docs/slow-consumers.md). About 20 minutes with the full settings (build
# included).
#
#   bash scripts/bench.sh              full settings, writes docs/
#   bash scripts/bench.sh --quick      a quick try (about 2 minutes), writes bench/target/quick/
#   bash scripts/bench.sh --only reads,fanout[,demo,observe,longread,burst,startup,slow] [--out DIR]
#   (demo: the direct GET and the modern read against the demo service as shipped, access record on)
#   (observe: modern reads with observation off, on a no-op Micrometer registry, and timed)
#   (burst: 200 long-running reads at once against the demo's limit of 32, all must complete)
#   (slow: clients subscribed to 400 resources each stop reading while two writers change them,
#    both eras, Grizzly and Tomcat, beside healthy listens; writes slow-consumers.md)
#   To look into a run, BENCH_JAVA_OPTS adds options to the benchmark's JVM, e.g.
#   BENCH_JAVA_OPTS="-Dbench.slowContainers=tomcat -Dbench.serverJvm=-Djava.util.logging.config.file=F"
#   (one container of the slow run; options for the servers under test, here a logging set-up).
set -euo pipefail
cd "$(dirname "$0")/.."

# 10,000 listen streams need more than 10,000 open files in both the server and the load generator.
hard=$(ulimit -Hn)
if [[ "$hard" == "unlimited" || "$hard" -gt 65536 ]]; then
  ulimit -n 65536 || true
else
  ulimit -n "$hard" || true
fi
if (( $(ulimit -n) < 10500 )); then
  echo "note: the open-file limit is $(ulimit -n); fan-out sizes above it are skipped" >&2
fi

# The chart is drawn with Java2D, which needs a font.
if command -v apt-get >/dev/null 2>&1 && ! fc-list 2>/dev/null | grep -q .; then
  echo "== installing fonts for the chart (fontconfig, fonts-dejavu-core)"
  if [[ $(id -u) -eq 0 ]]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fontconfig fonts-dejavu-core
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fontconfig fonts-dejavu-core
  fi
fi

echo "== building (mvn package, tests skipped)"
mvn -q -B -ntp -pl bench -am package -DskipTests

echo "== measuring"
# shellcheck disable=SC2086 # BENCH_JAVA_OPTS is a list of options
exec java -Xmx1g -XX:+UseG1GC -Djava.awt.headless=true ${BENCH_JAVA_OPTS:-} \
  -cp "bench/target/classes:$(cat bench/target/classpath.txt)" \
  dev.jaxrsmcp.bench.Bench "$@"
