"""The SOP engine's own cost per chat turn, side by side with the single agent's step.

    python benchmarks/sop.py

Prints ``name: value`` lines:

* ``sop_overhead_per_turn_ms``: ChatDev's Default company (read from shared/formats beside
  the checkout) run end to end on an instant scripted model, every event saved to SQLite:
  wall time minus the model's time minus the time the program itself runs in the sandbox
  (the test phase), divided by the chat turns (model calls); median of several runs.
* ``sop_sandbox_ms``: the time the test phase's program runs took per run (not overhead).
* ``agent_step_overhead_ms``: the single agent's step overhead measured as
  ``benchmarks/agent_loop.py`` does, in this same process.
* ``sop_vs_agent_overhead``: the first ÷ the third (goal: at most 1.5).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from agent_loop import TimedModel, run_ours

from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from autonomo.team.sop.store import SopStore
from test_sop_chatdev import script

RUNS = 11


def company() -> Path:
    here = Path(__file__).resolve().parents[1]
    for folder in (here, *here.parents):
        candidate = folder.parent / "shared" / "formats" / "chatdev" / "Default"
        if candidate.is_dir():
            return candidate
    raise SystemExit("shared/formats/chatdev/Default is not beside this checkout")


class TimedSandbox:
    """Wraps the run's sandbox and adds up the time its programs take."""

    def __init__(self, inner) -> None:
        self.inner, self.seconds = inner, 0.0

    def run(self, *args, **kwargs):
        started = time.perf_counter()
        try:
            return self.inner.run(*args, **kwargs)
        finally:
            self.seconds += time.perf_counter() - started

    def close(self) -> None:
        self.inner.close()


def one_run(folder: Path) -> tuple[float, float, int]:
    """(overhead per turn in ms, sandbox ms, turns) of one run of the Default company."""
    responses, _ = script()
    model = TimedModel(ScriptedModel(responses))
    settings = Settings(data_dir=folder / "data")
    run = SopRun(load_sop(company()), "Write a program that greets the world", model=model,
                 workspace=folder / "ws", settings=settings, store=SopStore(folder / "data"))
    sandbox = TimedSandbox(run.sandbox())
    run._sandbox = sandbox
    started = time.perf_counter()
    result = run.run()
    wall = time.perf_counter() - started
    if result.status != "finished":
        raise SystemExit(f"the run did not finish: {result.reason}")
    turns = sum(u.calls for u in result.usage.values())
    overhead = (wall - model.seconds - sandbox.seconds) / turns * 1000
    return overhead, sandbox.seconds * 1000, turns


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        runs = [one_run(root / f"run{i}") for i in range(RUNS)]
        agent = run_ours(root / "agent")
    sop = statistics.median(r[0] for r in runs)
    step = statistics.median(agent.overheads)
    print(f"sop_turns_per_run: {runs[0][2]}")
    print(f"sop_overhead_per_turn_ms: {sop:.3f}")
    print(f"sop_sandbox_ms: {statistics.median(r[1] for r in runs):.1f}")
    print(f"agent_step_overhead_ms: {step:.3f}")
    print(f"sop_vs_agent_overhead: {sop / step:.2f}")


if __name__ == "__main__":
    main()
