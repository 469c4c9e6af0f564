"""Tasks typed with typographic quotes (a phone, a word processor) are read as the plain
quotes every rule knows (``task_text.analysed``) by every reader, not by some: a folder the
situation designates in ‘curly’ quotes must have its folder command offered too.
Wordings of this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_helpers import ConstrainedModel, reply
from autonomo import Settings, Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner
from autonomo.agent.strategies.folders import called_for
from autonomo.agent.strategies.grounding import situation

REMOVALS = [
    "remove \u2018old_drafts\u2019 \u2013 the whole folder",
    "Please delete the folder \u2018old_drafts\u2019 and all of it",
    "get rid of \u201cold_drafts\u201d (the folder and what is in it)",
    "Trash the directory \u201eold_drafts\u201d",
    "erase the \u00abold_drafts\u00bb folder, thanks",
]
MOVES = [
    "rename folder \u2018old_drafts\u2019 to \u2018drafts_2025\u2019",
    "Rename the folder \u201cold_drafts\u201d to \u201cdrafts_2025\u201d",
    "move the \u2018old_drafts\u2019 folder to \u2018drafts_2025\u2019 please",
    "could you rename the directory \u00abold_drafts\u00bb to \u00abdrafts_2025\u00bb?",
    "Rename the directory \u2018old_drafts\u2019 as \u2018drafts_2025\u2019",
]


def _tree(root: Path) -> None:
    (root / "old_drafts").mkdir()
    (root / "old_drafts" / "intro.txt").write_text("first try\n")
    (root / "keep.txt").write_text("stays\n")


@pytest.mark.parametrize("task", REMOVALS + MOVES)
def test_a_folder_designated_in_curly_quotes_has_its_command_offered(tmp_path: Path,
                                                                     task: str) -> None:
    _tree(tmp_path)
    where = situation(tmp_path, task)
    wanted = (*(("delete_folder",) if where.gone_folders else ()),
              *(("rename_folder",) if where.folder_moves else ()))
    assert wanted, "the situation designates the folder"
    assert called_for(task, tmp_path) == wanted



def test_a_small_model_removes_a_folder_named_in_curly_quotes(tmp_path: Path) -> None:
    """(the run ends unverified, not finished: a whole folder's removal is not verified
    yet, curly quotes or not)"""
    ws = tmp_path / "ws"
    ws.mkdir()
    _tree(ws)
    model = ConstrainedModel([reply("delete_folder", path="old_drafts"),
                          reply("finish", reason="old_drafts removed")])
    bench = Workbench.open(Settings(data_dir=tmp_path / "data"),
                           models=(model, model, model))
    bench.memory = False
    try:
        agent = bench.new_agent(REMOVALS[0], workspace=ws)
        result = Runner(agent, AutoApproval()).run(max_steps=3)
    finally:
        bench.close()
    assert [(e.action.name, e.result.status) for e in agent.state.episodes][:1] == [
        ("delete_folder", "success")]
    assert not (ws / "old_drafts").exists() and (ws / "keep.txt").exists()
    assert result.status in ("finished", "unverified"), result.reason
