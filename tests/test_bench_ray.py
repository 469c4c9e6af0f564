"""A real local Ray cluster: on loopback only; challenges spread over 2 workers, one SIGKILLed
mid-run."""

from __future__ import annotations

import os
import signal
import threading
import time
from dataclasses import replace
from pathlib import Path

import psutil
import pytest

from autonomo.bench import load_suite
from autonomo.bench.runner import run_suite
from autonomo.bench.store import BenchStore
from bench_helpers import reply, write_challenge
from test_bench_runner import spec_for

ray = pytest.importorskip("ray")
SWITCH_BEFORE = os.environ.get("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER")


@pytest.fixture(scope="module")
def cluster():
    from autonomo.bench.ray_executor import start_ray

    start_ray(num_cpus=2)
    yield ray
    ray.shutdown()


def _pid() -> int:
    return os.getpid()


def _sockets(procs: list[psutil.Process]) -> list[tuple[str, str, str, str]]:
    """(process name, status, local address, remote address) of every inet socket."""
    found = []
    for proc in procs:
        try:
            name, conns = proc.name(), proc.net_connections(kind="inet")
        except psutil.NoSuchProcess:
            continue
        found += [(name, c.status, c.laddr.ip, c.raddr.ip if c.raddr else "") for c in conns]
    return found


def test_the_local_cluster_binds_and_talks_on_loopback_only(cluster) -> None:
    from autonomo.bench.ray_executor import CLUSTER_SWITCH, is_loopback

    # workers too: they open their own servers and connections
    assert len(set(cluster.get([cluster.remote(_pid).remote() for _ in range(6)]))) >= 1
    assert cluster.util.get_node_ip_address() == "127.0.0.1"
    me = psutil.Process()
    procs = [me, *me.children(recursive=True)]
    names = {p.name() for p in procs}
    assert {"gcs_server", "raylet"} <= names, names  # the cluster this test started
    assert any(n.startswith("ray::") for n in names), names
    sockets = _sockets(procs)
    assert sum(status == psutil.CONN_LISTEN for _, status, _, _ in sockets) >= 3, sockets
    outside = [s for s in sockets if not is_loopback(s[2]) or (s[3] and not is_loopback(s[3]))]
    assert outside == [], outside  # not bound to :: / 0.0.0.0, nor talking to 192.0.2.x
    # the switch was only off while the cluster started
    assert os.environ.get(CLUSTER_SWITCH) == SWITCH_BEFORE


def test_is_loopback() -> None:
    from autonomo.bench.ray_executor import is_loopback

    assert all(map(is_loopback, ["127.0.0.1", "127.3.2.1", "::1", "::ffff:127.0.0.1"]))
    assert not any(map(is_loopback, ["0.0.0.0", "::", "192.0.2.2", "::ffff:192.0.2.2",
                                     "fd00::2"]))


def test_twenty_challenges_over_two_workers_survive_a_killed_worker(tmp_path: Path,
                                                                    cluster) -> None:
    from autonomo.bench.ray_executor import RayExecutor

    root = tmp_path / "suite"
    marker = tmp_path / "victim.pid"
    plans = {}
    for i in range(20):
        task = f"Write the word w{i} to f{i}.txt"
        write_challenge(root, f"C{i:02d}", task=task, files=[f"f{i}.txt"],
                        should_contain=[f"w{i}"], cutoff=60)
        plans[task] = [reply("write_file", path=f"f{i}.txt", content=f"w{i}"),
                       reply("finish", reason="done")]
    victim = "Write the word w7 to f7.txt"
    plans[victim] = [{"act": "mark", "path": str(marker)}, {"act": "sleep", "seconds": 30},
                     *plans[victim]]
    spec = spec_for(tmp_path, plans)
    killed: list[int] = []

    def kill_when_marked() -> None:
        deadline = time.monotonic() + 60
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        if marker.exists():
            time.sleep(0.2)
            pid = int(marker.read_text())
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    killer = threading.Thread(target=kill_when_marked)
    killer.start()
    store = BenchStore(tmp_path / "data")
    executor = RayExecutor(spec, "run-ray")
    results = run_suite(load_suite(root), executor, run_id="run-ray", store=store)
    killer.join()
    assert killed, "the victim challenge never started"
    assert len(results) == 20
    assert sorted(r.challenge for r in store.results("run-ray")) == [f"C{i:02d}"
                                                                      for i in range(20)]
    assert all(r.status == "pass" for r in results), [r.reason for r in results]
    victim_result = next(r for r in results if r.challenge == "C07")
    assert not victim_result.worker.endswith(f":{killed[0]}")  # retried elsewhere
    workers = {r.worker for r in results}
    assert len(workers) >= 2
    assert all(r.worker_builds == 1 for r in results)  # models built once per worker process


def test_a_worker_stuck_past_the_cutoff_is_killed_from_the_driver(tmp_path: Path,
                                                                   cluster) -> None:
    from autonomo.bench.ray_executor import RayExecutor

    write_challenge(tmp_path / "suite", "Hang", task="Anything", cutoff=1)
    spec = replace(spec_for(tmp_path, {}), models="bench_helpers:hanging_models",
                   model_args={"seconds": 120})
    started = time.monotonic()
    executor = RayExecutor(spec, "run-hang", kill_grace_s=2)
    (result,) = run_suite(load_suite(tmp_path / "suite"), executor, run_id="run-hang")
    assert result.status == "fail"
    assert result.reason == "cutoff reached: the worker was killed 2 s after the cutoff"
    assert time.monotonic() - started < 60


def test_a_failed_task_is_recorded_with_its_cause(tmp_path: Path) -> None:
    import sqlite3

    from autonomo.bench.ray_executor import RayExecutor
    from autonomo.bench.runner import Job

    class TaskError(Exception):  # like RayTaskError: its first line names only the task
        cause = sqlite3.OperationalError("database is locked")

    class FailingRay:
        @staticmethod
        def get(ref):
            raise TaskError("ray::_run() (pid=1, ip=127.0.0.1)\n  traceback ...")

    write_challenge(tmp_path / "suite", "C00", task="Anything")
    (challenge,) = load_suite(tmp_path / "suite").challenges.values()
    executor = object.__new__(RayExecutor)
    executor.ray, executor.run_id = FailingRay(), "run-x"
    result = executor._collect(object(), Job(challenge, 0))
    assert result.status == "fail"
    assert result.reason == ("the Ray task failed (TaskError): ray::_run() (pid=1, ip=127.0.0.1):"
                             " OperationalError: database is locked")
