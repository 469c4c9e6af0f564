"""How often the embedded model completes a simple task, over several seeds.

    python benchmarks/embedded_task.py [--runs 10] [--temperature 0.7]

Each run is a fresh agent in continuous mode (step limit 6) on "Write the word Washington to a
file called output.txt", with its own sampling seed. A run succeeds when output.txt contains
"Washington"; "finished" also needs the agent to call finish. Prints ``name: value`` lines.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from autonomo import Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner
from autonomo.config import load_settings
from autonomo.llm.local import LlamaCppModel

TASK = "Write the word Washington to a file called output.txt"


def one_run(seed: int, temperature: float, root: Path) -> tuple[bool, bool, float, int]:
    settings = load_settings({"data_dir": str(root / f"run{seed}")})
    settings.memory.enabled = False
    model = LlamaCppModel(settings.llm.fast, seed=seed, temperature=temperature)
    summaries = LlamaCppModel(settings.llm.fast, seed=seed, temperature=0.0)
    bench = Workbench.open(settings, models=(model, model, summaries))
    started = time.perf_counter()
    agent = bench.new_agent(TASK)
    result = Runner(agent, AutoApproval()).run(max_steps=6)
    seconds = time.perf_counter() - started
    target = agent.workspace / "output.txt"
    wrote = target.is_file() and "washington" in target.read_text().lower()
    bench.close()
    return wrote, wrote and result.status == "finished", seconds, result.steps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--temperature", type=float, default=0.7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        outcomes = [one_run(seed, args.temperature, Path(tmp)) for seed in range(args.runs)]
    for seed, (wrote, finished, seconds, steps) in enumerate(outcomes):
        print(f"# seed {seed}: wrote={wrote} finished={finished} steps={steps} {seconds:.1f}s")
    print(f"runs: {args.runs}")
    print(f"temperature: {args.temperature}")
    print(f"wrote_washington: {sum(o[0] for o in outcomes)}")
    print(f"wrote_and_finished: {sum(o[1] for o in outcomes)}")
    print(f"median_run_s: {statistics.median(o[2] for o in outcomes):.1f}")


if __name__ == "__main__":
    main()
