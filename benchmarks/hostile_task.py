"""What a hostile task text costs a small model's step: a task of ``--size`` characters in a
few shapes (one long path, one long dotted or comma token, many 1,024-character tokens, many
short words), run for three steps through the real ``Runner`` with a scripted model (a write,
then finishes the checks refuse), the step's analysis bounded as it is (``task_text``).

    python benchmarks/hostile_task.py [--size 100000] [--unbounded-size 8000]

Prints ``name: value`` lines: ``<shape>_s``, the three steps' seconds at ``--size``; and for
``--unbounded-size`` (the unbounded analysis at 100 KB takes minutes a step), side by side in
this run, ``<shape>_small_s`` bounded and ``<shape>_small_unbounded_s`` with the analysis
reading the task whole (what it did before).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from autonomo.agent import task_text
from autonomo.agent.runner import Runner
from autonomo.llm.scripted import ScriptedModel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from agent_helpers import constrained_agent, reply

SHAPES = {
    "path": lambda n: "Delete " + "a/" * (n // 2) + "x",
    "dotted": lambda n: "Copy notes.txt to " + "a." * (n // 2) + "txt",
    "commas": lambda n: "Add " + "1," * (n // 2) + " at the end of notes.txt",
    "tokens": lambda n: "Copy notes.txt to " + " ".join(["a." * 512] * (n // 1025)),
    "words": lambda n: "Write " + "Aa " * (n // 3) + "to out.txt",
}


def steps_s(task: str) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        plan = [reply("write_note", path="out.txt", text="hello")] + \
            [reply("finish", reason="done")] * 3
        agent, _ = constrained_agent(Path(tmp), plan, task=task)
        agent.summary_model = ScriptedModel(["summary"] * 10)
        (agent.workspace / "notes.txt").write_text("hi\n")
        start = time.perf_counter()
        Runner(agent).run(max_steps=3)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--unbounded-size", type=int, default=8_000)
    args = parser.parse_args()
    for name, make in SHAPES.items():
        print(f"{name}_s: {steps_s(make(args.size)):.2f}", flush=True)
    bounds = task_text.MAX_TOKEN, task_text.MAX_TASK
    for name, make in SHAPES.items():
        task = make(args.unbounded_size)
        print(f"{name}_small_s: {steps_s(task):.2f}", flush=True)
        task_text.MAX_TOKEN = task_text.MAX_TASK = len(task)  # read whole: as before
        try:
            print(f"{name}_small_unbounded_s: {steps_s(task):.2f}", flush=True)
        finally:
            task_text.MAX_TOKEN, task_text.MAX_TASK = bounds


if __name__ == "__main__":
    main()
