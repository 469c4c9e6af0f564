"""Each finish-check rule on its own: how often it refuses right work, and wrong work.

    python benchmarks/finish_rules.py --records benchmarks/finish_records/*.json
    python benchmarks/finish_rules.py --plans          # finish_check's and the fresh cases' plans

The check (``agent/finishing.py``) refuses a finish when one of its rules objects. Since a
finish no rule refuses ends FINISHED only when a positive verifier confirms it (else
"unverified"), a rule's refusal of right work costs a run (the model goes on), while its
refusal of wrong work is needed only when the verifiers would confirm that work. Here every
rule is asked on its own (``finishing.objections``), not only the first that objects.

Recorded runs (``record_runs.py``) are played again step by step (scripted model, real
commands and sandbox, as in ``finish_check.py --records``); after each step every rule is
asked, the task's check judges the workspace and the verifiers judge it against the start.
Per rule and set, counted once per run:

* ``right``: it objected while the work was right (a finish there was refused);
* ``right_alone``: ... and no other rule objected (without it the run could end there);
* ``lost``: ... and the run's work was wrong at its end (the model went on and undid it);
* ``wrong``: it objected while the work was wrong;
* ``fixed``: ... and the run's work was right at its end;
* ``shield``: it objected to wrong work the verifiers would confirm;
* ``guard``: it was the only rule to object to wrong work the verifiers would confirm:
  without it that run could end FINISHED though wrong (must stay 0 for a dropped rule).

``--plans``: the same on the final workspace of each plan of ``finish_check.py`` (RIGHT,
WRONG, INVENTED) and of ``tests/finish_fresh_cases*.py`` (labelled by their own checks).
Prints ``<source>_false_finished`` (runs whose wrong work, after some step, no rule
refuses and the verifiers confirm: a finish there would end FINISHED; must be 0) and a
``<source>_<rule>: <figure> <value>, ...`` line per rule; ``#`` lines name every refusal of
right work, every guard and every possible false FINISHED.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autonomo.agent.finishing import objections
from autonomo.agent.observer import RunObserver
from autonomo.agent.strategies.base import LISTED_FILES
from autonomo.agent.strategies.grounding import previews, situation
from autonomo.agent.verifying import runs_of, verify
from autonomo.agent.verifying_snapshot import Snapshot, take
from autonomo.bench import evaluate, load_suite, prepare_workspace

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]
from finish_check import INVENTED, RIGHT, WRONG, replay_plan  # noqa: E402

FIGURES = ("right", "right_alone", "lost", "wrong", "fixed", "shield", "guard")


@dataclass
class Seen:
    """One look after a step: whether the work was right, which rules objected (first
    objection's text each), and whether the verifiers would confirm the work."""

    passed: bool
    rules: dict[str, str]
    verified: bool


@dataclass
class Tally:
    """Per rule, the runs it counts in each figure (``FIGURES``)."""

    runs: dict[str, dict[str, set[str]]] = field(
        default_factory=lambda: defaultdict(lambda: {f: set() for f in FIGURES}))
    #: runs with wrong work no rule refuses and the verifiers confirm, after some step
    false_finished: set[str] = field(default_factory=set)

    def add(self, run: str, looks: list[Seen]) -> None:
        for look in looks:
            if not look.passed and look.verified and not look.rules \
                    and run not in self.false_finished:
                print(f"# FALSE FINISHED possible: {run}", flush=True)
                self.false_finished.add(run)
            for rule, why in look.rules.items():
                alone = len(look.rules) == 1
                figures = self.runs[rule]
                if look.passed:
                    if run not in figures["right"]:
                        print(f"# right refused by {rule}{' (alone)' if alone else ''}: "
                              f"{run} | {why[:140]}", flush=True)
                    figures["right"].add(run)
                    if not looks[-1].passed:
                        figures["lost"].add(run)
                    if alone:
                        figures["right_alone"].add(run)
                else:
                    figures["wrong"].add(run)
                    if looks[-1].passed:
                        figures["fixed"].add(run)
                    if look.verified:
                        figures["shield"].add(run)
                    if alone and look.verified:
                        if run not in figures["guard"]:
                            print(f"# guard {rule}: {run} | {why[:140]}", flush=True)
                        figures["guard"].add(run)

    def show(self, source: str) -> None:
        print(f"{source}_false_finished: {len(self.false_finished)}")
        for rule in sorted(self.runs):
            line = ", ".join(f"{f} {len(self.runs[rule][f])}" for f in FIGURES)
            print(f"{source}_{rule}: {line}")


class _Looker(RunObserver):
    """After each step: every rule's objection, the task's check, the verifiers."""

    def __init__(self, judge: Callable[[], bool], start: Snapshot, task: str,
                 shown: dict[str, str]) -> None:
        self.judge, self.start, self.task, self.shown = judge, start, task, shown
        self.looks: list[Seen] = []

    def on_episode(self, state: Any, episode: Any) -> None:
        self.looks.append(look(state, self.judge(), self.start, self.shown))


def look(state: Any, passed: bool, start: Snapshot, shown: dict[str, str]) -> Seen:
    rules: dict[str, str] = {}
    for found in objections(state, "", shown=shown):
        rules.setdefault(found.rule, found.text)
    verdict = verify(state.task, start, take(Path(state.workspace)), runs_of(state.episodes, 0))
    return Seen(passed, rules, verdict.verified)


def first_look(ws: Path, task: str) -> dict[str, str]:
    """What a small model is shown up front: the listing and short files' texts."""
    return {".": "\n".join(situation(ws, task).files[:LISTED_FILES]),
            **{p.name: p.text for p in previews(ws, task)}}


def play(tmp: Path, tag: str, task: str, ws: Path, plan: list[tuple[str, dict[str, Any]]],
         judge: Callable[[], bool]) -> list[Seen]:
    """Play ``plan`` (no finish) in ``ws``; a look after each step."""
    looker = _Looker(judge, take(ws), task, first_look(ws, task))
    if not plan:
        return looker.looks
    replay_plan(tmp / f"{tag}-data", task, ws, plan, looker)
    return looker.looks


def records(tmp: Path, paths: Iterable[Path], only: list[str] | None) -> None:
    for path in paths:
        runs = json.loads(path.read_text())
        suite = load_suite(HERE / runs.pop("_suite")).challenges
        tally = Tally()
        for name, run in sorted(runs.items()):
            if only and name not in only:
                continue
            challenge = suite[name]
            ws = prepare_workspace(challenge, tmp / f"{path.stem}-{name}")
            plan = [(s["name"], s["args"]) for s in run["steps"]
                    if s["name"] != "finish" and s["status"] == "success"]
            looks = play(tmp, f"{path.stem}-{name}", challenge.task, ws, plan,
                         lambda c=challenge, w=ws: evaluate(c, w).passed)
            tally.add(f"{path.stem}/{name}", looks)
        tally.show(path.stem)


def _fresh_cases() -> list[tuple[str, dict[str, str], Callable[[Path], bool], list, list]]:
    out = []
    for module in ("finish_fresh_cases", *(f"finish_fresh_cases{n}" for n in range(2, 6))):
        cases = next(v for k, v in vars(importlib.import_module(module)).items()
                     if k.startswith("CASES"))
        out += [(task, files, check, rights, wrongs)
                for _kind, task, files, check, rights, wrongs in cases]
    return out


def plans(tmp: Path, only: list[str] | None) -> None:
    """The plans' final workspaces, labelled by the task's (or the case's) own check."""
    tally = Tally()
    suites = {**load_suite(HERE / "small_tasks").challenges,
              **load_suite(HERE / "small_tasks_holdout").challenges}
    n = 0
    for name, challenge in sorted(suites.items()):
        for plan in [*RIGHT.get(name, []), *WRONG.get(name, [])]:
            if only and name not in only:
                continue
            n += 1
            ws = prepare_workspace(challenge, tmp / f"p{n}")
            looks = play(tmp, f"p{n}", challenge.task, ws, plan,
                         lambda c=challenge, w=ws: evaluate(c, w).passed)
            tally.add(f"suite/{name}#{n}", looks[-1:])
    invented = [(task, files, None, rights, wrongs) for task, files, rights, wrongs in INVENTED]
    for task, files, check, rights, wrongs in [*invented, *_fresh_cases()]:
        if only and not any(task.startswith(o) for o in only):
            continue
        for right, group in ((True, rights), (False, wrongs)):
            for plan in group:
                n += 1
                ws = tmp / f"p{n}"
                for path, text in files.items():
                    (ws / path).parent.mkdir(parents=True, exist_ok=True)
                    (ws / path).write_text(text)
                ws.mkdir(exist_ok=True)
                looks = play(tmp, f"p{n}", task, ws, plan,
                             (lambda r=right: r) if check is None
                             else (lambda c=check, w=ws: c(w)))
                tally.add(f"{'invented' if check is None else 'fresh'}/{task[:50]!r}#{n}",
                          looks[-1:])
    tally.show("plans")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", nargs="*", type=Path, help="recorded runs to replay")
    parser.add_argument("--plans", action="store_true", help="the plans instead")
    parser.add_argument("--only", nargs="*", help="only these tasks")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as t:
        if args.plans:
            plans(Path(t), args.only)
        for path in args.records or ():
            records(Path(t), [path], args.only)


if __name__ == "__main__":
    main()
