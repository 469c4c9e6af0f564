"""The embedded agent on simple tasks it has never seen, against a bare loop on the same model.

    python benchmarks/small_tasks.py --half tuning          # while developing
    python benchmarks/small_tasks.py --half check           # once, at the end
    python benchmarks/small_tasks.py --half both --no-reference --tasks WriteColor FindCity
    python benchmarks/small_tasks.py --suite /some/folder       # another suite, both halves

The tasks are ``benchmarks/small_tasks/*/data.json`` (agbenchmark's challenge format), split
into a tuning half and a check half by ``split.json`` (fixed before any tuning); ``--suite``
names another folder of the same layout (its own ``split.json``: ``tuning`` and ``check``
lists; a task in neither counts as tuning). ``--half all`` runs every task as one seen set
(``tuning_pass_rate``). Each task gets
a fresh workspace and a fresh agent on the default embedded model, in continuous mode with a
step limit of 6 (``autonomo run -c --limit 6``); the workspace is then judged by the
challenge's own check. The reference is a minimal loop written here: the same model and tasks,
plain ``llama_cpp`` chat calls with a per-command JSON schema, the same step limit.

Prints ``name: value`` lines: ``tuning_pass_rate``, ``check_pass_rate``, ``false_finish_rate``
(runs that ended FINISHED while their check failed), ``invalid_responses``, ``median_task_s``,
``reference_task_s``, ``task_time_ratio`` (autonomo's median ÷ the reference's, same run),
``not_verified`` (runs that ended "unverified": a finish no verifier confirmed) and
``verified_pass_rate`` (of the passed runs, those that ended FINISHED), over
every task run; when both halves ran, each half's as well (``check_false_finish_rate``, …).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from autonomo import Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.observer import RunObserver
from autonomo.agent.runner import Runner
from autonomo.bench import evaluate, load_suite, prepare_workspace
from autonomo.config import load_settings

SUITE = Path(__file__).resolve().parent / "small_tasks"
STEPS = 6


class _Count(RunObserver):
    def __init__(self) -> None:
        self.invalid = 0

    def on_invalid_response(self, state: Any, error: str, attempt: int) -> None:
        self.invalid += 1


def run_autonomo(bench: Workbench, challenge: Any, workspace: Path) -> dict[str, Any]:
    counter = _Count()
    started = time.perf_counter()
    agent = bench.new_agent(challenge.task, workspace=workspace)
    result = Runner(agent, AutoApproval(), counter).run(max_steps=STEPS)
    seconds = time.perf_counter() - started
    steps = [f"{e.action.describe()[:70]} -> {e.result.status if e.result else '?'}"
             for e in agent.state.episodes]
    return {"status": result.status, "seconds": seconds, "invalid": counter.invalid,
            "steps": steps, "reason": result.reason[:120]}


# -- the reference: a bare loop ------------------------------------------------------------------
_REF_COMMANDS: dict[str, dict[str, Any]] = {
    "write_file": {"path": 60, "content": 300},
    "append_to_file": {"path": 60, "content": 300},
    "read_file": {"path": 60},
    "delete_file": {"path": 60},
    "list_folder": {"path": 60},
    "finish": {"reason": 150},
}


def _ref_schema() -> dict[str, Any]:
    options = [{
        "type": "object",
        "properties": {"name": {"const": name}, "args": {
            "type": "object",
            "properties": {k: {"type": "string", "maxLength": n} for k, n in params.items()},
            "required": list(params), "additionalProperties": False}},
        "required": ["name", "args"], "additionalProperties": False,
    } for name, params in _REF_COMMANDS.items()]
    return {"type": "object", "properties": {"command": {"anyOf": options}},
            "required": ["command"], "additionalProperties": False}


def _ref_execute(ws: Path, name: str, args: dict[str, str]) -> str:
    try:
        target = (ws / args.get("path", ".")).resolve()
        if not target.is_relative_to(ws.resolve()):
            return "error: outside the workspace"
        if name == "write_file":
            target.write_text(args["content"])
            return f"wrote {target.name}"
        if name == "append_to_file":
            with target.open("a") as fh:
                fh.write(args["content"])
            return f"appended to {target.name}"
        if name == "read_file":
            return target.read_text()[:1000]
        if name == "delete_file":
            target.unlink()
            return f"deleted {target.name}"
        return "\n".join(sorted(p.name for p in target.iterdir()))
    except OSError as exc:
        return f"error: {exc}"


def run_reference(llm: Any, task: str, ws: Path) -> dict[str, Any]:
    started = time.perf_counter()
    commands = ", ".join(f"{n}({', '.join(p)})" for n, p in _REF_COMMANDS.items())
    messages = [
        {"role": "system", "content": f"You do tasks on files. Commands: {commands}. Reply "
                                      'with JSON {"command": {"name": ..., "args": {...}}}. '
                                      "Call finish when the task is done."},
        {"role": "user", "content": f"Task: {task}"},
    ]
    status = "stopped"
    for _ in range(STEPS):
        reply = llm.create_chat_completion(
            messages, response_format={"type": "json_object", "schema": _ref_schema()},
            temperature=0.0, max_tokens=300)["choices"][0]["message"]["content"]
        messages.append({"role": "assistant", "content": reply})
        try:
            command = json.loads(reply)["command"]
        except (ValueError, KeyError):
            messages.append({"role": "user", "content": "Invalid JSON. Try again."})
            continue
        if command["name"] == "finish":
            status = "finished"
            break
        messages.append({"role": "user", "content": "Result: " + _ref_execute(
            ws, command["name"], command["args"])})
    return {"status": status, "seconds": time.perf_counter() - started}


def load_reference_model(bench: Workbench) -> Any:
    """A plain ``llama_cpp.Llama`` on the weights autonomo's model uses."""
    import llama_cpp

    model = bench.model
    model._load()  # the same (possibly re-encoded) weights file and thread counts
    return llama_cpp.Llama(model._llm.model_path, n_ctx=4096, n_threads=model.n_threads,
                           n_threads_batch=model.n_threads_batch, verbose=False)


