"""Challenges as Ray tasks: a local cluster by default, or an existing one by address.

Each Ray worker process keeps its own workbench (``bench.agents``), so a local model loads
once per worker. A worker process that dies mid-challenge has its task retried by Ray on
another worker (``max_retries``); the scheduler counts each attempt once. A task that overruns
its cutoff by more than a grace period is cancelled with ``force=True``, which kills its
worker process. ``max_concurrency`` caps the challenges in flight (e.g. to spare a remote
endpoint).

A local cluster stays on loopback: Ray maps ``127.0.0.1`` to the machine's network address and
binds its servers to every interface unless its cluster switch (an environment variable read
when ``ray`` is imported, named for Windows/OSX but honoured everywhere) is off while the
cluster starts. ``start_ray`` turns it off for that moment and refuses a cluster that still
came up on another address.
"""

from __future__ import annotations

import ipaddress
import os
import sys
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from autonomo.bench.agents import AgentSpec
from autonomo.bench.execute import ChallengeResult, run_challenge
from autonomo.bench.runner import Job
from autonomo.errors import MissingDependencyError

#: seconds past its cutoff (plus evaluation) before a task is killed from the driver
KILL_GRACE_S = 60.0
#: how often a killed worker's task is retried elsewhere
MAX_RETRIES = 3
#: "0" keeps a local cluster's node address on loopback (read by every Ray process at import)
CLUSTER_SWITCH = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
LOOPBACK = "127.0.0.1"


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise MissingDependencyError(
            "--ray needs Ray: pip install 'autonomo[ray]' (or pip install ray)."
        ) from exc
    return ray


def _run(spec: AgentSpec, challenge: Any, run_id: str, attempt: int,
         keep_workspace: bool) -> ChallengeResult:
    return run_challenge(spec, challenge, run_id, attempt, keep_workspace=keep_workspace)


def is_loopback(host: str) -> bool:
    """True for 127.0.0.0/8, ::1 and IPv4-mapped loopback (``::ffff:127.0.0.1``)."""
    ip = ipaddress.ip_address(host.split("%", 1)[0])
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback


@contextmanager
def _cluster_switch_off() -> Iterator[None]:
    """Ray's cluster switch off while a local cluster starts: in the environment, for the GCS,
    raylet and workers it spawns, and in this process, which may have imported ``ray`` (and
    read the switch) already. Restored afterwards, so a later connection to a remote cluster
    is not pinned to loopback."""
    import ray._private.ray_constants as constants

    saved_env, saved_flag = os.environ.get(CLUSTER_SWITCH), constants.ENABLE_RAY_CLUSTER
    os.environ[CLUSTER_SWITCH] = "0"
    constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        constants.ENABLE_RAY_CLUSTER = saved_flag
        if saved_env is None:
            os.environ.pop(CLUSTER_SWITCH, None)
        else:
            os.environ[CLUSTER_SWITCH] = saved_env


def start_ray(address: str | None = None, *, num_cpus: int | None = 2) -> Any:
    """Connect to ``address`` or start a local cluster on 127.0.0.1 only, without a dashboard;
    the driver's import path is handed to the workers, so challenge/model factories
    importable here are there."""
    ray = _import_ray()
    if ray.is_initialized():
        return ray
    paths = [p for p in sys.path if p and os.path.isdir(p)]
    runtime_env = {"env_vars": {"PYTHONPATH": os.pathsep.join(paths)}}
    if address:
        ray.init(address=address, runtime_env=runtime_env, log_to_driver=False)
        return ray
    with _cluster_switch_off():
        ray.init(num_cpus=num_cpus, include_dashboard=False, runtime_env=runtime_env,
                 log_to_driver=False, _node_ip_address=LOOPBACK)
    node_ip = ray.util.get_node_ip_address()
    if not is_loopback(node_ip):
        ray.shutdown()
        raise RuntimeError(f"the local Ray cluster came up on {node_ip}, not on loopback; "
                           f"refusing it (does this Ray version still read {CLUSTER_SWITCH}?)")
    return ray


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else repr(exc)


class RayExecutor:
    name = "ray"

    def __init__(self, spec: AgentSpec, run_id: str, *, max_concurrency: int | None = None,
                 keep_workspaces: bool = False, kill_grace_s: float = KILL_GRACE_S) -> None:
        self.ray = _import_ray()
        if not self.ray.is_initialized():
            start_ray()
        self.spec, self.run_id, self.keep = spec, run_id, keep_workspaces
        self.kill_grace_s = kill_grace_s
        cpus = int(self.ray.cluster_resources().get("CPU", 1))
        self.limit = max(1, min(max_concurrency or cpus, cpus))
        self.remote = self.ray.remote(num_cpus=1, max_retries=MAX_RETRIES)(_run)
        self.queue: deque[Job] = deque()
        #: in-flight task -> (job, the time by which it must have finished)
        self.flight: dict[Any, tuple[Job, float]] = {}
        self.spec_ref = self.ray.put(spec)

    def submit(self, job: Job) -> None:
        self.queue.append(job)
        self._fill()

    def _fill(self) -> None:
        while self.queue and len(self.flight) < self.limit:
            job = self.queue.popleft()
            ref = self.remote.remote(self.spec_ref, job.challenge, self.run_id, job.attempt,
                                     self.keep)
            deadline = time.monotonic() + job.challenge.cutoff + self.kill_grace_s
            self.flight[ref] = (job, deadline)

    def busy(self) -> bool:
        return bool(self.flight or self.queue)

    def next_results(self) -> list[ChallengeResult]:
        results: list[ChallengeResult] = []
        while not results:
            self._fill()
            earliest = min(deadline for _, deadline in self.flight.values())
            timeout = max(0.0, earliest - time.monotonic())
            ready, _ = self.ray.wait(list(self.flight), num_returns=1, timeout=timeout)
            if ready:
                more, _ = self.ray.wait(list(self.flight), num_returns=len(self.flight),
                                        timeout=0)
                for ref in {*ready, *more}:
                    job, _deadline = self.flight.pop(ref)
                    results.append(self._collect(ref, job))
            results.extend(self._kill_overdue())
        self._fill()
        return results

    def _collect(self, ref: Any, job: Job) -> ChallengeResult:
        try:
            return self.ray.get(ref)
        except Exception as exc:  # the task failed after its retries: record, don't crash
            reason = _first_line(exc)
            cause = getattr(exc, "cause", None)  # a RayTaskError's first line is only "ray::_run()"
            if isinstance(cause, BaseException):
                reason = f"{reason}: {type(cause).__name__}: {_first_line(cause)}"
            return ChallengeResult.for_challenge(
                job.challenge, self.run_id, job.attempt, status="fail",
                reason=f"the Ray task failed ({type(exc).__name__}): {reason}")

    def _kill_overdue(self) -> list[ChallengeResult]:
        now, killed = time.monotonic(), []
        for ref, (job, deadline) in list(self.flight.items()):
            if now >= deadline:
                self.ray.cancel(ref, force=True)
                del self.flight[ref]
                killed.append(ChallengeResult.for_challenge(
                    job.challenge, self.run_id, job.attempt, status="fail",
                    reason=f"cutoff reached: the worker was killed {self.kill_grace_s:g} s "
                           "after the cutoff"))
        return killed

    def close(self) -> None:
        for ref in self.flight:
            self.ray.cancel(ref, force=True)
        self.flight.clear()
        self.queue.clear()
