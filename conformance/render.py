#!/usr/bin/env python3
"""Renders docs/conformance.md from the MCP conformance suite's -o output (standard library only).

    python3 conformance/render.py [--results conformance-results] [--baselines conformance]
                                  [--out docs/conformance.md]

conformance/run.sh calls it after both runs. For each requirement set REV it reads, in --results:

    REV/server-<scenario>-<timestamp>/checks.json  the suite's -o output (the newest folder per scenario)
    REV/requirements.txt  `mcp-conformance list --server --requirements REV`: which scenarios are scored
    REV/exit-code         the suite's exit status for the run against its baseline
    run-info              key=value lines written by run.sh: commit, dirty, date, suite

and the baseline --baselines/baseline-REV.yml, whose entries it judges the way the suite does: a
check failing (FAILURE or WARNING) is expected when its scenario or "scenario:check-id" is listed,
and a listed entry that now passes is stale. The tasks extension's scenarios, which the requirement
sets run without scoring, are also run one by one by name against --baselines/baseline-tasks.yml:

    tasks/server-<scenario>-<timestamp>/checks.json  one folder per scenario run by name
    tasks/exit-code       the worst exit status of those runs
"""

import argparse
import json
import re
import sys
from pathlib import Path

REVISIONS = ("2025-11-25", "2026-07-28")
RUN_FOLDER = re.compile(r"^server-(.+)-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)$")
SEVERITY = {"FAILURE": 4, "WARNING": 3, "SUCCESS": 2, "INFO": 1, "SKIPPED": 0}
FAILING = ("FAILURE", "WARNING")
MESSAGE_LIMIT = 220


class Requirements:
    """The scenarios of one requirement set, in the suite's order, and why unscored ones are not scored."""

    def __init__(self, scored, not_scored):
        self.scored = scored
        self.not_scored = not_scored  # scenario -> reason

    @staticmethod
    def parse(text):
        scored, not_scored = [], {}
        section, reason = None, None
        for line in text.splitlines():
            stripped = line.strip()
            if stripped.startswith("Server scenarios"):
                section = "scored"
            elif stripped.endswith(":") and not stripped.startswith("-") and "scenarios" in stripped:
                section = None
            elif stripped.startswith("Run and reported, but never scored"):
                section = "not_scored"
            elif section == "not_scored" and re.match(r"^[\w-]+ \(\d+\):$", stripped):
                reason = stripped.split(" ")[0]
            elif section == "scored" and stripped.startswith("- "):
                scored.append(stripped[2:].strip())
            elif section == "not_scored" and stripped.startswith("- ") and stripped.endswith("[server]"):
                not_scored[stripped[2:-len("[server]")].strip()] = reason
        return Requirements(scored, not_scored)

    def all(self):
        return self.scored + list(self.not_scored)


class Baseline:
    """The entries of an --expected-failures file with the comment that gives each one's reason."""

    def __init__(self, entries):
        self.entries = entries  # list of (entry, reason, section heading)

    @staticmethod
    def parse(text):
        entries, heading, in_server = [], "", False
        for line in text.splitlines():
            stripped = line.strip()
            if re.match(r"^\w+:", line):
                in_server = line.startswith("server:")
                continue
            if not in_server:
                continue
            if stripped.startswith("#"):
                comment = stripped.lstrip("#").strip()
                if comment.startswith("---") or comment.lower().startswith("not yet built"):
                    heading = comment.strip("- ").strip()
                continue
            match = re.match(r"^-\s*(['\"]?)([^'\"#\s]+)\1\s*(?:#\s*(.*))?$", stripped)
            if match:
                entries.append((match.group(2), (match.group(3) or "").strip(), heading))
        return Baseline(entries)

    def whole(self, scenario):
        return any(entry == scenario for entry, _, _ in self.entries)

    def checks(self, scenario):
        prefix = scenario + ":"
        return {e[len(prefix):] for e, _, _ in self.entries if e.startswith(prefix)}


class Outcome:
    """One scenario's checks in one run, collapsed per check id keeping the most severe status."""

    def __init__(self, checks):
        self.checks = checks
        self.by_id = {}
        for check in checks:
            current = self.by_id.get(check["id"])
            if current is None or SEVERITY.get(check["status"], 0) > SEVERITY.get(current["status"], 0):
                self.by_id[check["id"]] = check

    def count(self, status):
        return sum(1 for c in self.by_id.values() if c["status"] == status)

    def failing(self):
        return [c for c in self.by_id.values() if c["status"] in FAILING]

    def verdict(self):
        if self.count("FAILURE"):
            return "fail"
        if self.count("WARNING"):
            return "warning"
        return "pass"

    def judge(self, scenario, baseline):
        """'ok', 'expected', 'stale' or 'unexpected', as the suite's baseline check decides."""
        failing = {c["id"] for c in self.failing()}
        if baseline.whole(scenario):
            return "expected" if failing else "stale"
        listed = baseline.checks(scenario)
        if failing - listed:
            return "unexpected"
        if any(self.by_id.get(i, {}).get("status") == "SUCCESS" for i in listed):
            return "stale"
        return "expected" if failing else "ok"


