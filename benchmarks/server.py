"""The Agent Protocol server under load, and its cost per step beside the bare Runner.

    python benchmarks/server.py [--tasks 100] [--steps 5] [--delay-ms 50]

A real uvicorn server on 127.0.0.1, driven with httpx; every task's model is a scripted model
that sleeps ``--delay-ms`` per call (a fast remote model). Prints ``name: value`` lines:

* ``concurrent_tasks``: tasks stepping at the same time (one client coroutine each);
* ``step_p50_ms`` / ``step_p99_ms``: time of one ``POST …/steps`` while they all run;
* ``list_p99_ms``: time of ``GET /ap/v1/agent/tasks`` (and ``health_p99_ms`` of
  ``/api/health``) polled meanwhile — the event loop never waits for a model or a command;
* ``server_overhead_ratio``: one task alone, a step through HTTP ÷ the same step through the
  bare ``Runner`` (same model, same command, same store), median over ``--steps * 4`` steps.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from autonomo import AgentProfile, Runner, ScriptedModel, Settings, Workbench
from autonomo.server.app import create_app
from server_helpers import running


def reply(n: int) -> str:
    return json.dumps({"thoughts": {"text": f"step {n}", "reasoning": "-", "plan": "-",
                                    "speak": "-", "observations": "-", "self_criticism": "-"},
                       "command": {"name": "write_file",
                                   "args": {"path": f"f{n}.txt", "content": f"line {n}"}}})


def slow_model(delay: float, calls: int) -> ScriptedModel:
    def answer(n: int):
        def respond(messages):
            time.sleep(delay)
            return reply(n)
        return respond
    return ScriptedModel([answer(n) for n in range(calls)])


def settings_for(folder: Path, workers: int) -> Settings:
    return Settings(data_dir=folder, memory={"enabled": False}, server={"workers": workers})


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def load(url: str, tasks: int, steps: int) -> tuple[list[float], list[float], list[float]]:
    step_ms: list[float] = []
    list_ms: list[float] = []
    health_ms: list[float] = []
    limits = httpx.Limits(max_connections=tasks + 10, max_keepalive_connections=tasks + 10)
    async with httpx.AsyncClient(base_url=url, timeout=300, limits=limits) as client:
        ids = [(await client.post("/ap/v1/agent/tasks", json={"input": f"task {n}"})).json()[
            "task_id"] for n in range(tasks)]
        running_tasks = len(ids)

        async def drive(task_id: str) -> None:
            nonlocal running_tasks
            for _ in range(steps):
                started = time.perf_counter()
                answer = await client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
                answer.raise_for_status()
                step_ms.append((time.perf_counter() - started) * 1000)
            running_tasks -= 1

        async def poll() -> None:
            while running_tasks > 0:
                started = time.perf_counter()
                (await client.get("/ap/v1/agent/tasks", params={"page_size": 20})
                 ).raise_for_status()
                list_ms.append((time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                (await client.get("/api/health")).raise_for_status()
                health_ms.append((time.perf_counter() - started) * 1000)
                await asyncio.sleep(0.02)

        await asyncio.gather(poll(), *(drive(t) for t in ids))
    return step_ms, list_ms, health_ms


def overhead(folder: Path, delay: float, steps: int) -> float:
    """Median HTTP step ÷ median bare Runner step, one task at a time, same model."""
    settings = settings_for(folder, 4)
    bare_model = slow_model(delay, steps + 1)
    bench = Workbench.open(settings, models=(bare_model, bare_model, bare_model))
    agent = bench.new_agent("write files", profile=AgentProfile())
    runner = Runner(agent)
    runner.begin()
    bare = []
    for _ in range(steps):
        started = time.perf_counter()
        runner.step()
        bare.append(time.perf_counter() - started)
    bench.close()

    models: dict[str, ScriptedModel] = {}

    def factory(task_id: str, options: dict):
        model = models.setdefault(task_id, slow_model(delay, steps + 2))
        return model, model, model

    app = create_app(settings_for(folder / "http", 4), model_factory=factory)
    http = []
    with running(app) as url, httpx.Client(base_url=url, timeout=60) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={"input": "write files"}).json()[
            "task_id"]
        client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})  # the first proposal
        for _ in range(steps):
            started = time.perf_counter()
            client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).raise_for_status()
            http.append(time.perf_counter() - started)
    return statistics.median(http) / statistics.median(bare)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", type=int, default=100)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--delay-ms", type=float, default=50)
    args = parser.parse_args()
    delay = args.delay_ms / 1000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)

        def factory(task_id: str, options: dict):
            model = slow_model(delay, args.steps + 1)
            return model, model, model

        app = create_app(settings_for(folder / "load", args.tasks), model_factory=factory)
        with running(app) as url:
            step_ms, list_ms, health_ms = asyncio.run(load(url, args.tasks, args.steps))
        ratio = overhead(folder / "overhead", delay, args.steps * 4)
    print(f"concurrent_tasks: {args.tasks}")
    print(f"model_delay_ms: {args.delay_ms:g}")
    print(f"steps_measured: {len(step_ms)}")
    print(f"step_p50_ms: {percentile(step_ms, 0.5):.1f}")
    print(f"step_p99_ms: {percentile(step_ms, 0.99):.1f}")
    print(f"list_p99_ms: {percentile(list_ms, 0.99):.1f}")
    print(f"health_p99_ms: {percentile(health_ms, 0.99):.1f}")
    print(f"server_overhead_ratio: {ratio:.3f}")


if __name__ == "__main__":
    main()
