"""The finish check (and each step's view) against a hostile workspace, through the real
``Runner``: links out of the workspace (a folder, a file), a FIFO the task names, a deep
tree, a huge file. The check must answer (accept or object), quickly, without a host file's
text in its answer, and without following the links."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_helpers import plugins, reply, workbench
from autonomo import AgentProfile, ScriptedModel, Settings
from autonomo.agent.runner import Runner
from test_situation_attacks import deadline  # noqa: F401 (a fixture: a hang fails the test)
from tool_helpers import make_deep_folder, remove_deep_folder

SECRET = "HOST-SECRET-51c9"
_PLUGINS = plugins()


@pytest.fixture
def hostile(tmp_path: Path) -> Iterator[Path]:
    host, ws = tmp_path / "host", tmp_path / "ws"
    (host / "photos").mkdir(parents=True)
    (host / "photos" / "Thumbs.db").write_text(f"{SECRET}\n")
    (host / "secret.txt").write_text(f"{SECRET}\n")
    ws.mkdir()
    (ws / "photos").symlink_to(host / "photos")
    (ws / "notes.txt").symlink_to(host / "secret.txt")
    os.mkfifo(ws / "pipe.txt")
    (ws / "wide.json").write_text(json.dumps({f"k{i}": i for i in range(200_000)}))
    make_deep_folder(ws, 300)
    yield ws
    remove_deep_folder(ws)
    assert (host / "photos" / "Thumbs.db").read_text() == f"{SECRET}\n"
    assert (host / "secret.txt").read_text() == f"{SECRET}\n"


PLANS = [
    ("there's a Thumbs.db in photos/, please remove it", [("delete_file",
                                                          {"path": "photos/Thumbs.db"})]),
    ("Copy notes.txt to notes2.txt", [("copy_file", {"source": "notes.txt",
                                                      "destination": "notes2.txt"})]),
    ("How many lines does pipe.txt have? Write the number to n.txt",
     [("write_file", {"path": "n.txt", "content": "3"})]),
    ("Write the number 5 to pipe.txt", [("write_file", {"path": "pipe.txt", "content": "5"})]),
    ("In wide.json, k5 = 7", [("write_file", {"path": "wide.json", "content": '{"k5": 7}'})]),
    ("Read ../host/secret.txt and put it in s.txt",
     [("read_file", {"path": "../host/secret.txt"}), ("write_file", {"path": "s.txt",
                                                                     "content": "x"})]),
]


@pytest.mark.parametrize(("task", "plan"), PLANS, ids=[str(i) for i in range(len(PLANS))])
def test_the_finish_check_answers_without_host_text_or_a_hang(
        tmp_path: Path, hostile: Path, deadline: None, task: str, plan: list) -> None:  # noqa: F811
    model = ScriptedModel([reply(n, **a) for n, a in plan] + [reply("finish", reason="done")])
    bench = workbench(Settings(data_dir=tmp_path / "data"), model, _PLUGINS)
    try:
        agent = bench.new_agent(task, workspace=hostile,
                                profile=AgentProfile(name="T", role="a test agent"))
        Runner(agent).run(max_steps=len(plan) + 1)
        episodes = agent.state.episodes
    finally:
        bench.close()
    assert episodes and episodes[-1].action.name == "finish", [e.action for e in episodes]
    seen = " ".join(str(e.result.output) for e in episodes if e.result is not None)
    assert SECRET not in seen
