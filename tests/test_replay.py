"""Record real calls against the loopback server, then replay them without it."""

from __future__ import annotations

import json

import pytest

from autonomo.config import ModelConfig
from autonomo.llm.factory import create_model
from autonomo.llm.openai_compat import OpenAICompatModel
from autonomo.llm.replay import (
    RecordingModel,
    ReplayExhaustedError,
    ReplayMismatchError,
    ReplayModel,
    scrub,
)
from autonomo.llm.scripted import ScriptedModel
from autonomo.llm.types import Message, ToolCall, ToolSpec
from openai_server import FakeOpenAIServer, isolate_environment, text, tool_call

KEY = "sk-live-SECRET0123456789abcdef"
HEADER_TOKEN = "team-token-4242424242"
ADD = ToolSpec(name="add", parameters={"type": "object", "properties": {"a": {"type": "number"}}})


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate_environment(monkeypatch, tmp_path)


def _session(model) -> list:
    """The calls a little session makes; run once recording, once replaying."""
    results = [model.complete([Message.user("Hello")], max_tokens=30)]
    results.append(model.complete([Message.user("Add 1")], tools=[ADD]))
    results.append("".join(model.stream([Message.user("Stream please")], temperature=0.5)))
    results.append(model.last_completion.usage.prompt_tokens)
    return results


def test_record_then_replay_without_the_server(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    cassette = tmp_path / "calls.jsonl"
    with FakeOpenAIServer([text("Hi!"), tool_call("add", {"a": 1}), text("one two three")]) as srv:
        live = OpenAICompatModel(
            ModelConfig(
                provider="openai",
                base_url=srv.url,
                model="fake",
                headers={"X-Api-Key": HEADER_TOKEN, "X-Team": HEADER_TOKEN},
            )
        )
        recorded = _session(RecordingModel(live, cassette))
        assert srv.requests[0].headers["authorization"] == f"Bearer {KEY}"
    # the server is gone; the cassette answers the same calls
    replayed_model = ReplayModel(cassette)
    replayed = _session(replayed_model)
    replayed_model.assert_all_used()
    assert replayed == recorded
    assert recorded[0].text == "Hi!"
    assert recorded[1].tool_calls == [ToolCall(id="call_1", name="add", arguments={"a": 1})]
    assert recorded[2] == "one two three"
    assert replayed_model.name == "replay/openai/fake"

    content = cassette.read_text()
    assert KEY not in content and HEADER_TOKEN not in content
    lines = [json.loads(line) for line in content.splitlines()]
    assert [line["kind"] for line in lines] == ["complete", "complete", "stream"]
    assert len(lines[2]["chunks"]) > 1


def test_replay_streams_the_recorded_chunks(tmp_path):
    cassette = tmp_path / "s.jsonl"
    inner = ScriptedModel(["abcdefghijklmnopqrstuvwxyz"])
    assert len(list(RecordingModel(inner, cassette).stream([Message.user("x")]))) == 4
    assert list(ReplayModel(cassette).stream([Message.user("x")])) == [
        "abcdefgh",
        "ijklmnop",
        "qrstuvwx",
        "yz",
    ]


def test_a_changed_request_is_a_clear_mismatch(tmp_path):
    cassette = tmp_path / "c.jsonl"
    recorder = RecordingModel(ScriptedModel(["a", "b"]), cassette)
    recorder.complete([Message.system("S"), Message.user("first")])
    recorder.complete([Message.user("second")], max_tokens=5)
    replay = ReplayModel(cassette)
    with pytest.raises(ReplayMismatchError, match=r"Call 1 .*messages\[1\]\.content"):
        replay.complete([Message.system("S"), Message.user("changed")])
    replay = ReplayModel(cassette)
    replay.complete([Message.system("S"), Message.user("first")])
    with pytest.raises(ReplayMismatchError, match="max_tokens is 6, the cassette has 5"):
        replay.complete([Message.user("second")], max_tokens=6)
    unverified = ReplayModel(cassette, verify=False)
    assert unverified.complete([Message.user("anything")]).text == "a"


def test_running_past_the_end_is_a_clear_error(tmp_path):
    cassette = tmp_path / "c.jsonl"
    RecordingModel(ScriptedModel(["only"]), cassette).complete([Message.user("q")])
    replay = ReplayModel(cassette)
    replay.complete([Message.user("q")])
    with pytest.raises(ReplayExhaustedError, match="holds 1 calls and call 2"):
        replay.complete([Message.user("q")])


def test_missing_or_damaged_cassettes_are_config_errors(tmp_path):
    from autonomo.errors import ConfigError

    with pytest.raises(ConfigError, match="does not exist"):
        ReplayModel(tmp_path / "nope.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"request": {}, "completion": {}}\nnot json\n')
    with pytest.raises(ConfigError, match="line 2"):
        ReplayModel(bad)


def test_scrub_removes_keys_bearer_tokens_and_secret_env_values(monkeypatch):
    monkeypatch.setenv("SERVICE_API_KEY", "plain-secret-value-1")
    data = {
        "headers": {"Authorization": "Bearer abcdefghijk", "api-key": "k" * 20, "X-Other": "ok"},
        "messages": [{"content": "my key is sk-abcdefghijklmnopqrstuvwx"}],
        "note": "Bearer zyxwvutsrqponm and plain-secret-value-1",
    }
    from autonomo.llm.replay import _environment_secrets

    clean = json.dumps(scrub(data, _environment_secrets()))
    for secret in ("abcdefghijk", "k" * 20, "sk-abcdefghij", "zyxwvutsrqponm", "plain-secret"):
        assert secret not in clean
    assert '"X-Other": "ok"' in clean


def test_the_factory_builds_a_replay_model(tmp_path):
    cassette = tmp_path / "f.jsonl"
    RecordingModel(ScriptedModel(["from the cassette"]), cassette).complete([Message.user("q")])
    model = create_model(ModelConfig(provider="replay", cassette=str(cassette)))
    assert model.complete([Message.user("q")]).text == "from the cassette"


async def test_async_calls_are_recorded(tmp_path):
    cassette = tmp_path / "a.jsonl"
    recorder = RecordingModel(ScriptedModel(["async answer"]), cassette)
    assert (await recorder.acomplete([Message.user("q")])).text == "async answer"
    assert (await ReplayModel(cassette).acomplete([Message.user("q")])).text == "async answer"
