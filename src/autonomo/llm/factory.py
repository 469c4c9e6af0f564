"""Build models from configuration: ``create_model`` and the fast/smart ``ModelPair``.

The built-in providers below (local, openai, azure, scripted, replay) are registered by
``autonomo.plugins.builtin`` through the same ``register_models`` hook a third party
implements; pass a plugin manager to ``create_model`` for the providers of installed plugins.
Each provider reads and validates its own options (``ModelConfig.options_as``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from autonomo.config import LLMConfig, ModelConfig, ProviderOptions
from autonomo.errors import ConfigError, MissingDependencyError
from autonomo.llm.base import ChatModel
from autonomo.llm.replay import RecordingModel, ReplayModel, ReplayOptions
from autonomo.llm.scripted import ScriptedModel
from autonomo.llm.types import ToolCall

ModelFactory = Callable[[ModelConfig], ChatModel]


def local_model(config: ModelConfig) -> ChatModel:
    try:  # heavy (llama-cpp-python): imported only when the local model is used
        from autonomo.llm.local import LlamaCppModel
    except ImportError as exc:
        raise MissingDependencyError(
            f"The local model cannot be loaded ({exc}). Install it with scripts/setup.sh "
            "(or pip install 'autonomo[local]'), or configure a remote provider."
        ) from exc
    return LlamaCppModel(config)


def openai_model(config: ModelConfig) -> ChatModel:
    from autonomo.llm.openai_compat import OpenAICompatModel

    return OpenAICompatModel(config)


def scripted_model(config: ModelConfig) -> ChatModel:
    """A ScriptedModel whose responses come from a JSON or YAML list in ``model`` (a path).

    Items: a string (text), ``{"tool": name, "arguments": {...}}`` (a tool call), or any other
    mapping (sent as JSON text). Without a file the model has no responses.
    """
    config.options_as(ProviderOptions)  # it takes none
    if not config.model:
        return ScriptedModel()
    path = Path(config.model).expanduser()
    if not path.is_file():
        raise ConfigError(f"The scripted provider's model must be a response file; {path} is not.")
    try:
        items = yaml.safe_load(path.read_text(encoding="utf-8"))  # YAML is a superset of JSON
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path} is not valid JSON/YAML: {exc}") from exc
    if not isinstance(items, list):
        raise ConfigError(f"{path} must hold a list of responses.")
    responses: list[Any] = []
    for index, item in enumerate(items):
        if isinstance(item, dict) and "tool" in item:
            responses.append(
                ToolCall(id=f"call_{index}", name=item["tool"], arguments=item.get("arguments", {}))
            )
        elif isinstance(item, dict | list):
            responses.append(json.dumps(item) if isinstance(item, list) else item)
        else:
            responses.append(str(item))
    return ScriptedModel(responses, name=f"scripted/{path.name}")


def replay_model(config: ModelConfig) -> ChatModel:
    cassette = config.options_as(ReplayOptions).cassette or config.model
    if not cassette:
        raise ConfigError(
            "The replay provider needs a cassette: set cassette = \"path/to/calls.jsonl\" in "
            "the model's config section."
        )
    return ReplayModel(cassette)


def available_providers(plugins: Any = None) -> dict[str, ModelFactory]:
    """Provider name -> factory: the built-ins and those of ``plugins`` (a PluginManager)."""
    from autonomo.plugins.registry import registered

    return registered(plugins, "models")


def create_model(model_config: ModelConfig, *, plugins: Any = None) -> ChatModel:
    """The ChatModel ``model_config`` describes."""
    from autonomo.plugins.registry import lookup

    return lookup(plugins, "models", model_config.provider)(model_config)


@dataclass
class ModelPair:
    """AutoGPT's FAST_LLM / SMART_LLM: cheap calls go to ``fast``, hard ones to ``smart``."""

    fast: ChatModel
    smart: ChatModel

    def close(self) -> None:
        self.fast.close()
        if self.smart is not self.fast:
            self.smart.close()


def create_model_pair(llm: LLMConfig, *, plugins: Any = None) -> ModelPair:
    """Both models of ``llm``; ``smart`` is the fast model when not configured.

    With ``llm.record_to`` set, every call of both models is appended to that cassette.
    """
    fast = create_model(llm.fast, plugins=plugins)
    smart = fast if llm.smart is None else create_model(llm.smart, plugins=plugins)
    if llm.record_to:
        recorded_fast = RecordingModel(fast, llm.record_to)
        smart = recorded_fast if smart is fast else RecordingModel(smart, llm.record_to)
        fast = recorded_fast
    return ModelPair(fast=fast, smart=smart)
