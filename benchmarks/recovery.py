"""After a refusal, does the run recover? Measured on recorded runs of the embedded model.

    python benchmarks/recovery.py benchmarks/finish_records/*.json

A small model is not offered ``finish`` while the finish check objects (``offered``), so a
refusal rarely shows as a refused ``finish`` step: it is a step after which the check
objects although the run has changed a file. Each recorded run's successful steps are
played again (``finish_check.replay_plan``) and the check is asked after each one. Per
record it prints ``<set>_refused`` (runs the check objected to after a change),
``<set>_refused_then_accepted`` (a later step made the check accept),
``<set>_refused_then_passed`` (the run's work passed in the end), ``<set>_repeated``
(after the first refusal the run repeated a command it had already run, same arguments),
and ``<set>_refused_right`` (the refused state already passed the task's check: the
check refused right work). Each refused run is printed as a ``#`` line with the rule and
the steps after it.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

from finish_check import HERE, _Judge, replay_plan

from autonomo.agent.strategies.base import LISTED_FILES
from autonomo.agent.strategies.grounding import previews, situation
from autonomo.bench import load_suite, prepare_workspace

#: commands that change the workspace's files (a program run is judged by what it left)
_CHANGING = {"write_file", "append_to_file", "replace_text", "copy_file", "rename_file",
             "delete_file"}


def _key(step: tuple[str, dict[str, Any]]) -> str:
    return json.dumps(step, sort_keys=True)


def measure(tmp: Path, path: Path) -> dict[str, int]:
    runs = json.loads(path.read_text())
    suite = load_suite(HERE / runs.pop("_suite")).challenges
    label = path.stem
    counts = dict.fromkeys(("runs", "refused", "refused_then_accepted", "refused_then_passed",
                            "repeated", "refused_right"), 0)
    for name, run in sorted(runs.items()):
        challenge = suite[name]
        ws = prepare_workspace(challenge, tmp / f"{label}-{name}")
        shown = {".": "\n".join(situation(ws, challenge.task).files[:LISTED_FILES]),
                 **{p.name: p.text for p in previews(ws, challenge.task)}}
        plan = [(s["name"], s["args"]) for s in run["steps"]
                if s["name"] != "finish" and s["status"] == "success"]
        counts["runs"] += 1
        if not plan:
            continue
        judge = _Judge(challenge, ws, shown)
        replay_plan(tmp / f"{label}-{name}-data", challenge.task, ws, plan, judge)
        changed = False
        first = None
        for i, ((command, _args), (objection, _passed)) in enumerate(
                zip(plan, judge.verdicts, strict=False)):
            changed = changed or command in _CHANGING
            if changed and objection is not None:
                first = i
                break
        if first is None:
            continue
        counts["refused"] += 1
        later = judge.verdicts[first + 1:]
        accepted = any(o is None for o, _p in later)
        passed = judge.verdicts[-1][1]
        seen = {_key(s) for s in plan[:first + 1]}
        repeated = any(_key(s) in seen for s in plan[first + 1:])
        counts["refused_then_accepted"] += accepted
        counts["refused_then_passed"] += passed
        counts["repeated"] += repeated
        counts["refused_right"] += judge.verdicts[first][1]
        rule = (judge.verdicts[first][0] or "")[:110]
        after = "; ".join(f"{c} {json.dumps(a)[:50]}" for c, a in plan[first + 1:]) or "-"
        print(f"# {label} {name}: refused after step {first + 1} "
              f"({'right' if judge.verdicts[first][1] else 'wrong'} then), "
              f"{'passed' if passed else 'failed'} at the end"
              f"{', repeated a step' if repeated else ''} | {rule} | after: {after[:200]}",
              flush=True)
    for key, value in counts.items():
        print(f"{label}_{key}: {value}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("records", nargs="+", type=Path)
    args = parser.parse_args()
    total: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as t:
        for path in args.records:
            for key, value in measure(Path(t), path).items():
                total[key] = total.get(key, 0) + value
    for key, value in total.items():
        print(f"all_{key}: {value}")


if __name__ == "__main__":
    main()
