"""The finish check alone, on recorded work: right work must be accepted, wrong work refused.

    python benchmarks/finish_check.py              # every plan, both suites and invented tasks
    python benchmarks/finish_check.py --only PetsCsv CountLines

A plan is the list of commands a capable model might run for a task, in its own order (read
first or write first, a shell line instead of a command, ...). Each plan is played through
the real ``Runner`` with a scripted model, the real commands and sandbox, then ``finish``:
the check either accepts it or refuses it. For the tasks of ``benchmarks/small_tasks`` and
``benchmarks/small_tasks_holdout`` (both seen) whether the work is right is the task's own
check on the workspace, not this file; ``RIGHT`` plans are ones the check passes, ``WRONG``
plans come from recorded false finishes of the embedded model and from plausible mistakes.
``INVENTED`` tasks were written for this benchmark (their labels are this file's).

Prints ``name: value`` lines: ``right_plans``, ``right_refused`` (the check refused right
work: a false refusal), ``wrong_plans``, ``wrong_accepted`` (a false success the check let
through), ``right_finished`` and ``wrong_finished`` (the run ended FINISHED: the positive
verifiers confirmed it; ``wrong_finished`` must be 0), and each case as a ``#`` line.

    python benchmarks/finish_check.py --records benchmarks/finish_records/*.json

replays runs of the embedded model recorded by ``record_runs.py`` instead: each run's
successful commands are played again (scripted model, real commands and sandbox); after each
step the check is asked as the run's own check would be (with the file texts a small model
is shown up front) and the task's check judges the workspace. Per file it prints
``<set>_runs``, ``<set>_false_finish_before`` (the run ended FINISHED, its check failed),
``<set>_false_finish`` (at the run's last step the check would accept failed work),
``<set>_false_accept_any`` (at some step it would), ``<set>_passed`` and
``<set>_passed_not_verified`` (the run's work passed, the check would refuse it).

Then the positive verifiers (``agent/verifying.py``) on the same runs: a finish the check
does not refuse ends FINISHED only when a verifier confirms it, judged against the workspace
as it was before the first replayed step. ``<set>_false_finish_verified`` (would end
FINISHED, the task's check fails: the figure that must be 0), ``<set>_verified_correct`` (would
end FINISHED, and passes), ``<set>_not_verified`` (would end "unverified") and
``<set>_verified_pass_rate`` (verified_correct / passed: the price in honest work);
``<set>_verifier_alone_false``: runs the verifiers alone would confirm though the task's
check fails (the check not asked: their own precision, on work the check refuses too);
``<set>_verifier_alone_correct``: runs they alone would confirm that pass (their own recall,
whatever the contradiction rules refuse). A program the task names is run again on the start
workspace, in the sandbox, as a run's end does.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

from finish_plans import INVENTED, RIGHT, WRONG, Step

from autonomo import AgentProfile, ScriptedModel, Settings, Workbench
from autonomo.agent.finishing import finish_objection
from autonomo.agent.observer import RunObserver
from autonomo.agent.runner import Runner
from autonomo.agent.strategies.base import LISTED_FILES
from autonomo.agent.strategies.grounding import previews, situation
from autonomo.agent.verifying import runs_of, verify
from autonomo.agent.verifying_rerun import rerunner
from autonomo.agent.verifying_snapshot import take
from autonomo.bench import evaluate, load_suite, prepare_workspace
from autonomo.llm.scripted import ScriptExhaustedError

HERE = Path(__file__).resolve().parent


def _reply(name: str, **args: Any) -> str:
    return json.dumps(
        {
            "thoughts": {
                "reasoning": "-",
                "text": "-",
                "plan": "-",
                "speak": "-",
                "observations": "-",
                "self_criticism": "-",
            },
            "command": {"name": name, "args": args},
        }
    )


def play(tmp: Path, tag: str, task: str, workspace: Path,
         plan: list[Step]) -> tuple[bool, str, str]:
    """Run ``plan`` then ``finish``: (accepted, what the finish got back, how the run
    ended)."""
    model = ScriptedModel([_reply(n, **a) for n, a in plan] + [_reply("finish", reason="done")])
    # the evidence a small local model's run is held to (off by default for other models)
    settings = Settings(data_dir=tmp / f"{tag}-data", sandbox={"allow_shell": True},
                        agent={"finish_evidence": True})
    bench = Workbench.open(settings, models=(model, model, model))
    bench.memory = False
    try:
        agent = bench.new_agent(
            task, workspace=workspace, profile=AgentProfile(name="T", role="a test agent")
        )
        Runner(agent).run(max_steps=len(plan) + 1)
        last = agent.state.episodes[-1] if agent.state.episodes else None
        status, reason = agent.state.status, agent.state.stop_reason
    finally:
        bench.close()
    if last is None or last.action.name != "finish" or last.result is None:
        return False, "no finish", status
    return last.result.status == "success", last.result.output if status != "unverified" \
        else reason, status


def replay_plan(data_dir: Path, task: str, workspace: Path, plan: list[Step],
                observer: RunObserver) -> None:
    """Replay ``plan`` (no finish) through a scripted agent in ``workspace``, ``observer``
    seeing each step; a replayed step that failed ends it where it stands."""
    model = ScriptedModel([_reply(n, **a) for n, a in plan])
    settings = Settings(data_dir=data_dir, sandbox={"allow_shell": True})
    bench = Workbench.open(settings, models=(model, model, model))
    bench.memory = False
    try:
        agent = bench.new_agent(task, workspace=workspace,
                                profile=AgentProfile(name="T", role="a test agent"))
        Runner(agent, observer=observer).run(max_steps=len(plan))
    except ScriptExhaustedError:
        pass  # a replayed step failed and the run asked for more: judged as it stands
    finally:
        bench.close()


class _Judge(RunObserver):
    """After each step: would the check accept a finish, and does the task's check pass?"""

    def __init__(self, challenge: Any, workspace: Path, shown: dict[str, str]) -> None:
        self.challenge, self.workspace, self.shown = challenge, workspace, shown
        self.verdicts: list[tuple[str | None, bool]] = []
        self.episodes: list[Any] = []

    def on_episode(self, state: Any, episode: Any) -> None:
        self.episodes = list(state.episodes)
        try:
            objection = finish_objection(state, "", shown=self.shown)
        except TypeError:  # the check before it knew what a small model was shown
            objection = finish_objection(state, "")
        self.verdicts.append((objection, evaluate(self.challenge, self.workspace).passed))


