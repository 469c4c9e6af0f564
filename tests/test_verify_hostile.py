"""A small model's finish judged against a hostile workspace, through the real ``Runner``.

The finish is judged by comparing the workspace with a snapshot taken at the task's start: a
walk that reads every file. Sandboxed code can leave links out of the workspace, a FIFO, a
300-deep tree, a sparse file of a terabyte, a name that is not UTF-8, and it can swap the
written file for a link to a host file holding the right text between the last step and the
finish. The run must end (finished or not verified), soon, with no host text in what it
says, and never FINISHED on a swapped file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_helpers import ConstrainedModel, constrained_agent, reply
from autonomo.agent.runner import Runner
from test_situation_attacks import deadline  # noqa: F401 (a fixture: a hang fails the test)
from tool_helpers import make_deep_folder, remove_deep_folder

SECRET = "HOST-SECRET-7f3a"
TASK = "Write the word Berlin to a file called capital.txt"
PLAN = [reply("write_note", path="capital.txt", text="Berlin"),
        reply("finish", reason="capital.txt holds Berlin")]


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Path]:
    host = tmp_path / "host"
    (host / "etc").mkdir(parents=True)
    (host / "etc" / "passwd").write_text(f"{SECRET}\n")
    (host / "capital").write_text("Berlin")  # the right text, outside the workspace
    yield host
    assert (host / "etc" / "passwd").read_text() == f"{SECRET}\n"


def _hostile(ws: Path, host: Path) -> None:
    (ws / "etc").symlink_to(host / "etc")
    (ws / "notes.txt").symlink_to(host / "etc" / "passwd")
    os.mkfifo(ws / "pipe.txt")
    with open(ws / "sparse.bin", "wb") as huge:
        huge.truncate(1 << 40)  # a terabyte that takes no disk
    (Path(os.fsdecode(os.path.join(os.fsencode(ws), b"bad\xff.txt")))).write_text("x")
    make_deep_folder(ws, 300)


def test_a_finish_in_a_hostile_workspace_ends_soon_without_host_text(
        tmp_path: Path, host: Path, deadline: None) -> None:  # noqa: F811
    agent, _ = constrained_agent(tmp_path, list(PLAN), task=TASK)
    _hostile(agent.workspace, host)
    try:
        result = Runner(agent).run(max_steps=4)
    finally:
        remove_deep_folder(agent.workspace)
    assert result.status in ("finished", "unverified"), result.reason
    said = " ".join([result.reason or "", *(str(e.result.output) for e in agent.state.episodes
                                            if e.result is not None)])
    assert SECRET not in said and str(host) not in said
    assert (agent.workspace / "capital.txt").read_text() == "Berlin"


def test_a_file_swapped_for_a_link_before_the_finish_is_not_verified(
        tmp_path: Path, host: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A program in the sandbox replaces capital.txt with a link to a host file holding the
    same word, after the write and before the finish is judged: the workspace holds no
    such file, only a link out of it."""
    agent, _ = constrained_agent(tmp_path, list(PLAN), task=TASK)
    complete = ConstrainedModel.complete
    target = agent.workspace / "capital.txt"

    def swap_before_the_finish(self, *args, **kwargs):
        if len(self.calls) == 1:  # asked for the step after the write
            target.unlink()
            target.symlink_to(host / "capital")
        return complete(self, *args, **kwargs)

    monkeypatch.setattr(ConstrainedModel, "complete", swap_before_the_finish)
    result = Runner(agent).run(max_steps=4)
    assert result.status != "finished", result.reason
    assert target.is_symlink() and (host / "capital").read_text() == "Berlin"


@pytest.mark.parametrize("name, text", [
    ("config.json", '{"a":' * 5000 + "1" + "}" * 5000),
    ("config.toml", "a = " + "[" * 5000 + "]" * 5000 + "\n"),
    ("config.yaml", "a: " + "[" * 5000 + "]" * 5000 + "\n")], ids=["json", "toml", "yaml"])
def test_a_source_nested_deeper_than_the_parser_can_go_ends_the_run_unverified(
        tmp_path: Path, name: str, text: str) -> None:
    """A 25 KB file of 5,000 nested brackets, named by the task as the source of a value:
    the verifiers' parse raised ``RecursionError`` out of the finish, and the run with it."""
    task = f"What is the port in {name}? Write it to port.txt"
    plan = [reply("write_note", path="port.txt", text="1")] + \
        [reply("finish", reason="done")] * 3
    agent, _ = constrained_agent(tmp_path, plan, task=task)
    (agent.workspace / name).write_text(text)
    result = Runner(agent).run(max_steps=4)
    assert result.status == "unverified", result.reason
    assert "nested too deeply" in (result.reason or "")
    assert (agent.workspace / name).read_text() == text
