"""create_model, plugin providers and the fast/smart pair."""

from __future__ import annotations

import json

import pytest

from autonomo.config import LLMConfig, ModelConfig
from autonomo.errors import ConfigError
from autonomo.llm.factory import ModelPair, available_providers, create_model, create_model_pair
from autonomo.llm.openai_compat import OpenAICompatModel
from autonomo.llm.replay import RecordingModel
from autonomo.llm.scripted import ScriptedModel
from autonomo.llm.types import Message, ToolCall
from autonomo.plugins.hookspecs import hookimpl
from autonomo.plugins.manager import create_plugin_manager
from openai_server import isolate_environment


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate_environment(monkeypatch, tmp_path)


def test_builtin_providers():
    assert set(available_providers()) == {"local", "openai", "azure", "scripted", "replay"}
    model = create_model(
        ModelConfig(provider="openai", base_url="http://127.0.0.1:9/v1", model="m")
    )
    assert isinstance(model, OpenAICompatModel) and model.name == "openai/m"


def test_scripted_provider_reads_a_response_file(tmp_path):
    script = tmp_path / "script.yaml"
    script.write_text(
        json.dumps(["hello", {"tool": "finish", "arguments": {"reason": "done"}}, {"answer": 1}])
    )
    model = create_model(ModelConfig(provider="scripted", model=str(script)))
    assert model.complete([Message.user("a")]).text == "hello"
    assert model.complete([Message.user("b")]).tool_calls == [
        ToolCall(id="call_1", name="finish", arguments={"reason": "done"})
    ]
    assert json.loads(model.complete([Message.user("c")]).text) == {"answer": 1}
    with pytest.raises(ConfigError, match="response file"):
        create_model(ModelConfig(provider="scripted", model=str(tmp_path / "missing.yaml")))


def test_unknown_provider_lists_the_known_ones():
    with pytest.raises(ConfigError, match=r"Unknown model provider 'nonesuch'.*openai"):
        create_model(ModelConfig(provider="nonesuch"))


def test_replay_without_a_cassette_says_what_to_set():
    with pytest.raises(ConfigError, match="cassette"):
        create_model(ModelConfig(provider="replay"))


class EchoPlugin:
    @hookimpl
    def register_models(self, register):
        register(
            "echo",
            lambda config: ScriptedModel(
                [lambda messages: messages[-1].content], name=f"echo/{config.model}"
            ),
        )


def test_plugins_add_providers():
    pm = create_plugin_manager(load_entry_points=False, extra=[EchoPlugin()])
    model = create_model(ModelConfig(provider="echo", model="e1"), plugins=pm)
    assert model.name == "echo/e1"
    assert model.complete([Message.user("ping")]).text == "ping"


def test_pair_smart_falls_back_to_fast():
    pair = create_model_pair(LLMConfig(fast=ModelConfig(provider="scripted")))
    assert isinstance(pair, ModelPair) and pair.smart is pair.fast
    pair = create_model_pair(
        LLMConfig(
            fast=ModelConfig(provider="scripted"),
            smart=ModelConfig(provider="openai", base_url="http://127.0.0.1:9/v1", model="big"),
        )
    )
    assert pair.smart.name == "openai/big" and pair.fast is not pair.smart
    pair.close()


def test_pair_records_when_record_to_is_set(tmp_path):
    script = tmp_path / "s.json"
    script.write_text('["recorded"]')
    cassette = tmp_path / "run" / "calls.jsonl"
    pair = create_model_pair(
        LLMConfig(fast=ModelConfig(provider="scripted", model=str(script)), record_to=str(cassette))
    )
    assert isinstance(pair.fast, RecordingModel) and pair.smart is pair.fast
    pair.fast.complete([Message.user("q")])
    assert json.loads(cassette.read_text())["completion"]["text"] == "recorded"
