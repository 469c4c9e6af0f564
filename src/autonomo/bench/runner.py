"""Running a suite: dependency order, executors (in-process or Ray), results as they come.

A challenge starts once every challenge it depends on (in the same repetition) has passed; if
one failed or was skipped, it is skipped too, with the reason. Results are stored as they
arrive, and a second result for the same attempt (a retried Ray task) is ignored: each
challenge attempt is counted exactly once.
"""

from __future__ import annotations

import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from autonomo.bench.agents import AgentSpec
from autonomo.bench.challenge import Challenge, Suite
from autonomo.bench.execute import ChallengeResult, run_challenge, skipped
from autonomo.bench.store import BenchStore


@dataclass(frozen=True)
class Job:
    challenge: Challenge
    attempt: int

    @property
    def key(self) -> tuple[str, int]:
        return self.challenge.name, self.attempt


class Executor(Protocol):
    """Where challenges run."""

    name: str

    def submit(self, job: Job) -> None: ...

    def next_results(self) -> list[ChallengeResult]:
        """Block until at least one submitted job has a result; return those that do."""
        ...

    def busy(self) -> bool:
        """Whether submitted jobs have no result yet."""
        ...

    def close(self) -> None: ...


class InProcessExecutor:
    """Runs one challenge at a time in this process (the models are built once)."""

    name = "in-process"

    def __init__(self, spec: AgentSpec, run_id: str, *, keep_workspaces: bool = False) -> None:
        self.spec, self.run_id, self.keep = spec, run_id, keep_workspaces
        self.queue: deque[Job] = deque()

    def submit(self, job: Job) -> None:
        self.queue.append(job)

    def next_results(self) -> list[ChallengeResult]:
        job = self.queue.popleft()
        return [run_challenge(self.spec, job.challenge, self.run_id, job.attempt,
                              keep_workspace=self.keep)]

    def busy(self) -> bool:
        return bool(self.queue)

    def close(self) -> None:
        self.queue.clear()


ResultCallback = Callable[[ChallengeResult, int, int], None]


def new_run_id() -> str:
    return "run-" + uuid.uuid4().hex[:10]


def run_suite(
    suite: Suite,
    executor: Executor,
    *,
    run_id: str,
    repeat: int = 1,
    store: BenchStore | None = None,
    on_result: ResultCallback | None = None,
    labels: dict[str, str] | None = None,
) -> list[ChallengeResult]:
    """Run every challenge ``repeat`` times through ``executor``; return the results.

    With a ``store``, the run (``labels``: suite, agent, anything else worth keeping) and each
    result are written as they happen."""
    labels = dict(labels or {})
    if store is not None:
        store.start_run(run_id, suite=labels.pop("suite", ""), agent=labels.pop("agent", ""),
                        repeat=repeat, executor=executor.name, meta=labels)
    total = len(suite) * repeat
    waiting = [Job(c, attempt) for attempt in range(repeat) for c in suite]
    results: dict[tuple[str, int], ChallengeResult] = {}
    submitted: set[tuple[str, int]] = set()

    def record(result: ChallengeResult) -> None:
        key = (result.challenge, result.attempt)
        if key in results:  # a retried task that reported twice: counted once
            return
        results[key] = result
        if store is not None:
            store.add(result)
        if on_result is not None:
            on_result(result, len(results), total)

    while len(results) < total:
        progressed = True
        while progressed:  # skips can unlock (skip) more dependants
            progressed = False
            for job in waiting:
                if job.key in submitted or job.key in results:
                    continue
                deps = [results.get((d, job.attempt)) for d in job.challenge.dependencies]
                failed = [r for r in deps if r is not None and r.status != "pass"]
                if failed:
                    blocker = failed[0]
                    record(skipped(job.challenge, run_id, job.attempt,
                                   f"prerequisite {blocker.challenge} did not pass "
                                   f"({blocker.status})"))
                    progressed = True
                elif all(r is not None for r in deps):
                    submitted.add(job.key)
                    executor.submit(job)
        if len(results) >= total:
            break
        if not executor.busy():
            raise RuntimeError("the benchmark scheduler has nothing to run but is not done")
        for result in executor.next_results():
            record(result)
    if store is not None:
        store.finish_run(run_id)
    return [results[job.key] for job in waiting]