def load_outcomes(folder):
    """scenario -> Outcome (None when the run left no checks.json), newest run folder per scenario."""
    newest = {}
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        match = RUN_FOLDER.match(path.name)
        if match and path.is_dir():
            scenario, stamp = match.groups()
            if scenario not in newest or stamp > newest[scenario][0]:
                newest[scenario] = (stamp, path)
    outcomes = {}
    for scenario, (_, path) in newest.items():
        checks = path / "checks.json"
        outcomes[scenario] = Outcome(json.loads(checks.read_text())) if checks.is_file() else None
    return outcomes


def read_key_values(path):
    values = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            key, _, value = line.partition("=")
            if key.strip():
                values[key.strip()] = value.strip()
    return values


def cell(text):
    text = " ".join(str(text).split())
    if len(text) > MESSAGE_LIMIT:
        text = text[: MESSAGE_LIMIT - 1] + "…"
    return text.replace("|", "\\|")


class RevisionReport:
    def __init__(self, revision, results, baselines):
        folder = results / revision
        self.revision = revision
        requirements = folder / "requirements.txt"
        if not requirements.is_file():
            sys.exit(f"render.py: {requirements} is missing; run conformance/run.sh first")
        self.requirements = Requirements.parse(requirements.read_text())
        baseline = baselines / f"baseline-{revision}.yml"
        self.baseline = Baseline.parse(baseline.read_text() if baseline.is_file() else "")
        self.outcomes = load_outcomes(folder)
        exit_code = folder / "exit-code"
        self.exit_code = exit_code.read_text().strip() if exit_code.is_file() else "?"

    def judgement(self, scenario):
        outcome = self.outcomes.get(scenario)
        if outcome is None:
            return "missing"
        return outcome.judge(scenario, self.baseline)

    def status(self, scenario):
        """The table cell for one scenario."""
        if scenario not in self.requirements.all():
            return "—"
        outcome = self.outcomes.get(scenario)
        if outcome is None:
            return "no result" if scenario in self.outcomes else "not run"
        total = len(outcome.by_id)
        passed = outcome.count("SUCCESS")
        parts = [f"{outcome.verdict()} ({passed}/{total} checks passed)"]
        if scenario in self.requirements.not_scored:
            parts.append(f"not scored: {self.requirements.not_scored[scenario]}")
        else:
            judged = outcome.judge(scenario, self.baseline)
            if judged == "expected":
                parts.append("baselined")
            elif judged == "stale":
                parts.append("**stale baseline entry**")
            elif judged == "unexpected":
                parts.append("**unexpected failure**")
        return ", ".join(parts)

    def summary_row(self):
        scored = self.requirements.scored
        judged = [self.judgement(s) for s in scored]
        not_scored = self.requirements.not_scored
        ns_pass = sum(
            1 for s in not_scored if self.outcomes.get(s) and self.outcomes[s].verdict() == "pass"
        )
        verdict = "passed against its baseline" if self.exit_code == "0" else "FAILED"
        return (
            f"| {self.revision} | {len(scored)} | {judged.count('ok')} | {judged.count('expected')} "
            f"| {judged.count('unexpected') + judged.count('missing')} | {judged.count('stale')} "
            f"| {ns_pass} of {len(not_scored)} | {verdict} (exit {self.exit_code}) |"
        )


class NamedRunReport:
    """The tasks extension's scenarios, each run by name against baseline-tasks.yml (they count)."""

    def __init__(self, results, baselines, scenarios):
        folder = results / "tasks"
        self.present = folder.is_dir()
        self.scenarios = scenarios
        baseline = baselines / "baseline-tasks.yml"
        self.baseline = Baseline.parse(baseline.read_text() if baseline.is_file() else "")
        self.outcomes = load_outcomes(folder)
        exit_code = folder / "exit-code"
        self.exit_code = exit_code.read_text().strip() if exit_code.is_file() else "?"

    def status(self, scenario):
        outcome = self.outcomes.get(scenario)
        if outcome is None:
            return "not run"
        total = len(outcome.by_id)
        parts = [f"{outcome.verdict()} ({outcome.count('SUCCESS')}/{total} checks passed)"]
        judged = outcome.judge(scenario, self.baseline)
        if judged == "expected":
            parts.append("baselined")
        elif judged == "stale":
            parts.append("**stale baseline entry**")
        elif judged == "unexpected":
            parts.append("**unexpected failure**")
        return ", ".join(parts)

    def lines(self):
        out = ["", "## Tasks extension, each scenario run by name", ""]
        if not self.present:
            return out + ["Not run."]
        verdict = "passed against its baseline" if self.exit_code == "0" else "FAILED"
        out += [
            "The requirement sets run the tasks extension's scenarios (`io.modelcontextprotocol/tasks`,"
            " SEP-2663) without scoring them; `conformance/run.sh` also runs each by name"
            " (`--scenario NAME`) against `conformance/baseline-tasks.yml`, so that they count:"
            f" {verdict} (exit {self.exit_code}).",
            "",
            "| Scenario | Result |",
            "|---|---|",
        ]
        out += [f"| `{s}` | {self.status(s)} |" for s in self.scenarios]
        out += ["", "| Baseline entry | Now | Reason |", "|---|---|---|"]
        for entry, reason, _ in self.baseline.entries:
            scenario, _, check = entry.partition(":")
            outcome = self.outcomes.get(scenario)
            if outcome is None:
                now = "not run"
            elif check:
                status = outcome.by_id.get(check, {}).get("status", "absent")
                now = "**stale**" if status == "SUCCESS" else status.lower()
            else:
                now = "**stale**" if outcome.verdict() == "pass" else outcome.verdict()
            out.append(f"| `{entry}` | {now} | {cell(reason)} |")
        return out


