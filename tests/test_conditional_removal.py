"""A removal the task makes depend on a condition ("if notes.txt is empty, delete it") is
not confirmed by the deletion verifier, which does not judge the condition: a file deleted
whatever its text ended FINISHED (5 of 5 wordings). Wordings of this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_helpers import ConstrainedModel, reply
from autonomo import Settings, Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner


def _run(tmp_path: Path, task: str, name: str, text: str) -> str:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / name).write_text(text)
    model = ConstrainedModel([reply("delete_file", path=name),
                              *[reply("finish", reason="done")] * 2])
    bench = Workbench.open(Settings(data_dir=tmp_path / "data"), models=(model, model, model))
    bench.memory = False
    try:
        return Runner(bench.new_agent(task, workspace=ws), AutoApproval()).run(
            max_steps=3).status
    finally:
        bench.close()


@pytest.mark.parametrize(("task", "name", "text"), [
    ("If notes.txt is empty, delete it", "notes.txt", "has text"),
    ("delete notes.txt only if it says DRAFT", "notes.txt", "FINAL"),
    ("delete tmp.txt unless it contains KEEP", "tmp.txt", "KEEP this"),
    ("if cache.db is bigger than 1 MB, delete it", "cache.db", "small"),
    ("when old.log has no ERROR lines, remove it", "old.log", "ERROR x\n"),
])
def test_a_conditional_removal_is_not_confirmed(tmp_path: Path, task: str, name: str,
                                                text: str) -> None:
    assert _run(tmp_path, task, name, text) != "finished"


def test_a_plain_removal_is_still_confirmed(tmp_path: Path) -> None:
    assert _run(tmp_path, "delete notes.txt", "notes.txt", "x") == "finished"
