"""A run killed mid-step resumes without losing or repeating an episode."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import yaml

from agent_helpers import TEST_TOOLS, reply, workbench
from autonomo import Runner, ScriptedModel, Settings

CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from agent_helpers import TEST_TOOLS, make_agent, reply
    from autonomo import Runner
    from autonomo.agent import state
    state.BATCH_SECONDS = {batch!r}  # 0: each step commits; else steps 1-2 share a batch

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


@pytest.mark.parametrize("batch", [0.0, 3600.0])
def test_killed_run_resumes_without_loss_or_repeat(tmp_path, batch):
    marker = tmp_path / "started"
    script = CHILD.format(tests=str(Path(__file__).parent), marker=str(marker),
                          tmp=str(tmp_path), batch=batch)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    agent_id = child.stdout.readline().strip()
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert time.monotonic() < deadline, "the child never reached the slow step"
        assert child.poll() is None, "the child died early"
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    from autonomo.agent.state import AgentStore
    committed = AgentStore(tmp_path / "data").db.query("select count(*) from episodes")
    assert committed[0][0] == (0 if batch else 2)  # a batch: only in the intent log

    settings = Settings(data_dir=tmp_path / "data")
    model = ScriptedModel([reply("finish", reason="checked and done")])
    bench = workbench(settings, model)
    store = bench.store
    saved = store.load(agent_id)
    assert [e.action.name for e in saved.episodes] == ["write_note", "write_note", "slow_step"]
    assert saved.episodes[2].result is None  # in flight when killed
    assert saved.usage.calls == 3  # its proposal was paid for

    agent = bench.load_agent(agent_id, tools=[*TEST_TOOLS, slow_step])
    result = Runner(agent).run()
    assert result.status == "finished"
    episodes = store.load(agent_id).episodes
    assert [e.number for e in episodes] == [1, 2, 3, 4]
    assert episodes[2].result.status == "interrupted"
    # the killed run's three proposals and the resumed run's one, each stored once
    assert [c["step"] for c in store.calls(agent_id)] == [1, 2, 3, 4]
    assert store.load(agent_id).usage.calls == 4
    assert "may or may not have taken effect" in model.calls[0]["messages"][-2].content
    assert sorted(p.name for p in agent.workspace.iterdir()) == ["a.txt", "b.txt"]


# -- a crash seen from the command line -------------------------------------------------------

FIRST_RUN = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from agent_helpers import plugins, reply
    from autonomo import AgentProfile, Runner, ScriptedModel, Settings, Workbench
    from autonomo.agent.runner import Runner as RunnerClass

    settings = Settings(data_dir=Path({data!r}), memory={{"embedder": "hashing", "lazy": False}},
                        sandbox={{"backend": "local", "allow_unsandboxed": True}})
    model = ScriptedModel([reply("write_file", path="a.txt", content="1"),
                           reply("write_file", path="b.txt", content="2"),
                           reply("finish", reason="never reached")])
    bench = Workbench.open(settings, plugins=plugins(), models=model)
    agent = bench.new_agent("write two files", tools=["write_file", "execute_python_code"],
                            profile=AgentProfile(name="CrashGPT", role="a test agent"))
    print(agent.state.id, flush=True)
    remember = RunnerClass._remember

    def remember_or_die(self, episode):
        if episode.number == 2:  # step 2 is written; its memory is not: the worst moment
            os.kill(os.getpid(), signal.SIGKILL)
        remember(self, episode)

    RunnerClass._remember = remember_or_die
    Runner(agent).run()
    """
)


def memory_steps(data: Path, agent_id: str) -> list[int]:
    from autonomo.memory.sqlite_store import SQLiteVectorStore

    with SQLiteVectorStore(data / "agents" / agent_id / "memory.sqlite") as store:
        return sorted(r.extra["step"] for r in store.list(agent_id=agent_id, limit=100))


