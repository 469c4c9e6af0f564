"""A run killed between two fast steps: every step whose command ran is kept, none runs twice.

The commands append to one file (``append_to_file``, not idempotent): a step lost from the
agent's record after its command took effect would be proposed and run again on resume, and
its line would stand twice. The child is killed (``SIGKILL``) when the model is asked for step
``k + 1``, so steps 1..k ran and returned: whatever the store keeps in memory or in a log
before its commit must be found again (i9s's batches of fast steps, ``state.BATCH_SECONDS``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from agent_helpers import reply, workbench
from autonomo import Runner, ScriptedModel, Settings

CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from agent_helpers import reply, workbench
    from autonomo import AgentProfile, Runner, ScriptedModel, Settings
    from autonomo.agent import state

    # fast steps may share one transaction while the last commit is recent: every step here
    # does, however slow the machine (a store without batches has no such bound)
    if hasattr(state, "BATCH_SECONDS"):
        state.BATCH_SECONDS = 3600.0

    class DiesAtCall(ScriptedModel):
        def complete(self, *args, **kwargs):
            if len(self.calls) == {kill_at}:  # asked for step kill_at + 1
                os.kill(os.getpid(), signal.SIGKILL)
            return super().complete(*args, **kwargs)

    settings = Settings(data_dir=Path({data!r}))
    model = DiesAtCall([reply("append_to_file", path="log.txt", content=f"line {{n}}\\n")
                        for n in range(1, 12)] + [reply("finish", reason="never reached")])
    bench = workbench(settings, model)
    agent = bench.new_agent("append eleven lines to log.txt",
                            tools=["append_to_file", "finish"],
                            profile=AgentProfile(name="LogGPT", role="a test agent"))
    print(agent.state.id, flush=True)
    Runner(agent).run()
    """
)


@pytest.mark.parametrize("kill_at", [1, 2, 9])
def test_a_kill_between_fast_steps_loses_no_step_and_repeats_none(
        tmp_path: Path, kill_at: int) -> None:
    data = tmp_path / "data"
    script = CHILD.format(tests=str(Path(__file__).parent), data=str(data), kill_at=kill_at)
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           timeout=120, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert child.returncode == -9, child.stderr
    agent_id = child.stdout.strip()

    settings = Settings(data_dir=data)
    model = ScriptedModel([reply("finish", reason="the lines are there")])
    bench = workbench(settings, model)
    saved = bench.store.load(agent_id)
    ran = [e for e in saved.episodes if e.action.name == "append_to_file"]
    assert [e.number for e in ran] == list(range(1, kill_at + 1))  # none lost
    assert all(e.result is not None and e.result.status == "success" for e in ran)
    assert saved.usage.calls == kill_at

    agent = bench.load_agent(agent_id)
    assert Runner(agent).run().status == "finished"
    log = (agent.workspace / "log.txt").read_text()
    assert log == "".join(f"line {n}\n" for n in range(1, kill_at + 1))  # none twice
    assert [c["step"] for c in bench.store.calls(agent_id)] == list(range(1, kill_at + 2))
