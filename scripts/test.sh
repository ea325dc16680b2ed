#!/usr/bin/env bash
# The README's test command: makes sure redis-server and haproxy are there (the Redis tests start
# their own server, the shared-session tests their own round-robin proxy, on free ports, and fail,
# never skip, without them), then builds and tests everything on Jersey 4.0 (Spring Boot 4.0;
# Dropwizard 5.0 on Jersey 3.1), then tests the same compiled library classes again on the other
# supported line, Jersey 3.1 with Spring Boot 3.5: the bridge, the Redis bus, the Spring Boot module
# and the Spring Boot example (-Pjersey-3.1, see pom.xml).
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

echo "== Jersey 4.0.2 (Spring Boot 4.0.7): everything"
mvn -B -ntp verify "$@"

echo "== Jersey 3.1.11 (Spring Boot 3.5.7): the classes compiled above, on the other line"
mvn -B -ntp -Pjersey-3.1 -pl bridge,redis,spring-boot,examples/spring-boot -am verify "$@"
