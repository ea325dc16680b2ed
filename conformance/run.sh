#!/usr/bin/env bash
# Runs the official MCP conformance suite against the conformance fixture (module conformance-fixture/)
# for both requirement sets, each against its committed baseline, then renders docs/conformance.md.
#
#   conformance/run.sh
#
# Builds the fixture, starts it on a free loopback port, waits until it answers, runs
#   mcp-conformance server --url <fixture> --requirements <rev> --expected-failures conformance/baseline-<rev>.yml -o <results>/<rev>
# for 2025-11-25 and 2026-07-28; then runs each tasks extension scenario (io.modelcontextprotocol/tasks,
# which the requirement sets run but never score) by name,
#   mcp-conformance server --url <fixture> --scenario <tasks-…> --expected-failures conformance/baseline-tasks.yml -o <results>/tasks
# stops the fixture and exits non-zero when any run reports an unexpected failure or a stale baseline
# entry (the suite's own verdict).
#
# Environment:
#   MCP_CONFORMANCE         the suite launcher (default: ../shared/tools/mcp-conformance next to the repository)
#   CONFORMANCE_RESULTS     where the -o folders go (default: conformance-results/, ignored by git)
#   CONFORMANCE_SKIP_BUILD  1: reuse conformance-fixture/target/conformance-fixture.jar as built
#   CONFORMANCE_DOC         the rendered table (default: docs/conformance.md); empty: do not render
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

revisions=(2025-11-25 2026-07-28)
suite=${MCP_CONFORMANCE:-$root/../shared/tools/mcp-conformance}
results=${CONFORMANCE_RESULTS:-$root/conformance-results}
doc=${CONFORMANCE_DOC-docs/conformance.md}
jar=conformance-fixture/target/conformance-fixture.jar

if [[ ! -x $suite ]]; then
  echo "conformance: the suite launcher $suite is missing; set MCP_CONFORMANCE to its path" >&2
  exit 2
fi

if [[ ${CONFORMANCE_SKIP_BUILD:-} != 1 || ! -f $jar ]]; then
  echo "== conformance: building the fixture"
  mvn -B -q -pl conformance-fixture -am package -Dmaven.test.skip=true
fi

mkdir -p "$results"
for rev in "${revisions[@]}" tasks; do rm -rf "${results:?}/$rev"; done
log=$results/fixture.log
{
  echo "commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)"
  if [[ -n $(git status --porcelain -- . ":(exclude)${doc:-docs/conformance.md}" 2>/dev/null) ]]; then echo "dirty=yes"; else echo "dirty=no"; fi
  echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "suite=$("$suite" --version)"
} >"$results/run-info"

echo "== conformance: starting the fixture"
: >"$log" # exists before the loop below reads it (the background job creates it only later)
java -jar "$jar" --port 0 >>"$log" 2>&1 &
fixture=$!
stop_fixture() {
  if kill -0 "$fixture" 2>/dev/null; then
    kill "$fixture" 2>/dev/null || true
    wait "$fixture" 2>/dev/null || true
  fi
}
trap stop_fixture EXIT

url=
for _ in $(seq 1 300); do
  url=$(sed -n 's/^conformance fixture: MCP endpoint at //p' "$log")
  if [[ -n $url ]] && curl -s -o /dev/null -w '%{http_code}' "$url" | grep -qv '^000$'; then
    break
  fi
  if ! kill -0 "$fixture" 2>/dev/null; then
    echo "conformance: the fixture exited during start-up:" >&2
    cat "$log" >&2
    exit 2
  fi
  url=
  sleep 0.2
done
if [[ -z $url ]]; then
  echo "conformance: the fixture did not answer within 60 seconds:" >&2
  cat "$log" >&2
  exit 2
fi
echo "== conformance: fixture answers at $url"

status=0
for rev in "${revisions[@]}"; do
  echo "== conformance: requirement set $rev (baseline conformance/baseline-$rev.yml)"
  mkdir -p "$results/$rev"
  "$suite" list --server --requirements "$rev" >"$results/$rev/requirements.txt"
  set +e
  "$suite" server --url "$url" --requirements "$rev" \
    --expected-failures "conformance/baseline-$rev.yml" -o "$results/$rev" 2>&1 | tee "$results/$rev/console.log"
  rc=${PIPESTATUS[0]}
  set -e
  echo "$rc" >"$results/$rev/exit-code"
  if [[ $rc -ne 0 ]]; then
    echo "== conformance: requirement set $rev FAILED (exit $rc): unexpected failures or stale baseline entries above"
    status=1
  else
    echo "== conformance: requirement set $rev passed against its baseline"
  fi
done

# The tasks extension's scenarios, by name: each against the tasks baseline, so they count.
echo "== conformance: tasks extension scenarios, each by name (baseline conformance/baseline-tasks.yml)"
mkdir -p "$results/tasks"
tasks_rc=0
scenarios=$(sed -n 's/^ *- \(tasks-[a-z0-9-]*\) \[server\]$/\1/p' "$results/2026-07-28/requirements.txt")
if [[ -z $scenarios ]]; then
  echo "conformance: the 2026-07-28 requirement set lists no tasks scenarios" >&2
  tasks_rc=2
fi
for scenario in $scenarios; do
  set +e
  "$suite" server --url "$url" --scenario "$scenario" \
    --expected-failures conformance/baseline-tasks.yml -o "$results/tasks" 2>&1 | tee -a "$results/tasks/console.log"
  rc=${PIPESTATUS[0]}
  set -e
  if [[ $rc -ne 0 ]]; then
    echo "== conformance: tasks scenario $scenario FAILED (exit $rc)"
    tasks_rc=$rc
  fi
done
echo "$tasks_rc" >"$results/tasks/exit-code"
if [[ $tasks_rc -ne 0 ]]; then
  status=1
else
  echo "== conformance: tasks scenarios passed against their baseline"
fi

stop_fixture
trap - EXIT

if [[ -n $doc ]]; then
  python3 conformance/render.py --results "$results" --baselines conformance --out "$doc"
  echo "== conformance: wrote $doc"
fi
exit "$status"
