#!/usr/bin/env bash
# The README's test command: makes sure redis-server is there (the Redis tests start their own
# server on a free port and fail, never skip, without it), then builds and tests everything.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v redis-server >/dev/null 2>&1; then
  echo "== installing redis-server (the Redis change-bus tests need it)"
  if [[ $(id -u) -eq 0 ]]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server
  fi
fi

mvn -B -ntp verify "$@"
