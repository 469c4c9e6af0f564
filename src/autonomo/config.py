"""Configuration, resolved lazily in a documented order.

Highest priority first:

1. arguments given in code or on the command line (``load_settings(overrides)``);
2. environment variables ``AUTONOMO_*`` (nested with ``__``: ``AUTONOMO_LLM__FAST__MODEL``),
   then those of a *trusted* ``./.env``;
3. the config files: ``--config FILE`` / ``$AUTONOMO_CONFIG`` alone if given, else a *trusted*
   ``./autonomo.toml`` over the user's ``<data dir>/config.toml``;
4. defaults (the embedded local model, a data directory under the user's data dir).

Files in the current folder apply only once trusted (``autonomo config trust``): see
``autonomo.config_files``. Nothing is read at import time: call ``load_settings()`` when you
need settings.
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any, TypeVar

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from autonomo.config_files import ConfigFiles, find_config_files
from autonomo.errors import ConfigError

#: the built-in providers; plugins may register more (``register_models``), so any name is
#: accepted here and checked when the model is created (``autonomo.llm.factory``)
BUILTIN_PROVIDERS = ("local", "openai", "azure", "scripted", "replay")


class Prices(BaseModel):
    """US dollars per million tokens."""

    prompt: float = 0.0
    cached_prompt: float | None = None
    completion: float = 0.0


class ProviderOptions(BaseModel):
    """Base of a provider's options: an unknown option is an error, not silently ignored."""

    model_config = ConfigDict(extra="forbid")


OptionsT = TypeVar("OptionsT", bound=BaseModel)


class ModelConfig(BaseModel):
    """One model: which provider serves it and how to reach it."""

    provider: str = "local"
    #: remote: the model name; local: a GGUF path (empty = the embedded SmolLM2 model)
    model: str = ""
    base_url: str | None = None
    #: the key itself (prefer ``api_key_env``); never written to recordings or state
    api_key: str | None = None
    #: the environment variable that holds the key
    api_key_env: str = "OPENAI_API_KEY"
    headers: dict[str, str] = Field(default_factory=dict)
    context_window: int | None = None
    temperature: float = 0.0
    max_tokens: int = 512
    timeout_s: float = 120.0
    max_retries: int = 5
    prices: Prices = Field(default_factory=Prices)
    #: the provider's own settings (local: n_ctx, n_threads, flash_attn, requantize …;
    #: azure: api_version; replay: cassette …), written beside the fields above in the
    #: config section; the provider validates them when it builds the model
    options: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _gather_options(cls, data: Any) -> Any:
        """Keys that are not shared fields are the provider's options."""
        if not isinstance(data, dict):
            return data
        shared = {k: v for k, v in data.items() if k in cls.model_fields}
        own = {k: v for k, v in data.items() if k not in cls.model_fields}
        if own:
            shared["options"] = {**dict(shared.get("options") or {}), **own}
        return shared

    def options_as(self, options: type[OptionsT]) -> OptionsT:
        """The options validated by a provider's model of them; a clear error otherwise."""
        try:
            return options.model_validate(self.options)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'options'}: {e['msg']}"
                for e in exc.errors())
            raise ConfigError(
                f"The {self.provider} model {self.model or '(default)'} has invalid options: "
                f"{problems}. It takes: {', '.join(options.model_fields)}.") from exc


class LLMConfig(BaseModel):
    """AutoGPT's FAST_LLM / SMART_LLM pair; ``smart`` falls back to ``fast``."""

    fast: ModelConfig = Field(default_factory=ModelConfig)
    smart: ModelConfig | None = None
    #: record every call of a run to this file (replayable with provider "replay")
    record_to: str | None = None
    #: models known by name: an SOP's role or state that names one uses it (aiwaves' LLM blocks)
    models: dict[str, ModelConfig] = Field(default_factory=dict)


