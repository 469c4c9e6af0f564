"""A real local Ray cluster: challenges spread over 2 workers, one SIGKILLed mid-run."""

from __future__ import annotations

import os
import signal
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from autonomo.bench import load_suite
from autonomo.bench.runner import run_suite
from autonomo.bench.store import BenchStore
from bench_helpers import reply, write_challenge
from test_bench_runner import spec_for

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def cluster():
    from autonomo.bench.ray_executor import start_ray

    start_ray(num_cpus=2)
    yield ray
    ray.shutdown()


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
