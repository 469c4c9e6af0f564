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


def test_an_agent_protocol_body_with_half_a_character_is_a_clear_422(tmp_path: Path) -> None:
    """It was a 500 Internal server error (the record failed to serialise)."""
    import httpx

    from autonomo.server.app import create_app
    from server_helpers import reply as server_reply
    from server_helpers import running, scripted_factory, server_settings

    factory = scripted_factory(lambda task_id, options: [server_reply("finish", reason="ok")])
    app = create_app(server_settings(tmp_path), model_factory=factory)
    json_body = {"content-type": "application/json"}
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        bad = client.post("/ap/v1/agent/tasks", headers=json_body,
                          content=b'{"input": "Write \\udcff to out.txt"}')
        assert bad.status_code == 422 and "unpaired surrogate" in bad.json()["message"]
        assert client.get("/ap/v1/agent/tasks").json()["pagination"]["total_items"] == 0
        task_id = client.post("/ap/v1/agent/tasks", json={"input": "ok"}).json()["task_id"]
        bad = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", headers=json_body,
                          content=b'{"input": "fine", "additional_input": {"k": "\\ud800"}}')
        assert bad.status_code == 422 and "unpaired surrogate" in bad.json()["message"]
        assert client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).status_code == 200
