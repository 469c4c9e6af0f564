"""A file whose name is not UTF-8 (Python reads its byte as a lone surrogate), or a task
typed with such a byte, never crashes a run: a refusal naming the file crashed the run when
its episode was saved (UTF-8 has no form for a lone surrogate). The record and the prompt
carry the byte escaped, as listings show it. Wordings of this file's own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agent_helpers import ConstrainedModel, reply
from autonomo import Settings, Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner
from autonomo.storage.model_json import model_json
from autonomo.tools.registry import CommandResult

BAD = os.fsdecode(b"bad\xffname.txt")
REMOVALS = ["delete every .txt file", "remove all the .txt files please",
            "Get rid of each .txt file in here", "please delete all .txt files here",
            "clear out every file ending in .txt"]


def _run(tmp_path: Path, task: str, script: list[str]):
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    model = ConstrainedModel(script)
    bench = Workbench.open(Settings(data_dir=tmp_path / "data"), models=(model, model, model))
    bench.memory = False
    try:
        agent = bench.new_agent(task, workspace=ws)
        result = Runner(agent, AutoApproval()).run(max_steps=len(script))
        return result, bench.store.load(agent.state.id)
    finally:
        bench.close()


@pytest.mark.parametrize("task", REMOVALS)
def test_a_refusal_naming_an_undecodable_file_is_recorded_escaped(tmp_path: Path,
                                                                  task: str) -> None:
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / BAD).write_text("x")
    (tmp_path / "ws" / "plain.txt").write_text("y")
    result, saved = _run(tmp_path, task, [reply("delete_file", path="plain.txt"),
                                          *[reply("finish", reason="done")] * 2])
    assert result.status != "finished"
    outputs = [e.result.output for e in saved.episodes if e.result]
    assert any("bad\\xffname.txt" in o for o in outputs), outputs
    assert "\udcff" not in saved.stop_reason


def test_a_task_with_an_undecodable_byte_runs_and_is_saved(tmp_path: Path) -> None:
    task = "write ok to " + os.fsdecode(b"r\xe9sum\xe9.txt")
    result, saved = _run(tmp_path, task, [reply("finish", reason="done")] * 2)
    assert saved.tasks == ["write ok to r\\xe9sum\\xe9.txt"]
    assert result.status != "finished"


def test_a_record_holding_a_lone_surrogate_is_written_escaped() -> None:
    held = CommandResult(status="error", output="x", data={"why": f"{BAD} is left"})
    assert '"why":"bad\\\\xffname.txt is left"' in model_json(held)
    assert CommandResult.error(f"{BAD} is left").output == "bad\\xffname.txt is left"
