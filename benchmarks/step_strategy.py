"""A small model's strategy work in one step (trigger message + request) on a task naming a
CSV, beside the same work looking at the workspace a second time for the request (as it did
before the trigger message handed its situation on).

    python benchmarks/step_strategy.py [--rows 20000] [--times 7]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from autonomo.agent.state import AgentState
from autonomo.agent.strategies import Turn, create_strategy
from autonomo.tools.builtin import builtin_registry

TASK = "How many rows does sales.csv have? Write the number to rows.txt"


def _step_ms(workspace: Path, *, look_again: bool) -> float:
    strategy = create_strategy("one_shot", builtin_registry(), compact=True)
    state = AgentState(tasks=[TASK], workspace=str(workspace))
    strategy.task_message(state, 0)  # the first look: once a run, not a step's work
    start = time.perf_counter()
    strategy.trigger_message(state, Turn(now="now"))
    if look_again:
        strategy._handed = None  # the request looks at the workspace itself
    strategy.request(state=state)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--times", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        workspace = Path(folder)
        (workspace / "sales.csv").write_text(
            "region,amount\n" + "".join(f"r{i % 7},{i}\n" for i in range(args.rows)))
        ours, again = [], []
        for _ in range(args.times):  # interleaved, so that a busy moment hits both alike
            ours.append(_step_ms(workspace, look_again=False))
            again.append(_step_ms(workspace, look_again=True))
    step, twice = statistics.median(ours), statistics.median(again)
    print(f"step_strategy_ms: {step:.1f}")
    print(f"step_strategy_looked_twice_ms: {twice:.1f}")
    print(f"step_strategy_vs_looked_twice: {step / twice:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
