"""A kind's files are those of the folder the task finds them in: "delete the .tmp files in
cache/" offered keep/b.tmp and the top level's c.tmp to delete as well (a removal of files
the task does not designate). A folder the files are sent to is no such scope ("move every
.log file into logs/"), nor one a denial names ("not in keep/"). Wordings of this file's
own."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_helpers import ConstrainedModel, reply
from autonomo import Settings, Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner
from test_do_no_harm import _harmable, _state, _tree

TREE = {"cache/a.tmp": "1", "cache/d.tmp": "4", "keep/b.tmp": "2", "c.tmp": "3"}
SCOPED = [
    "Delete the .tmp files in cache/",
    "remove every .tmp file from the cache folder",
    "in cache/, delete all .tmp files",
    "Please get rid of the .tmp files inside cache",
    "erase all .tmp files within cache/ - thanks",
]


@pytest.mark.parametrize("task", SCOPED)
def test_only_the_located_folders_files_of_the_kind_may_be_removed(tmp_path: Path,
                                                                   task: str) -> None:
    _tree(tmp_path, TREE)
    assert _harmable(_state(task, tmp_path), tmp_path) == {
        ("delete_file", "cache/a.tmp"), ("delete_file", "cache/d.tmp")}


@pytest.mark.parametrize(("task", "tree", "offered"), [
    ("move every .log file into logs/", {"a.log": "1", "sub/b.log": "2", "logs/c.log": "3"},
     {("rename_file", "a.log"), ("rename_file", "sub/b.log")}),
    ("Remove the .bak files, but not the ones in archive/", {"a.bak": "1", "archive/b.bak": "2"},
     {("delete_file", "a.bak")}),
    ("delete the .tmp files in cache/ and logs/",
     {"cache/a.tmp": "1", "logs/b.tmp": "2", "keep/c.tmp": "3"},
     {("delete_file", "cache/a.tmp"), ("delete_file", "logs/b.tmp")}),
])
def test_a_destination_a_denial_and_a_list_of_folders(tmp_path: Path, task: str, tree: dict,
                                                     offered: set) -> None:
    _tree(tmp_path, tree)
    assert _harmable(_state(task, tmp_path), tmp_path) == offered


@pytest.mark.parametrize("task", SCOPED[:2])
def test_the_located_removal_done_right_is_finished(tmp_path: Path, task: str) -> None:
    ws = tmp_path / "ws"
    _tree(ws, TREE)
    model = ConstrainedModel([reply("delete_file", path="cache/a.tmp"),
                              reply("delete_file", path="cache/d.tmp"),
                              *[reply("finish", reason="done")] * 2])
    bench = Workbench.open(Settings(data_dir=tmp_path / "data"), models=(model, model, model))
    bench.memory = False
    try:
        agent = bench.new_agent(task, workspace=ws)
        assert Runner(agent, AutoApproval()).run(max_steps=4).status == "finished"
    finally:
        bench.close()
    assert sorted(str(p.relative_to(ws)) for p in ws.rglob("*.tmp")) == ["c.tmp", "keep/b.tmp"]
