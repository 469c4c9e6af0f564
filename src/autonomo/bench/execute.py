"""One challenge, start to verdict: fresh workspace, the agent (or team) within its cutoff
(``bench.targets``), then the eval.

The same function runs in-process and inside a Ray task. Under Ray the driver also kills a
task that overruns its cutoff by more than a grace period, taking the worker process with it.
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from autonomo.bench.agents import AgentSpec, work_root, worker_for
from autonomo.bench.agents import worker_name as _worker_name
from autonomo.bench.challenge import Challenge, prepare_workspace
from autonomo.bench.evaluate import Evaluation, evaluate
from autonomo.bench.targets import run_within_cutoff
from autonomo.bench.webserver import serve_folder
from autonomo.tools import fstree
from autonomo.tools.workspace import folder_name


class ChallengeResult(BaseModel):
    """The outcome of one challenge attempt, as stored and reported."""

    run_id: str
    challenge: str
    attempt: int = 0
    category: str = ""
    categories: list[str] = Field(default_factory=list)
    difficulty: str = ""
    status: str  # pass | fail | skip
    reason: str = ""
    steps: int = 0
    prompt_tokens: int = 0
    cached_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    wall_s: float = 0.0
    trajectory_id: str = ""
    worker: str = ""
    #: how many times this worker process had built its models when it ran this
    worker_builds: int = 0
    eval: dict[str, Any] = Field(default_factory=dict)
    finished_at: str = ""

    @classmethod
    def for_challenge(cls, challenge: Challenge, run_id: str, attempt: int, **values: Any
                      ) -> ChallengeResult:
        return cls(run_id=run_id, challenge=challenge.name, attempt=attempt,
                   category=challenge.main_category, categories=challenge.category,
                   difficulty=challenge.difficulty,
                   finished_at=datetime.now(UTC).isoformat(timespec="seconds"), **values)


def run_challenge(spec: AgentSpec, challenge: Challenge, run_id: str, attempt: int = 0,
                  *, keep_workspace: bool = False) -> ChallengeResult:
    """Run ``challenge`` once with the agent ``spec`` describes and judge the workspace."""
    started = time.monotonic()
    worker = worker_for(spec)
    leaf = f"{folder_name(challenge.name)}-{attempt}-{uuid.uuid4().hex[:8]}"
    workspace = work_root(spec) / folder_name(run_id) / leaf
    prepare_workspace(challenge, workspace)
    try:
        with serve_folder(challenge.folder("web")) as url:
            task = challenge.task.replace("{web_url}", url or "")
            outcome = run_within_cutoff(spec, worker, task, workspace, challenge.cutoff)
        evaluation = evaluate(challenge, workspace, sandbox=worker.bench.settings.sandbox,
                              grader=worker.grader)
    finally:
        if not keep_workspace:
            _remove(workspace)
    status, reason = _verdict(outcome, evaluation)
    usage = outcome["usage"]
    return ChallengeResult.for_challenge(
        challenge, run_id, attempt, status=status, reason=reason, steps=outcome["steps"],
        prompt_tokens=usage.prompt_tokens, cached_tokens=usage.cached_prompt_tokens,
        completion_tokens=usage.completion_tokens, cost=usage.cost,
        wall_s=round(time.monotonic() - started, 3), trajectory_id=outcome["agent_id"],
        worker=_worker_name(), worker_builds=worker.builds, eval=evaluation.to_dict(),
    )


def _remove(workspace: Path) -> None:
    """The agent's workspace, gone: removed in a loop (``fstree.remove_tree``), since the
    agent under test may have nested folders deeper than ``shutil.rmtree`` can recurse."""
    with contextlib.suppress(OSError):
        parent = os.open(workspace.parent, fstree.DIR_FLAGS)
        try:
            fstree.remove_tree(parent, workspace.name)
        finally:
            os.close(parent)


def _verdict(outcome: dict[str, Any], evaluation: Evaluation) -> tuple[str, str]:
    if outcome.get("cutoff"):
        how = "abandoned, stuck in a call" if outcome.get("abandoned") else "stopped"
        return "fail", f"cutoff reached: the agent was {how}"
    if outcome.get("status") == "error":
        return "fail", f"the agent crashed: {outcome['reason']}"
    if evaluation.passed:
        return "pass", evaluation.reason
    ended = outcome.get("reason") or outcome.get("status", "")
    return "fail", f"{evaluation.reason} (agent: {ended})" if ended else evaluation.reason


def skipped(challenge: Challenge, run_id: str, attempt: int, reason: str) -> ChallengeResult:
    return ChallengeResult.for_challenge(challenge, run_id, attempt, status="skip",
                                         reason=reason)
