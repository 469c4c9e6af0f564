"""A run killed mid-step resumes without losing or repeating an episode."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from agent_helpers import plugins, reply
from autonomo.agent.builder import resume_agent
from autonomo.agent.runner import Runner
from autonomo.agent.state import AgentStore
from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel

CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from agent_helpers import make_agent, reply, plugins
    from autonomo.agent.runner import Runner
    from autonomo.plugins.hookspecs import hookimpl
    from autonomo.tools.registry import command

    @command
    def slow_step(label: str) -> str:
        '''Take a long time (the test kills the process here).'''
        Path({marker!r}).write_text(label)
        time.sleep(60)
        return "never"

    class Slow:
        @hookimpl
        def register_commands(self, register):
            register(slow_step)

    agent, _, _ = make_agent(Path({tmp!r}), [
        reply("write_note", path="a.txt", text="1"),
        reply("write_note", path="b.txt", text="2"),
        reply("slow_step", label="third"),
    ], plugin_manager=plugins(Slow()))
    print(agent.state.id, flush=True)
    Runner(agent).run()
    """
)


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
    store = AgentStore(settings.data_dir)
    saved = store.load(agent_id)
    assert [e.action.name for e in saved.episodes] == ["write_note", "write_note", "slow_step"]
    assert saved.episodes[2].result is None  # in flight when killed

    model = ScriptedModel([reply("finish", reason="checked and done")])
    agent = resume_agent(agent_id, settings, store, model, plugins=plugins())
    result = Runner(agent).run()
    assert result.status == "finished"
    episodes = store.load(agent_id).episodes
    assert [e.number for e in episodes] == [1, 2, 3, 4]
    assert episodes[2].result.status == "interrupted"
    assert "may or may not have taken effect" in model.calls[0]["messages"][-2].content
    assert sorted(p.name for p in agent.workspace.iterdir()) == ["a.txt", "b.txt"]