def replay(tmp: Path, path: Path, only: list[str] | None = None) -> None:
    """Replay the runs recorded in ``path`` (``record_runs.py``) and print the figures
    (``only``: of these tasks)."""
    runs = json.loads(path.read_text())
    suite = load_suite(HERE / runs.pop("_suite")).challenges
    label = path.stem
    counts = dict.fromkeys(("runs", "false_finish_before", "false_finish", "false_accept_any",
                            "passed", "passed_not_verified", "false_finish_verified",
                            "verified_correct", "not_verified", "verifier_alone_false",
                            "verifier_alone_correct"), 0)
    for name, run in sorted(runs.items()):
        if only and name not in only:
            continue
        challenge = suite[name]
        ws = prepare_workspace(challenge, tmp / f"{label}-{name}")
        shown = {".": "\n".join(situation(ws, challenge.task).files[:LISTED_FILES]),
                 **{p.name: p.text for p in previews(ws, challenge.task)}}
        plan = [(s["name"], s["args"]) for s in run["steps"]
                if s["name"] != "finish" and s["status"] == "success"]
        judge = _Judge(challenge, ws, shown)
        start = take(ws)
        if plan:
            replay_plan(tmp / f"{label}-{name}-data", challenge.task, ws, plan, judge)
        objection, passed = judge.verdicts[-1] if judge.verdicts else ("no step", False)
        alone = verify(challenge.task, start, take(ws), runs_of(judge.episodes, 0),
                       rerunner(start, Settings(sandbox={"allow_shell": True}).sandbox))
        verdict = alone if objection is None else None
        verified = verdict is not None and verdict.verified
        # the verifiers' own precision, whatever the check says (a blind set's wrong work
        # often passes the check: the verifiers are what must not accept it)
        counts["verifier_alone_false"] += alone.verified and not passed
        counts["verifier_alone_correct"] += alone.verified and passed
        counts["false_finish_verified"] += verified and not passed
        counts["verified_correct"] += verified and passed
        counts["not_verified"] += verdict is not None and not verified
        counts["runs"] += 1
        counts["false_finish_before"] += run["status"] == "finished" and not run["passed"]
        counts["false_finish"] += objection is None and not passed
        counts["false_accept_any"] += any(o is None and not p for o, p in judge.verdicts)
        counts["passed"] += passed
        counts["passed_not_verified"] += passed and objection is not None
        mark = "  <-- false finish" if objection is None and not passed else (
            "  <-- not verified" if passed and objection else "")
        ends = "refused" if verdict is None else (
            f"FINISHED ({verdict.operation})" if verified else "unverified")
        mark += "  <== FALSE FINISHED" if verified and not passed else (
            "  <== right work unverified" if passed and verdict is not None and not verified
            else "")
        if alone.verified and not passed:
            mark += f"  <== the verifiers alone would confirm it: {alone.why[:100]}"
        print(f"# {label} {name}: {'passed' if passed else 'failed'}, recorded "
              f"{run['status']}, check {'accepts' if objection is None else 'refuses'}, "
              f"ends {ends}{mark}"
              f"{'' if objection is None else ' | ' + objection[:150]}"
              f"{'' if verdict is None else ' | ' + verdict.why[:150]}", flush=True)
    for key, value in counts.items():
        print(f"{label}_{key}: {value}")
    print(f"{label}_verified_pass_rate: "
          f"{counts['verified_correct'] / max(counts['passed'], 1):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--only", nargs="*", help="only these tasks (suite names or the start of an invented task)"
    )
    parser.add_argument("--records", nargs="*", type=Path,
                        help="replay these recorded runs (record_runs.py) instead")
    args = parser.parse_args()
    if args.records:
        with tempfile.TemporaryDirectory() as t:
            for path in args.records:
                replay(Path(t), path, args.only)
        return
    suites = {
        **load_suite(HERE / "small_tasks").challenges,
        **load_suite(HERE / "small_tasks_holdout").challenges,
    }
    counts = {"right": 0, "right_refused": 0, "wrong": 0, "wrong_accepted": 0, "mislabelled": 0,
              "wrong_finished": 0, "right_finished": 0}

    def count(label: str, name: str, accepted: bool, why: str, right: bool,
              status: str) -> None:
        counts["right" if right else "wrong"] += 1
        bad = (not accepted) if right else accepted
        if bad:
            counts["right_refused" if right else "wrong_accepted"] += 1
        counts["right_finished" if right else "wrong_finished"] += status == "finished"
        worst = "  <== FALSE FINISHED" if not right and status == "finished" else ""
        print(
            f"# {label} {name}: {'right' if right else 'wrong'} work "
            f"{'accepted' if accepted else 'refused'}{'  <--' if bad else ''}, ends {status}"
            f"{worst}{'' if accepted and status == 'finished' else ' | ' + why[:160]}",
            flush=True,
        )

    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        for name, challenge in sorted(suites.items()):
            if args.only and name not in args.only:
                continue
            for right, plans in ((True, RIGHT.get(name, [])), (False, WRONG.get(name, []))):
                for i, plan in enumerate(plans):
                    tag = f"{name}-{right}-{i}"
                    ws = prepare_workspace(challenge, tmp / tag)
                    accepted, why, status = play(tmp, tag, challenge.task, ws, plan)
                    if evaluate(challenge, ws).passed != right:  # the plan is not what it says
                        counts["mislabelled"] += 1
                        print(f"# MISLABELLED {tag}")
                        continue
                    count("suite", f"{name}#{i}", accepted, why, right, status)
        for n, (task, files, rights, wrongs) in enumerate(INVENTED):
            if args.only and not any(task.startswith(o) for o in args.only):
                continue
            for right, plans in ((True, rights), (False, wrongs)):
                for i, plan in enumerate(plans):
                    ws = tmp / f"inv{n}-{right}-{i}"
                    ws.mkdir()
                    for path, text in files.items():
                        (ws / path).parent.mkdir(parents=True, exist_ok=True)
                        (ws / path).write_text(text)
                    accepted, why, status = play(tmp, f"inv{n}-{right}-{i}", task, ws, plan)
                    count("invented", f"{task[:50]!r}#{i}", accepted, why, right, status)
    print(f"right_plans: {counts['right']}")
    print(f"right_refused: {counts['right_refused']}")
    print(f"wrong_plans: {counts['wrong']}")
    print(f"wrong_accepted: {counts['wrong_accepted']}")
    print(f"mislabelled_plans: {counts['mislabelled']}")
    # the positive verifiers: right work that still ends FINISHED, wrong work that does
    print(f"right_finished: {counts['right_finished']}")
    print(f"wrong_finished: {counts['wrong_finished']}")


if __name__ == "__main__":
    main()
