"""Where the wall time of a two-step task goes, in a fresh process, on the embedded model.

    python benchmarks/task_time.py            # today's defaults, then the old defaults
    python benchmarks/task_time.py --one lazy # one configuration, in this process

Each configuration runs in its own fresh Python process (so imports are counted) through the
same path as ``autonomo run -c --limit 6 TASK``: settings, workbench, new agent, runner. It
prints ``<config>_<part>_s: seconds`` lines: ``import`` (autonomo's agent layer), ``setup``
(workbench and agent, profile included), ``model_load``, ``profile_call``, ``call_<n>`` (each
proposal), ``strategy`` (prompt parts and grammar schemas of the small-model strategy, all
steps), ``command_<n>``, ``store_writes`` (all of them), ``summaries``, ``embeddings``
(embedder import, load and calls), ``total``; and ``eager_over_lazy`` (the two totals' ratio,
side by side in one run).

``lazy`` is today's default (no generated profile on a small local model, memory embedded at
the first search); ``eager`` sets ``agent.generate_profile`` and turns ``memory.lazy`` off:
what every run did before.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

TASK = "Write the word Paris to a file called city.txt"


def _timed(owner: object, name: str, bucket: str, parts: dict[str, float],
           numbered: bool = False) -> None:
    """Wrap ``owner.name`` so that its time is added to ``parts[bucket]``."""
    original = getattr(owner, name)
    count = [0]

    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            count[0] += 1
            key = f"{bucket}_{count[0]}" if numbered else bucket
            parts[key] += time.perf_counter() - started

    setattr(owner, name, wrapper)


def one(config: str) -> None:
    parts: dict[str, float] = defaultdict(float)
    began = time.perf_counter()
    from autonomo import Workbench
    from autonomo.agent.approval import AutoApproval
    from autonomo.agent.runner import Runner
    from autonomo.config import load_settings
    from autonomo.llm.local import LlamaCppModel

    parts["import"] = time.perf_counter() - began
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings({"data_dir": str(Path(tmp) / "data")})
        if config == "eager":
            settings.agent.generate_profile = True
            settings.memory.lazy = False
        _timed(LlamaCppModel, "_load", "model_load", parts)
        started = time.perf_counter()
        bench = Workbench.open(settings)
        _timed(bench.model, "complete", "profile_call", parts)
        agent = bench.new_agent(TASK, workspace=Path(tmp) / "ws")
        bench.model.complete = LlamaCppModel.complete.__get__(bench.model)  # unwrap
        parts["setup"] = time.perf_counter() - started - parts["model_load"]
        runner = Runner(agent, AutoApproval())
        _timed(runner.calls, "call", "call", parts, numbered=True)
        for name in ("request", "trigger_message", "task_message"):
            _timed(agent.strategy, name, "strategy", parts)
        _timed(agent.commands, "execute", "command", parts, numbered=True)
        _timed(agent.store, "write", "store_writes", parts)
        _timed(runner, "_compact", "summaries", parts)
        if agent.memory is not None:
            _timed(agent.memory.embedder, "embed", "embeddings", parts)
        result = runner.run(max_steps=6)
        bench.close()
    parts["total"] = time.perf_counter() - began
    for key, value in parts.items():
        print(f"{config}_{key}_s: {value:.3f}")
    print(f"{config}_steps: {result.steps}")
    print(f"{config}_status: {result.status}")
    print(f"{config}_torch_imported: {'torch' in sys.modules}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--one", choices=["lazy", "eager"])
    args = parser.parse_args()
    if args.one:
        one(args.one)
        return
    totals = {}
    for config in ("lazy", "eager"):
        out = subprocess.run([sys.executable, __file__, "--one", config], check=True,
                             capture_output=True, text=True).stdout
        print(out, end="", flush=True)
        totals[config] = float(next(line.split(": ")[1] for line in out.splitlines()
                                    if line.startswith(f"{config}_total_s")))
    print(f"eager_over_lazy: {totals['eager'] / totals['lazy']:.2f}")


if __name__ == "__main__":
    main()