class AgentConfig(BaseModel):
    #: a registered prompt strategy: one_shot, tool_calling, actions, or a plugin's
    strategy: str = "one_shot"
    max_steps: int = 30
    #: US dollars; None means no limit
    budget: float | None = None
    #: tokens of the prompt given to progress (episodes)
    history_budget: int = 2000
    #: how many latest episodes are shown in full
    full_episodes: int = 3
    max_invalid_responses: int = 3
    #: fsync the state after every step, and every file a command replaces whole (survives a
    #: power loss; costs ~1-5 ms a step on this machine's disk). Without it, every step and
    #: every file still survives a crash of the process.
    fsync_steps: bool = False
    commands: list[str] | None = None  # None = every enabled command
    #: the commands of a small local model (one whose output is grammar-constrained) when
    #: ``commands`` is not set: a 135M model picks well among a few, poorly among dozens
    small_model_commands: list[str] = Field(default_factory=lambda: [
        "write_file", "read_file", "append_to_file", "delete_file", "copy_file", "rename_file",
        "execute_python_file", "list_folder", "replace_text", "finish"])
    #: small model: commands on whole folders, given (and listed in its prompt) only when
    #: its task designates a folder for them when the agent is made ("remove the tmp folder
    #: with everything in it"); otherwise its prompt stays as it was
    small_model_folder_commands: list[str] = Field(default_factory=lambda: [
        "delete_folder", "rename_folder"])
    #: small model: a command offered only when the task says one of these words (a 135M
    #: model deleted the very file it was asked to read when delete_file was always offered)
    small_model_command_words: dict[str, list[str]] = Field(default_factory=lambda: {
        "delete_file": ["delete", "remove", "erase", "rid", "discard"],
        "rename_file": ["rename", "move"],
        "delete_folder": ["delete", "remove", "erase", "rid", "discard"],
        "rename_folder": ["rename", "move"],
        "copy_file": ["copy", "duplicate", "clone"],
        "execute_python_file": ["run", "ran", "execute"],
        "replace_text": ["replace", "change", "fix", "edit", "update", "modify", "correct",
                         "bump", "set", "raise", "lower", "increase", "decrease", "reduce",
                         "mark", "turn", "switch", "toggle", "enable", "disable",
                         # (a checklist's box, a comment, a misspelling, one text for another)
                         "tick", "untick", "uncheck", "check", "cross", "comment",
                         "uncomment", "spell", "spelt", "misspell", "typo", "swap", "rename",
                         "activate", "deactivate", "instead", "wrong"]})
    disabled_commands: list[str] = Field(default_factory=list)
    #: ``finish`` is accepted only on positive evidence in the run's record (the task's
    #: input files used, the values it states written, …), not only when nothing in the
    #: record contradicts it (the contradiction check applies to every model and strategy).
    #: None: on for a small local (grammar-constrained) model, off for other models
    finish_evidence: bool | None = None
    #: let the model write the agent's profile first; None = yes, except on a small local
    #: (grammar-constrained) model, where it costs a call and yields a name, not a better run
    generate_profile: bool | None = None


class SandboxConfig(BaseModel):
    #: a registered sandbox backend (bubblewrap, docker, podman, local, or a plugin's), or
    #: "auto": the first isolating one that can run here
    backend: str = "auto"
    #: required to run commands unsandboxed (the "local" backend, or any that does not isolate)
    allow_unsandboxed: bool = False
    allow_shell: bool = False
    shell_allowlist: list[str] = Field(default_factory=list)
    shell_denylist: list[str] = Field(default_factory=list)
    allow_network: bool = False
    timeout_s: float = 60.0
    memory_mb: int = 1024
    max_processes: int = 256
    cpu_seconds: int = 60
    output_cap: int = 8000
    #: a background job is killed after this long
    job_timeout_s: float = 3600.0
    #: largest file a command may write, in megabytes (RLIMIT_FSIZE)
    max_file_mb: int = 1024
    #: a command is killed once the workspace's disk has lost this much free space since it
    #: started, in megabytes
    max_write_mb: int = 4096
    #: ... or once that disk's free space falls below this, in megabytes
    min_free_mb: int = 1024
    #: when autonomo runs as root, each bubblewrap sandbox runs as its own otherwise unused host
    #: uid from ``sandbox_uid`` .. ``sandbox_uid + sandbox_uid_count - 1`` (root is exempt from
    #: the process limit, and one uid shared by all agents would share that limit); the
    #: workspace is mapped to it with an idmapped mount, its ownership on disk never changes
    sandbox_uid: int = 64321
    sandbox_uid_count: int = 1000
    #: image for the docker / podman backends
    image: str = "python:3.11-slim"


class WebConfig(BaseModel):
    enabled: bool = True
    search_engine: str = "duckduckgo"
    allow_private_addresses: bool = False
    allow_downloads: bool = False
    allow_git_clone: bool = False
    timeout_s: float = 20.0
    max_page_chars: int = 8000
    #: largest page or file fetched, in megabytes
    max_download_mb: int = 50
    #: read pages in headless Chromium when it is installed (JavaScript runs first)
    use_browser: bool = True


class MemoryConfig(BaseModel):
    enabled: bool = True
    #: queue an agent's new memories in a file and embed them at its first search, so that a run
    #: that never searches never loads the embedder (its steps stay in the agent's store)
    lazy: bool = True
    #: a registered memory store: sqlite, postgres, or a plugin's
    backend: str = "sqlite"
    #: PostgreSQL + pgvector URL; unset = the embedded server under ``<data_dir>/postgres``
    postgres_url: str | None = None
    #: a registered embedder: local, openai, hashing ("hashing" needs no model), or a plugin's
    embedder: str = "local"
    #: local: a model directory (the default is the bundled all-MiniLM-L6-v2); openai: a name
    embedding_model: str = "all-MiniLM-L6-v2"
    #: openai embedder: endpoint and key (default: the fast model's base_url and key)
    embedding_base_url: str | None = None
    embedding_api_key_env: str | None = None
    embedding_batch_size: int = 32
    #: tokens of the prompt given to relevant memories
    relevant_budget: int = 400
    #: condense the history when it passes this many tokens
    condense_threshold: int = 3000


