"""A model's reply whose JSON carries an unpaired surrogate (``"\\udcff"``): valid JSON, but
no file name, file or record can hold it. The step's record failed to serialise
(``PydanticSerializationError``) and the whole run died; now it is an invalid reply, asked
again."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_helpers import plugins, reply, workbench
from autonomo import AgentProfile, ScriptedModel, Settings
from autonomo.agent.parsing import require_text
from autonomo.agent.runner import Runner
from autonomo.errors import ModelResponseError


@pytest.mark.parametrize(("command", "arguments"), [
    ("rename_file", {"source": "a.txt", "destination": "\udcff.txt"}),
    ("write_file", {"path": "b.txt", "content": "half \ud800 a character"}),
])
def test_a_reply_with_half_a_character_is_asked_again_not_fatal(
        tmp_path: Path, command: str, arguments: dict) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "a.txt").write_text("x")
    model = ScriptedModel([reply(command, **arguments),
                           reply("rename_file", source="a.txt", destination="c.txt"),
                           reply("finish", reason="done")])
    bench = workbench(Settings(data_dir=tmp_path / "data"), model, plugins())
    try:
        agent = bench.new_agent("Rename a.txt to c.txt", workspace=ws,
                                profile=AgentProfile(name="T", role="a test agent"))
        Runner(agent).run(max_steps=3)
        names = [e.action.name for e in agent.state.episodes]
    finally:
        bench.close()
    assert names == ["rename_file", "finish"]
    assert sorted(p.name for p in ws.iterdir()) == ["c.txt"]


def test_require_text_looks_inside_keys_lists_and_thoughts() -> None:
    require_text({"a": ["b", {"c": "d"}]}, {"text": "fine é 🙂"})
    for bad in ({"\udc80": 1}, {"a": ["x", "\ud800"]}, "\udfff"):
        with pytest.raises(ModelResponseError, match="unpaired surrogate"):
            require_text({}, bad)
