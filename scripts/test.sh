#!/usr/bin/env bash
# The README's test command: makes sure redis-server and haproxy are there (the Redis tests start
# their own server, the shared-session tests their own round-robin proxy, on free ports, and fail,
# never skip, without them), then builds and tests everything.
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

mvn -B -ntp verify "$@"