def test_sigkill_then_list_resume_and_a_refused_second_driver(tmp_path, monkeypatch, capsys):
    from autonomo.agent.state import AgentStore
    from autonomo.cli.main import main

    data = tmp_path / "data"
    first = subprocess.run(
        [sys.executable, "-c", FIRST_RUN.format(tests=str(Path(__file__).parent),
                                                data=str(data))],
        capture_output=True, text=True, timeout=120, check=False)
    assert first.returncode == -signal.SIGKILL, first.stderr
    agent_id = first.stdout.split()[0]
    store = AgentStore(data)
    assert [e.number for e in store.load(agent_id).episodes] == [1, 2]
    assert memory_steps(data, agent_id) == [1]  # the step's memory was lost with the process

    # eager memory (memory.lazy off): each step is embedded and stored as it is written
    env = {"AUTONOMO_DATA_DIR": str(data), "AUTONOMO_MEMORY__EMBEDDER": "hashing",
           "AUTONOMO_MEMORY__LAZY": "false",
           "AUTONOMO_SANDBOX__BACKEND": "local", "AUTONOMO_SANDBOX__ALLOW_UNSANDBOXED": "true",
           "AUTONOMO_LLM__FAST__PROVIDER": "scripted"}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    main(["agents", "list"])
    listing = capsys.readouterr().out
    assert "interrupted" in listing and "running" not in listing
    main(["agents", "show", agent_id])
    assert "killed or crashed" in capsys.readouterr().out

    # the first resume: a real process, held inside a command until the test releases it
    started, release = tmp_path / "started", tmp_path / "release"
    wait = (f"import os, time; open({str(started)!r}, 'w').write('x')\n"
            f"while not os.path.exists({str(release)!r}): time.sleep(0.05)")
    script = tmp_path / "resume.yaml"
    script.write_text(yaml.safe_dump([reply("execute_python_code", code=wait),
                                      reply("finish", reason="all written")]))
    child_env = {**os.environ, **env, "AUTONOMO_LLM__FAST__MODEL": str(script),
                 "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    resume = subprocess.Popen(
        [sys.executable, "-m", "autonomo.cli.main", "agents", "resume", agent_id, "-c"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env)
    try:
        deadline = time.monotonic() + 90
        while not started.exists():
            assert resume.poll() is None, resume.communicate()
            assert time.monotonic() < deadline, "the resumed run never reached its command"
            time.sleep(0.05)
        # a second driver is refused and told who holds the agent; nothing is changed
        monkeypatch.setenv("AUTONOMO_LLM__FAST__MODEL", str(script))
        before = store.load(agent_id)
        assert main(["agents", "resume", agent_id, "-c", "--task", "something else"]) == 2
        refusal = capsys.readouterr().err
        assert f"process {resume.pid}" in refusal and "already being run" in refusal
        assert store.load(agent_id).tasks == before.tasks
        main(["agents", "list"])
        assert "running" in capsys.readouterr().out
    finally:
        release.write_text("go")
        out, err = resume.communicate(timeout=90)
    assert resume.returncode == 0, out + err
    # the first thing the resumed run says: where it resumes and why the last run ended
    assert out.lstrip().startswith(f"Resuming CrashGPT (agent {agent_id}) after step 2")
    assert "killed or crashed" in out.split("NEXT ACTION")[0]
    episodes = store.load(agent_id).episodes
    assert [e.action.name for e in episodes] == [
        "write_file", "write_file", "execute_python_code", "finish"]
    assert memory_steps(data, agent_id) == [1, 2, 3, 4]  # memory and steps agree
    main(["agents", "list"])
    assert "finished" in capsys.readouterr().out


def claim_for(process: subprocess.Popen, store, agent_id: str, *, started: str | None = None):
    """Record ``process`` as the agent's driver, as its own ``acquire`` would have."""
    import dataclasses

    from autonomo.agent.owner import Owner, _process_start

    owner = dataclasses.replace(Owner.this_process(), pid=process.pid,
                                started=started or _process_start(process.pid))
    with store.db.transaction() as db:
        db.execute("update agents set owner = ? where id = ?", (owner.to_json(), agent_id))


def test_one_driver_per_agent_and_a_dead_or_reused_pid_frees_it(tmp_path):
    from agent_helpers import make_agent
    from autonomo.agent.observer import RunObserver
    from autonomo.errors import AgentBusyError

    agent, _, store = make_agent(tmp_path, [reply("finish", reason="done")])
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        claim_for(other, store, agent.state.id)
        try:
            Runner(agent).run()
            raise AssertionError("a second driver was let in")
        except AgentBusyError as exc:
            assert f"process {other.pid}" in str(exc)
        assert store.activity(agent.state.id).alive
        # the same pid with another start time is another process: the holder is gone
        claim_for(other, store, agent.state.id, started="1")
        assert not store.activity(agent.state.id).alive
        claim_for(other, store, agent.state.id)
    finally:
        other.kill()  # not reaped yet: a zombie still counts as dead
    deadline = time.monotonic() + 10
    while store.activity(agent.state.id).alive:  # the signal takes a moment to land
        assert time.monotonic() < deadline, "a killed (zombie) owner still counts as alive"
        time.sleep(0.01)

    notes: list[str] = []

    class Said(RunObserver):
        def on_resume(self, state, note):
            notes.append(note)

    result = Runner(agent, observer=Said()).run()
    other.wait()
    assert result.status == "finished"
    assert f"process {other.pid}" in notes[0] and "killed or crashed" in notes[0]
    assert store.activity(agent.state.id).owner is None  # released at the end of the run
