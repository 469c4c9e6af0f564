"""Record the embedded agent's runs of a small-task suite, command by command, for replay.

    python benchmarks/record_runs.py --suite benchmarks/small_tasks_holdout2 \
        --out benchmarks/finish_records/holdout2.json

Each task gets a fresh workspace and agent, as in ``small_tasks.py`` (continuous mode, step
limit 6, default embedded model); the file written holds, per task, the run's status, whether
the task's own check passed, and every step: the command, its arguments and its result status.
``finish_check.py --records`` plays those steps again through the real commands with a
scripted model and asks the finish check about every prefix, so a change to the check is
measured on real runs without running the model again.
"""

from __future__ import annotations

import argparse
import ast
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from autonomo import Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner
from autonomo.bench import evaluate, load_suite, prepare_workspace
from autonomo.config import load_settings

STEPS = 6


def record(bench: Workbench, challenge: Any, workspace: Path) -> dict[str, Any]:
    started = time.perf_counter()
    agent = bench.new_agent(challenge.task, workspace=workspace)
    result = Runner(agent, AutoApproval()).run(max_steps=STEPS)
    steps = [{"name": e.action.name, "args": e.action.arguments,
              "status": e.result.status if e.result else None,
              "output": (e.result.output if e.result else "")[:300]}
             for e in agent.state.episodes]
    return {"task": challenge.task, "status": result.status, "reason": result.reason[:300],
            "seconds": round(time.perf_counter() - started, 2), "steps": steps}


def _step(shown: str) -> dict[str, Any] | None:
    """A step as ``small_tasks.py`` logs it (``name(k='v', ...) -> status``, the call cut
    at 70 characters), or None when the cut lost part of its arguments."""
    call, _, status = shown.rpartition(" -> ")
    try:
        node = ast.parse(call, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        return None
    args = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
    return {"name": node.func.id, "args": args, "status": status, "output": ""}


def from_results(results: Path, suite: Path) -> dict[str, Any]:
    """The runs of a ``small_tasks.py --json`` results file (a blind run that was not
    recorded), in this file's form. A run with a step whose logged call was cut before its
    arguments ended is left out (printed): its work cannot be played again."""
    rows: dict[str, Any] = {"_suite": suite.resolve().name}
    tasks = load_suite(suite.resolve()).challenges
    for half in json.loads(results.read_text()).values():
        for run in half:
            steps = [_step(s) for s in run["steps"]]
            if any(s is None and not shown.startswith("finish(")
                   for s, shown in zip(steps, run["steps"], strict=True)):
                print(f"# {run['name']}: left out, a step's call was cut in the log")
                continue
            rows[run["name"]] = {"task": tasks[run["name"]].task, "status": run["status"],
                                 "passed": run["passed"], "reason": run["reason"],
                                 "seconds": round(run["seconds"], 2),
                                 "steps": [s for s in steps if s is not None]}
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--suite", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--tasks", nargs="*", help="only these task names")
    parser.add_argument("--from-results", type=Path,
                        help="convert this small_tasks.py --json file instead of running")
    args = parser.parse_args()
    if args.from_results:
        rows = from_results(args.from_results, args.suite)
        args.out.write_text(json.dumps(rows, indent=1) + "\n")
        print(f"tasks: {len(rows) - 1}")
        return
    suite = load_suite(args.suite.resolve())
    rows: dict[str, Any] = {"_suite": args.suite.resolve().name}
    with tempfile.TemporaryDirectory() as tmp:
        bench = Workbench.open(load_settings({"data_dir": str(Path(tmp) / "data")}))
        try:
            for name, challenge in sorted(suite.challenges.items()):
                if args.tasks and name not in args.tasks:
                    continue
                ws = prepare_workspace(challenge, Path(tmp) / name)
                row = record(bench, challenge, ws)
                row["passed"] = evaluate(challenge, ws).passed
                rows[name] = row
                print(f"# {name}: passed={row['passed']} {row['status']} "
                      f"{row['seconds']:.1f}s | "
                      + " ; ".join(f"{s['name']} {json.dumps(s['args'])[:60]} -> {s['status']}"
                                   for s in row["steps"]), flush=True)
        finally:
            bench.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(rows, indent=1) + "\n")
    runs = [r for r in rows.values() if isinstance(r, dict)]
    false = sum(r["status"] == "finished" and not r["passed"] for r in runs)
    print(f"tasks: {len(runs)}")
    print(f"pass_rate: {sum(r['passed'] for r in runs) / max(len(runs), 1):.2f}")
    print(f"false_finish_rate: {false / max(len(runs), 1):.2f}")


if __name__ == "__main__":
    main()
