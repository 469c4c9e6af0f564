"""How benchmark runs scale on Ray: the same scripted challenges in-process, on 1 and on 2 Ray
workers of one local cluster (``ray.init(num_cpus=2)``), measured side by side.

The model is scripted with 200 ms per call (like a remote endpoint), two calls per challenge.
Each configuration first runs a warm-up round (worker start-up and imports are not counted).

    PYTHONPATH=src python3 benchmarks/bench_scale.py [--challenges 20]

Prints ``name: value`` lines: challenges_per_min_in_process, challenges_per_min_1_worker,
challenges_per_min_2_workers, scale_efficiency (2 workers / (2 x 1 worker); goal >= 0.8) and
ray_overhead_per_challenge_ms (1 Ray worker vs in-process, per challenge).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from autonomo.llm.scripted import ScriptedModel
from autonomo.llm.types import ChatRequest

CALL_DELAY_S = 0.2
_TASK = re.compile(r"Write the word (w\d+) to (f\d+\.txt)")


class SlowSolver(ScriptedModel):
    """Solves "Write the word wN to fN.txt" in two calls of ``delay`` seconds each."""

    def __init__(self, delay: float) -> None:
        super().__init__(name="slow-scripted")
        self.delay = delay
        self._task = ""

    def call(self, request: ChatRequest):
        found = _TASK.search("\n".join(m.content for m in request.messages))
        task = found.group(0) if found else ""
        if task != self._task or not self.queue:
            self._task = task
            self.queue.clear()
            word, path = (found.group(1), found.group(2)) if found else ("", "none.txt")
            self.add({"thoughts": {"reasoning": "Write it."},
                      "command": {"name": "write_file", "args": {"path": path, "content": word}}},
                     {"thoughts": {"reasoning": "Done."},
                      "command": {"name": "finish", "args": {"reason": "written"}}})
        time.sleep(self.delay)
        return super().call(request)


class Summariser(ScriptedModel):
    def call(self, request: ChatRequest):
        self.add("Wrote the file.")
        return super().call(request)


def scripted_models(delay: float = CALL_DELAY_S):
    """The models factory the benchmark's agents use (imported by each Ray worker)."""
    return SlowSolver(delay), SlowSolver(delay), Summariser()


def write_suite(root: Path, count: int, prefix: str) -> Path:
    for i in range(count):
        folder = root / f"{prefix}{i:03d}"
        folder.mkdir(parents=True)
        (folder / "data.json").write_text(json.dumps({
            "name": f"{prefix}{i:03d}", "category": ["scale"], "cutoff": 60, "dependencies": [],
            "task": f"Write the word w{i} to f{i}.txt",
            "ground": {"answer": f"w{i}", "should_contain": [f"w{i}"], "files": [f"f{i}.txt"],
                       "eval": {"type": "file"}},
            "info": {"difficulty": "interface"}}))
    return root


def timed(suite: Any, executor: Any, run_id: str) -> tuple[float, int]:
    from autonomo.bench.runner import run_suite

    started = time.perf_counter()
    results = run_suite(suite, executor, run_id=run_id)
    return time.perf_counter() - started, sum(r.status == "pass" for r in results)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--challenges", type=int, default=20)
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))  # workers import this module

    from autonomo.bench import load_suite
    from autonomo.bench.agents import AgentSpec
    from autonomo.bench.ray_executor import RayExecutor, start_ray
    from autonomo.bench.runner import InProcessExecutor
    from autonomo.config import Settings

    tmp = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    settings = Settings(data_dir=tmp / "data")
    settings.memory.enabled = False
    spec = AgentSpec(settings=settings.model_dump(mode="json"),
                     models="bench_scale:scripted_models", max_steps=4)
    n = args.challenges
    warm = load_suite(write_suite(tmp / "warm", 4, "W"))
    suites = {name: load_suite(write_suite(tmp / name, n, name[0].upper()))
              for name in ("inproc", "one", "two")}

    timed(warm, InProcessExecutor(spec, "warm-in"), "warm-in")
    inproc_s, inproc_ok = timed(suites["inproc"], InProcessExecutor(spec, "inproc"), "inproc")
    ray = start_ray(num_cpus=2)
    try:
        timed(warm, RayExecutor(spec, "warm-ray", max_concurrency=2), "warm-ray")
        one_s, one_ok = timed(suites["one"], RayExecutor(spec, "one", max_concurrency=1), "one")
        two_s, two_ok = timed(suites["two"], RayExecutor(spec, "two", max_concurrency=2), "two")
    finally:
        ray.shutdown()
    per_min = {k: 60 * n / s for k, s in (("in", inproc_s), ("one", one_s), ("two", two_s))}
    print(f"challenges: {n}")
    print(f"model_call_ms: {CALL_DELAY_S * 1000:.0f}")
    print(f"passed_in_process: {inproc_ok}")
    print(f"passed_1_worker: {one_ok}")
    print(f"passed_2_workers: {two_ok}")
    print(f"challenges_per_min_in_process: {per_min['in']:.1f}")
    print(f"challenges_per_min_1_worker: {per_min['one']:.1f}")
    print(f"challenges_per_min_2_workers: {per_min['two']:.1f}")
    print(f"scale_efficiency: {per_min['two'] / (2 * per_min['one']):.2f}")
    print(f"ray_overhead_per_challenge_ms: {(one_s - inproc_s) / n * 1000:.0f}")


if __name__ == "__main__":
    main()