def render(results, baselines, info):
    reports = [RevisionReport(r, results, baselines) for r in REVISIONS]
    modern = reports[-1]
    tasks = NamedRunReport(
        results, baselines, [s for s in modern.requirements.not_scored if s.startswith("tasks-")]
    )
    commit = info.get("commit", "unknown")
    dirty = " (with uncommitted changes)" if info.get("dirty") == "yes" else ""
    suite = info.get("suite", "unknown")
    date = info.get("date", "unknown")

    out = [
        "# Conformance",
        "",
        "<!-- Generated by conformance/render.py from the output of conformance/run.sh; do not edit. -->",
        "",
        "The official MCP conformance suite (`@modelcontextprotocol/conformance` "
        f"{suite}) run against the conformance fixture (`conformance-fixture/`, an application"
        " that uses only the bridge's public API), once per requirement set, each with its baseline"
        " of expected failures (`conformance/baseline-<set>.yml`).",
        "",
        f"Run on {date} at commit `{commit}`{dirty}. To run it again: `conformance/run.sh`.",
        "",
        "A scenario passes when none of its checks fails or warns. Scored scenarios count toward the"
        " requirement set; a failing scored scenario is either baselined (listed, with its reason,"
        " below) or an unexpected failure, which fails the build, as does a baseline entry that"
        " passes (stale). Not-scored scenarios run for information only.",
        "",
        "| Requirement set | Scored | Passed | Baselined | Unexpected | Stale | Not scored, passed | Suite verdict |",
        "|---|---|---|---|---|---|---|---|",
    ]
    out += [r.summary_row() for r in reports]
    out += ["", "## Every scenario", "", "| Scenario | " + " | ".join(REVISIONS) + " |", "|---|---|---|"]
    order = []
    for report in reports:
        order += [s for s in report.requirements.scored if s not in order]
    for report in reports:
        order += [s for s in report.requirements.not_scored if s not in order]
    for scenario in order:
        out.append(f"| `{scenario}` | " + " | ".join(r.status(scenario) for r in reports) + " |")

    for report in reports:
        out += ["", f"## Baseline {report.revision}", ""]
        if not report.baseline.entries:
            out.append("The baseline is empty.")
        else:
            out += ["| Entry | Now | Reason |", "|---|---|---|"]
            heading = None
            for entry, reason, section in report.baseline.entries:
                if section != heading:
                    heading = section
                    if section:
                        out.append(f"| **{cell(section)}** | | |")
                scenario, _, check = entry.partition(":")
                outcome = report.outcomes.get(scenario)
                if outcome is None:
                    now = "not run"
                elif check:
                    status = outcome.by_id.get(check, {}).get("status", "absent")
                    now = "**stale**" if status == "SUCCESS" else status.lower()
                else:
                    now = "**stale**" if outcome.verdict() == "pass" else outcome.verdict()
                out.append(f"| `{entry}` | {now} | {cell(reason)} |")

    out += tasks.lines()

    for report in reports:
        rows = []
        for scenario in report.requirements.all():
            outcome = report.outcomes.get(scenario)
            for check in outcome.failing() if outcome else []:
                message = check.get("errorMessage") or check.get("description", "")
                rows.append(
                    f"| `{scenario}` | `{check['id']}` | {check['status'].lower()} | {cell(message)} |"
                )
        out += ["", f"## Failing checks {report.revision}", ""]
        if rows:
            out += ["| Scenario | Check | Status | Message |", "|---|---|---|---|"] + rows
        else:
            out.append("None.")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default="conformance-results", type=Path)
    parser.add_argument("--baselines", default="conformance", type=Path)
    parser.add_argument("--out", default="docs/conformance.md", type=Path)
    args = parser.parse_args()
    info = read_key_values(args.results / "run-info")
    text = render(args.results, args.baselines, info)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)


if __name__ == "__main__":
    main()
