"""A run killed mid-step resumes without losing or repeating an episode."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from agent_helpers import TEST_TOOLS, reply, workbench
from autonomo import Runner, ScriptedModel, Settings

CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from agent_helpers import TEST_TOOLS, make_agent, reply
    from autonomo import Runner

    def slow_step(label: str) -> str:
        '''Take a long time (the test kills the process here).'''
        Path({marker!r}).write_text(label)
        time.sleep(60)
        return "never"

    agent, _, _ = make_agent(Path({tmp!r}), [
        reply("write_note", path="a.txt", text="1"),
        reply("write_note", path="b.txt", text="2"),
        reply("slow_step", label="third"),
    ], tools=[*TEST_TOOLS, slow_step])
    print(agent.state.id, flush=True)
    Runner(agent).run()
    """
)


def slow_step(label: str) -> str:
    """The resumed agent's stand-in for the command that was running when it was killed."""
    raise AssertionError("an interrupted command must not run again")


def test_killed_run_resumes_without_loss_or_repeat(tmp_path):
    marker = tmp_path / "started"
    script = CHILD.format(tests=str(Path(__file__).parent), marker=str(marker),
                          tmp=str(tmp_path))
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    agent_id = child.stdout.readline().strip()
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert time.monotonic() < deadline, "the child never reached the slow step"
        assert child.poll() is None, "the child died early"
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()

    settings = Settings(data_dir=tmp_path / "data")
    model = ScriptedModel([reply("finish", reason="checked and done")])
    bench = workbench(settings, model)
    store = bench.store
    saved = store.load(agent_id)
    assert [e.action.name for e in saved.episodes] == ["write_note", "write_note", "slow_step"]
    assert saved.episodes[2].result is None  # in flight when killed

    agent = bench.load_agent(agent_id, tools=[*TEST_TOOLS, slow_step])
    result = Runner(agent).run()
    assert result.status == "finished"
    episodes = store.load(agent_id).episodes
    assert [e.number for e in episodes] == [1, 2, 3, 4]
    assert episodes[2].result.status == "interrupted"
    assert "may or may not have taken effect" in model.calls[0]["messages"][-2].content
    assert sorted(p.name for p in agent.workspace.iterdir()) == ["a.txt", "b.txt"]
