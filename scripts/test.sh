#!/usr/bin/env bash
# The README's test command: makes sure redis-server and haproxy are there (the Redis tests start
# their own server, the shared-session tests their own round-robin proxy, on free ports, and fail,
# never skip, without them), then runs the tests on both supported Jersey lines
# (docs/compatibility.md):
#  1. Jersey 4.0.2 (Spring Boot 4.0.7; Dropwizard 5.0, Payara Micro 6 and Helidon MP 4 on their
#     Jersey 3.1): builds and tests everything. Payara Micro 7 and Helidon MP 4 need Java 21: their
#     tests start them in a child JVM of a JDK 21+ from /usr/lib/jvm (or -Dappservers.java.home=),
#     whatever Java runs Maven.
#  2. Jersey 3.1.11 (Spring Boot 3.5.7), -Pjersey-3.1: compiles every module that runs on 3.1 again,
#     against the 3.1 dependency set, in its own target/jersey-3.1 (a use of an API only Jersey 4.0
#     or Jakarta REST 4 has fails here), and runs their tests. Formatting was checked in 1.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v haproxy >/dev/null 2>&1 || [[ -x /usr/sbin/haproxy ]] || missing+=(haproxy)
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "== installing ${missing[*]} (the Redis and round-robin proxy tests need them)"
  if [[ $(id -u) -eq 0 ]]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  fi
fi

# demo-service's TsInteropTest runs the official TypeScript MCP clients (examples/interop-ts) with
# Node.js 20+; its first run does `npm ci` there (the npm registry, about 30 s), later runs reuse
# node_modules. It fails, never skips, without Node: say so now rather than after the build.
node_major=$(node --version 2>/dev/null | sed -n 's/^v\([0-9]*\)\..*/\1/p')
if [[ -z "$node_major" || "$node_major" -lt 20 ]] || ! command -v npm >/dev/null 2>&1; then
  echo "scripts/test.sh: Node.js 20 or later with npm is needed (found: $(node --version 2>/dev/null || echo no node));" \
    "install it (https://nodejs.org, or your package manager's nodejs 20+) and run again" >&2
  exit 1
fi

# Two Maven threads: the bridge builds and tests alone (every module needs it), then the modules
# that depend only on it and each other build side by side, as their order allows (each test starts
# its own servers, Redis and proxy on free ports, so none shares anything with another's).
threads=${MCP_TEST_THREADS:-2}

echo "== Jersey 4.0.2 (Spring Boot 4.0.7): everything"
mvn -B -ntp -T "$threads" verify "$@"

# Everything whose runtime can be Jersey 3.1; not here: bench (measures the main line, its tests
# touch no Jersey), dropwizard, examples/dropwizard, appservers/payara-micro-6 and
# appservers/helidon-mp (their servers' Jersey 3.1.11 already in 1), appservers/payara-micro-7
# (Payara 7 ships Jersey 4.0).
on_jersey_31=bridge,redis,micrometer,test-kit,demo-service,conformance-fixture,servlet-it
on_jersey_31+=,spring-boot3,spring-boot,examples/interop,examples/spring-boot,examples/testkit
on_jersey_31+=,appservers/app,appservers/tomcat-war
echo "== Jersey 3.1.11 (Spring Boot 3.5.7): compiled against 3.1 and tested on it, in target/jersey-3.1"
mvn -B -ntp -T "$threads" -Pjersey-3.1 -Dspotless.check.skip=true -pl "$on_jersey_31" -am verify "$@"
