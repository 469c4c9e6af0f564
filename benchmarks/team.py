"""The team layer's own cost, beside the single agent's, and the sandboxed kernel's.

    python benchmarks/team.py

Prints ``name: value`` lines:

* ``team_overhead_per_message_ms``: a 4-role team (a ring: each role answers the previous
  one) on an instant scripted model — wall time minus the model's time, per message routed
  and handled (each message is published, stored, routed, observed and answered by a role
  whose turn is then committed): the median time between two messages, minus the model's
  time, over a 60-message run (median of 5 runs).
* ``agent_step_overhead_ms``: the single agent's ``step_overhead_ms``, measured the way
  ``benchmarks/agent_loop.py`` does, in this same run.
* ``team_vs_agent_overhead``: the first ÷ the second (goal: ≤ 1.5).
* ``kernel_cell_ms``: a trivial cell (``1 + 1``) in the IPython kernel inside bubblewrap,
  median of 30; ``kernel_cell_unsandboxed_ms``: the same kernel run as a plain host process.
* ``kernel_start_s`` / ``kernel_start_unsandboxed_s``: starting each kernel.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from agent_loop import TimedModel, run_ours

from autonomo.config import SandboxConfig
from autonomo.llm.scripted import ScriptedModel
from autonomo.team import USER_REQUIREMENT, Action, Role, Team, TeamObserver, TeamStore

MESSAGES = 60
ROLES = ("Ann", "Ben", "Cat", "Dan")


def ring() -> list[Role]:
    """Ann answers the requirement and Dan; each other role answers the one before it."""
    roles = []
    for index, name in enumerate(ROLES):
        before = ROLES[index - 1]
        watch = [f"Say{before}"] + ([USER_REQUIREMENT] if index == 0 else [])
        roles.append(Role(name, f"speaker {index}", actions=[Action(f"Say{name}")],
                          watch=watch))
    return roles


class MessageClock(TeamObserver):
    """Time between consecutive messages, minus the model's time in between (as
    ``agent_loop.StepClock`` does per step)."""

    def __init__(self, model: TimedModel) -> None:
        self.model, self.overheads = model, []
        self._start, self._model_seconds = time.perf_counter(), 0.0

    def on_message(self, message, recipients) -> None:
        now = time.perf_counter()
        inside = self.model.seconds - self._model_seconds
        if message.sent_from != "user":
            self.overheads.append((now - self._start - inside) * 1000)
        self._start, self._model_seconds = now, self.model.seconds


def team_overhead(data_dir: Path) -> float:
    """Median per message of a 60-message run."""
    model = TimedModel(ScriptedModel([lambda messages: "noted, passing it on"] * MESSAGES))
    clock = MessageClock(model)
    team = Team(TeamStore(data_dir), model, roles=ring(), observer=clock)
    result = team.run(n_round=MESSAGES, idea="pass the word around")
    assert len(result.history) - 1 == MESSAGES == len(clock.overheads), result.reason
    return statistics.median(clock.overheads)


def kernel_cells(sandboxed: bool, workspace: Path) -> tuple[float, float]:
    from autonomo.sandbox.bubblewrap import BubblewrapSandbox
    from autonomo.sandbox.kernel import SandboxedKernel
    from autonomo.sandbox.local import LocalSandbox

    config = SandboxConfig(cpu_seconds=600, memory_mb=2048, allow_unsandboxed=not sandboxed)
    sandbox = (BubblewrapSandbox if sandboxed else LocalSandbox)(workspace, config)
    started = time.perf_counter()
    with SandboxedKernel(sandbox) as kernel:
        start_s = time.perf_counter() - started
        times = []
        for _ in range(30):
            t = time.perf_counter()
            assert kernel.execute("1 + 1").ok
            times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), start_s


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        team = statistics.median(team_overhead(root / f"team{i}") for i in range(5))
        agent = statistics.median(run_ours(root / "agent").overheads)
        print(f"team_overhead_per_message_ms: {team:.3f}")
        print(f"agent_step_overhead_ms: {agent:.3f}")
        print(f"team_vs_agent_overhead: {team / agent:.2f}")
        try:
            for sandboxed, label in ((True, ""), (False, "_unsandboxed")):
                workspace = root / f"ws{label}"
                workspace.mkdir()
                cell, start = kernel_cells(sandboxed, workspace)
                print(f"kernel_cell{label}_ms: {cell:.3f}")
                print(f"kernel_start{label}_s: {start:.2f}")
        except ImportError as exc:
            print(f"# kernel figures skipped: {exc}", file=sys.stderr)


if __name__ == "__main__":
    main()