def read_split(folder: Path, names: list[str]) -> dict[str, list[str]]:
    """The suite's halves from its ``split.json``; tasks it does not list are tuning tasks."""
    path = folder / "split.json"
    try:
        split = json.loads(path.read_text()) if path.exists() else {}
    except ValueError as exc:
        raise SystemExit(f"{path}: not valid JSON: {exc}") from exc
    halves = {h: [n for n in split.get(h, []) if isinstance(n, str)] for h in ("tuning", "check")}
    for h, listed in halves.items():
        if unknown := [n for n in listed if n not in names]:
            raise SystemExit(f"{path}: {h!r} lists tasks the suite does not have: {unknown}")
    listed = set(halves["tuning"]) | set(halves["check"])
    halves["tuning"] += [n for n in sorted(names) if n not in listed]
    return halves


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--suite", type=Path, default=SUITE,
                        help="a folder of tasks with its own split.json")
    parser.add_argument("--half", choices=["tuning", "check", "both", "all"],
                        help="default: tuning for the built-in suite, both for --suite")
    parser.add_argument("--tasks", nargs="*", help="only these task names")
    parser.add_argument("--no-reference", action="store_true")
    parser.add_argument("--json", help="write per-task results here")
    args = parser.parse_args()
    suite_dir = args.suite.resolve()
    suite = load_suite(suite_dir)
    split = read_split(suite_dir, list(suite.challenges))
    chosen = args.half or ("tuning" if suite_dir == SUITE else "both")
    if chosen == "all":
        split = {"tuning": split["tuning"] + split["check"], "check": []}
    halves = ["tuning", "check"] if chosen in ("both", "all") else [chosen]
    results: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings({"data_dir": str(Path(tmp) / "data")})
        bench = Workbench.open(settings)
        reference = None if args.no_reference else load_reference_model(bench)
        for half in halves:
            for name in split[half]:
                if args.tasks and name not in args.tasks:
                    continue
                challenge = suite[name]
                ws = prepare_workspace(challenge, Path(tmp) / half / name)
                row = run_autonomo(bench, challenge, ws)
                row.update(name=name, half=half, passed=evaluate(challenge, ws).passed)
                if reference is not None:
                    ref_ws = prepare_workspace(challenge, Path(tmp) / "ref" / name)
                    ref = run_reference(reference, challenge.task, ref_ws)
                    row.update(ref_seconds=ref["seconds"],
                               ref_passed=evaluate(challenge, ref_ws).passed)
                results.setdefault(half, []).append(row)
                print(f"# {half} {name}: passed={row['passed']} {row['status']} "
                      f"{row['seconds']:.1f}s ref={row.get('ref_passed')} "
                      f"{row.get('ref_seconds', 0):.1f}s | " + " ; ".join(row["steps"]),
                      flush=True)
        bench.close()
    rows = [r for half in results.values() for r in half]
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    for half in halves:
        if results.get(half):
            rate = sum(r["passed"] for r in results[half]) / len(results[half])
            print(f"{half}_pass_rate: {rate:.2f}")
    if not rows:
        return
    report("", rows, reference is not None)
    if len([h for h in halves if results.get(h)]) > 1:  # each half's figures too
        for half in halves:
            report(f"{half}_", results[half], reference is not None)


def report(prefix: str, rows: list[dict[str, Any]], with_reference: bool) -> None:
    """The issue's figures over ``rows``, each line's name prefixed."""
    false = sum(r["status"] == "finished" and not r["passed"] for r in rows)
    print(f"{prefix}tasks: {len(rows)}")
    print(f"{prefix}false_finish_rate: {false / len(rows):.2f}")
    # runs whose finish no verifier confirmed (``agent/verifying``): ended, not FINISHED
    print(f"{prefix}not_verified: {sum(r['status'] == 'unverified' for r in rows)}")
    passed = [r for r in rows if r["passed"]]
    verified = sum(r["status"] == "finished" for r in passed)
    print(f"{prefix}verified_pass_rate: {verified / max(len(passed), 1):.2f}")
    print(f"{prefix}invalid_responses: {sum(r['invalid'] for r in rows)}")
    median = statistics.median(r["seconds"] for r in rows)
    print(f"{prefix}median_task_s: {median:.2f}")
    if with_reference:
        ref_median = statistics.median(r["ref_seconds"] for r in rows)
        ref_rate = sum(r["ref_passed"] for r in rows) / len(rows)
        print(f"{prefix}reference_pass_rate: {ref_rate:.2f}")
        print(f"{prefix}reference_task_s: {ref_median:.2f}")
        print(f"{prefix}task_time_ratio: {median / ref_median:.2f}")

if __name__ == "__main__":
    main()
