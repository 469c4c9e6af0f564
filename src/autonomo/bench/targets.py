"""What works on a challenge: one agent (the default), a team (``--team module:function``) or
an SOP file (``--sop FILE``: autonomo YAML, a ChatDev company folder or an aiwaves config),
each run in a thread within the challenge's cutoff.

A team factory is called as ``build(model, *, store, workspace, observer, services)`` and
returns an ``autonomo.team.Team`` made with those (``services["workbench"]`` is the worker's
``Workbench``, for roles that run agents); the bench runs ``team.run(n_round=max_steps,
idea=task)`` and judges the workspace.

At the cutoff the work is told to stop: the agent's approval refuses its next command, and the
next model call (agent) or round/call (team) raises ``CutoffReached``. Work stuck inside a call
cannot be interrupted from Python; it is abandoned, and this process's models with it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autonomo.bench.agents import BENCH_PROFILE, AgentSpec, Worker, discard, load_object

#: seconds the work gets, after its cutoff, to stop by itself before it is abandoned
STOP_GRACE_S = 5.0


class CutoffReached(Exception):
    """Raised inside the working thread after the cutoff."""


def _check(stop: threading.Event) -> None:
    if stop.is_set():
        raise CutoffReached("the challenge's cutoff was reached")


@dataclass
class _Work:
    """A target set up on a challenge: ``run`` gives (status, reason, steps); ``usage`` and
    ``steps`` read its progress, also while it runs or after it was abandoned."""

    id: str
    run: Callable[[], tuple[str, str, int]]
    usage: Callable[[], Any]
    steps: Callable[[], int]


class _AgentStopper:
    """Approval and run observer in one: both refuse to go on once ``event`` is set."""

    def __init__(self, event: threading.Event) -> None:
        self.event = event

    def decide(self, state: Any, action: Any) -> Any:
        from autonomo import Decision

        return Decision(kind="stop" if self.event.is_set() else "run")

    def ask(self, question: str) -> str:
        return "No one is available to answer; decide on your own."

    def on_model_call(self, purpose: str, messages: list[Any]) -> None:
        _check(self.event)

    def __getattr__(self, name: str) -> Any:  # the other observer hooks do nothing
        if name.startswith("on_"):
            return lambda *args, **kwargs: None
        raise AttributeError(name)


def _agent_work(spec: AgentSpec, worker: Worker, task: str, workspace: Path,
                stop: threading.Event) -> _Work:
    from autonomo import AgentProfile, Runner

    agent = worker.bench.new_agent(task, profile=AgentProfile(**BENCH_PROFILE),
                                   workspace=workspace, strategy=spec.strategy)
    stopper = _AgentStopper(stop)

    def run() -> tuple[str, str, int]:
        result = Runner(agent, stopper, observer=stopper).run(spec.max_steps)  # type: ignore[arg-type]
        return result.status, result.reason, result.steps

    return _Work(agent.state.id, run, lambda: agent.state.usage,
                 lambda: len(agent.state.episodes))


def _team_work(spec: AgentSpec, worker: Worker, task: str, workspace: Path,
               stop: threading.Event) -> _Work:
    from autonomo.llm.types import Usage
    from autonomo.team.observer import TeamObserver
    from autonomo.team.store import TeamStore

    class Stopper(TeamObserver):
        def on_round(self, number: int) -> None:
            _check(stop)

        def on_call(self, role: str, purpose: str, completion: Any, *, replayed: bool) -> None:
            _check(stop)

    build = load_object(spec.team or "")
    team = build(worker.bench.model, store=TeamStore(worker.bench.settings.data_dir),
                 workspace=workspace, observer=Stopper(),
                 services={"workbench": worker.bench})

    def run() -> tuple[str, str, int]:
        result = team.run(n_round=spec.max_steps, idea=task)
        return result.status, result.reason, result.rounds

    return _Work(team.state.id, run, lambda: sum(team.calls.by_role.values(), Usage()),
                 lambda: team.state.round)


def _sop_work(spec: AgentSpec, worker: Worker, task: str, workspace: Path,
              stop: threading.Event) -> _Work:
    from autonomo.llm.types import Usage
    from autonomo.team.sop.engine import SopRun
    from autonomo.team.sop.events import SopObserver
    from autonomo.team.sop.load import load_sop
    from autonomo.team.sop.store import SopStore

    class Stopper(SopObserver):
        def on_event(self, event: Any) -> None:
            _check(stop)

    bench = worker.bench
    sop = SopRun(load_sop(Path(spec.sop or "")), task, model=bench.model,
                 smart_model=bench.smart_model, workspace=workspace, settings=bench.settings,
                 store=SopStore(bench.settings.data_dir), observer=Stopper(),
                 ask_human=lambda question: "No one is available; decide on your own.")

    def run() -> tuple[str, str, int]:
        result = sop.run()
        return result.status, result.reason, result.messages

    return _Work(sop.run_id, run, lambda: sum(sop.usage.values(), Usage()),
                 lambda: len(sop.lines))


def run_within_cutoff(spec: AgentSpec, worker: Worker, task: str, workspace: Path,
                      cutoff: float) -> dict[str, Any]:
    """Run the spec's target on ``task`` in ``workspace``; the outcome has status, reason,
    steps, usage, agent_id (the trajectory) and ``cutoff``/``abandoned`` when they apply."""
    stop = threading.Event()
    make = _sop_work if spec.sop else _team_work if spec.team else _agent_work
    work = make(spec, worker, task, workspace, stop)
    outcome: dict[str, Any] = {"agent_id": work.id}

    def guarded() -> None:
        try:
            status, reason, steps = work.run()
            outcome.update(status=status, reason=reason, steps=steps)
        except CutoffReached:
            outcome.update(status="cutoff")
        except Exception as exc:  # the agent crashed: a failed challenge, not a failed run
            outcome.update(status="error", reason=f"{type(exc).__name__}: {exc}")

    thread = threading.Thread(target=guarded, name=f"bench-{outcome['agent_id']}", daemon=True)
    thread.start()
    thread.join(cutoff)
    if thread.is_alive():
        stop.set()
        thread.join(STOP_GRACE_S)
        outcome["cutoff"] = True
        if thread.is_alive():
            discard(spec)  # stuck in a call: never hand its models to another challenge
            outcome["abandoned"] = True
    if not outcome.get("steps"):
        outcome["steps"] = work.steps()
    outcome["usage"] = work.usage()
    return outcome