class ServerConfig(BaseModel):
    """``autonomo serve``: the Agent Protocol server and its web page."""

    host: str = "127.0.0.1"
    port: int = 8000
    #: bearer token every request must carry; required to listen beyond loopback
    token: str | None = None
    #: steps that may run at once (model calls and commands); the rest wait in a queue
    workers: int = 4
    #: a PostgreSQL URL to share tasks between several servers; unset = SQLite in data_dir
    database: str | None = None
    #: browser origins allowed to call the API from other pages (CORS); none by default
    cors_origins: list[str] = Field(default_factory=list)
    max_body_kb: int = 1024
    max_upload_mb: int = 50
    #: models a task may pick by name in ``additional_input.model``
    models: dict[str, ModelConfig] = Field(default_factory=dict)
    #: seconds a PostgreSQL worker holds a task without renewing its claim
    lease_s: float = 30.0


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="AUTONOMO_",
        env_nested_delimiter="__",
        extra="ignore",
    )

    data_dir: Path = Field(default_factory=lambda: Path(platformdirs.user_data_dir("autonomo")))
    llm: LLMConfig = Field(default_factory=LLMConfig)
    agent: AgentConfig = Field(default_factory=AgentConfig)
    sandbox: SandboxConfig = Field(default_factory=SandboxConfig)
    web: WebConfig = Field(default_factory=WebConfig)
    memory: MemoryConfig = Field(default_factory=MemoryConfig)
    server: ServerConfig = Field(default_factory=ServerConfig)
    #: MCP servers: name -> {"command": [...]} or {"url": "..."}
    mcp_servers: dict[str, dict[str, Any]] = Field(default_factory=dict)
    plugins_disabled: list[str] = Field(default_factory=list)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # no ./.env here: a file in the current folder applies only once trusted
        return (init_settings, env_settings, file_secret_settings)


def config_file_path() -> Path | None:
    """The configuration file (TOML) that wins, if any (see the module docstring)."""
    files = find_config_files().toml_files()
    return files[-1].path if files else None


def _deep_merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _parse_toml(path: Path, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}. Fix the file or remove it.") from exc


def load_settings(overrides: dict[str, Any] | None = None, *,
                  files: ConfigFiles | None = None) -> Settings:
    """Resolve settings: ``overrides`` > environment / trusted .env > config files > defaults.

    ``files``: the configuration files found (``find_config_files()``), when the caller wants
    to report them too.
    """
    files = find_config_files() if files is None else files
    file_values: dict[str, Any] = {}
    for file in files.toml_files():
        file_values = _deep_merge(file_values, _parse_toml(file.path, file.text))
    env_values = _environment_values(files.dotenv())
    values = _deep_merge(_deep_merge(file_values, env_values), overrides or {})
    try:
        return Settings.model_validate(values)
    except ValidationError as exc:
        names = ", ".join(str(f.path) for f in files.used)
        source = f" (config files: {names})" if names else ""
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()
        )
        raise ConfigError(f"Invalid configuration{source}: {problems}") from exc


ENV_PREFIX = "AUTONOMO_"
#: AUTONOMO_* variables that choose where settings come from rather than being settings
_NOT_SETTINGS = {"AUTONOMO_CONFIG"}


def _environment_values(dotenv: dict[str, str]) -> dict[str, Any]:
    """Values from AUTONOMO_* variables and a trusted .env (the environment wins), nested.

    ``AUTONOMO_LLM__FAST__MODEL=x`` becomes ``{"llm": {"fast": {"model": "x"}}}``; a value
    that looks like a JSON list or object is parsed (``AUTONOMO_SANDBOX__SHELL_ALLOWLIST=
    '["ls"]'``); other values stay strings for pydantic to convert and validate.
    """
    raw = {**dotenv, **os.environ}
    values: dict[str, Any] = {}
    for name, value in raw.items():
        upper = name.upper()
        if not upper.startswith(ENV_PREFIX) or upper in _NOT_SETTINGS:
            continue
        *parents, leaf = upper[len(ENV_PREFIX) :].lower().split("__")
        target = values
        for part in parents:
            target = target.setdefault(part, {})
            if not isinstance(target, dict):
                raise ConfigError(f"{name} conflicts with another AUTONOMO_* variable.")
        target[leaf] = _env_value(value)
    return values


def _env_value(value: str) -> Any:
    stripped = value.strip()
    if stripped[:1] in ("[", "{"):
        try:
            return json.loads(stripped)
        except ValueError:
            return value
    return value
