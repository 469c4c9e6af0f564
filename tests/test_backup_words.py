""""backup" as a name (a [backup] table, backup_dir, the backup host, the word itself) asks
for no copy: the finish check refused such right work as "the task asks for a copy, but the
file holds text no file here holds". "backup" as the act still asks for one. Wordings of
this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_helpers import ConstrainedModel, reply
from autonomo import Settings, Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner


def _run(tmp_path: Path, task: str, tree: dict[str, str], path: str, content: str):
    ws = tmp_path / "ws"
    ws.mkdir()
    for name, text in tree.items():
        (ws / name).write_text(text)
    model = ConstrainedModel([reply("write_file", path=path, content=content),
                              *[reply("finish", reason="done")] * 2])
    bench = Workbench.open(Settings(data_dir=tmp_path / "data"), models=(model, model, model))
    bench.memory = False
    try:
        return Runner(bench.new_agent(task, workspace=ws), AutoApproval()).run(max_steps=3)
    finally:
        bench.close()


@pytest.mark.parametrize(("task", "path", "content"), [
    ("Create settings.ini with a [paths] section: backup_dir /srv/b", "settings.ini",
     "[paths]\nbackup_dir = /srv/b\n"),
    ("write the backup host name, nas-02, to host.txt", "host.txt", "nas-02"),
    ("Put the word backup in mode.txt", "mode.txt", "backup"),
    ("Create backup_plan.md containing: weekly on Sunday", "backup_plan.md",
     "weekly on Sunday"),
])
def test_backup_as_a_name_asks_no_copy(tmp_path: Path, task: str, path: str,
                                       content: str) -> None:
    result = _run(tmp_path, task, {}, path, content)
    assert result.status == "finished", result.reason


def test_a_backup_table_asks_no_copy(tmp_path: Path) -> None:
    """(this right file is still refused, by a count of tables: not judged here)"""
    task = "Create two tables in db.toml: [main] with host a, and [backup] with host b"
    result = _run(tmp_path, task, {}, "db.toml", '[main]\nhost = "a"\n\n[backup]\nhost = "b"\n')
    assert "asks for a copy" not in result.reason


@pytest.mark.parametrize("task", [
    "make a backup of notes.txt called notes.bak", "backup notes.txt to notes.bak",
    "Please create a backup of notes.txt named notes.bak",
])
def test_backup_as_the_act_still_asks_for_a_copy(tmp_path: Path, task: str) -> None:
    result = _run(tmp_path, task, {"notes.txt": "N1\n"}, "notes.bak", "hello")
    assert result.status != "finished"
