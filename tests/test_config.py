"""Configuration precedence: argument > environment > .env > config file > default.

(Files of the current folder apply once trusted: ``test_config_trust.py``.)
"""

from __future__ import annotations

import pytest

from autonomo.config import config_file_path, load_settings
from autonomo.config_files import trust
from autonomo.errors import ConfigError
from autonomo.sandbox import can_execute
from openai_server import isolate_environment


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate_environment(monkeypatch, tmp_path)


def write_config(tmp_path, text: str, name: str = "autonomo.toml", *, trusted: bool = True):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    if trusted and name in ("autonomo.toml", ".env"):
        trust(path)
    return path


def test_defaults_use_the_local_model(tmp_path):
    settings = load_settings()
    assert settings.llm.fast.provider == "local"
    assert settings.llm.smart is None
    assert settings.agent.max_steps == 30
    assert settings.data_dir == tmp_path / "data"


def test_each_source_overrides_the_one_below(tmp_path, monkeypatch):
    write_config(
        tmp_path,
        '[llm.fast]\nprovider = "openai"\nmodel = "from-file"\nbase_url = "http://file"\n'
        "max_tokens = 100\ntemperature = 0.1\n[agent]\nmax_steps = 11\n",
    )
    settings = load_settings()
    assert (settings.llm.fast.model, settings.llm.fast.base_url) == ("from-file", "http://file")

    write_config(
        tmp_path,
        "AUTONOMO_LLM__FAST__MODEL=from-dotenv\nAUTONOMO_LLM__FAST__MAX_TOKENS=200\n"
        "AUTONOMO_LLM__FAST__TEMPERATURE=0.2\n",
        ".env",
    )
    settings = load_settings()
    assert settings.llm.fast.model == "from-dotenv"
    assert settings.llm.fast.max_tokens == 200
    assert settings.llm.fast.base_url == "http://file"  # untouched keys keep the file's value

    monkeypatch.setenv("AUTONOMO_LLM__FAST__MODEL", "from-env")
    monkeypatch.setenv("AUTONOMO_LLM__FAST__TEMPERATURE", "0.3")
    settings = load_settings()
    assert settings.llm.fast.model == "from-env"
    assert settings.llm.fast.max_tokens == 200
    assert settings.llm.fast.temperature == 0.3

    settings = load_settings({"llm": {"fast": {"model": "from-argument"}}})
    assert settings.llm.fast.model == "from-argument"
    assert settings.llm.fast.temperature == 0.3
    assert settings.llm.fast.provider == "openai"
    assert settings.agent.max_steps == 11


def test_nothing_is_read_before_load_settings_is_called(tmp_path, monkeypatch):
    import autonomo.config as config

    monkeypatch.setenv("AUTONOMO_AGENT__MAX_STEPS", "5")
    assert load_settings().agent.max_steps == 5
    monkeypatch.setenv("AUTONOMO_AGENT__MAX_STEPS", "6")
    assert config.load_settings().agent.max_steps == 6  # resolved anew at each call


def test_environment_json_values_and_nested_sections(monkeypatch):
    monkeypatch.setenv("AUTONOMO_SANDBOX__SHELL_ALLOWLIST", '["ls", "cat"]')
    monkeypatch.setenv("AUTONOMO_LLM__SMART__PROVIDER", "openai")
    monkeypatch.setenv("AUTONOMO_LLM__SMART__MODEL", "gpt-4o")
    monkeypatch.setenv("AUTONOMO_LLM__SMART__PRICES__PROMPT", "2.5")
    monkeypatch.setenv("AUTONOMO_LLM__FAST__HEADERS", '{"X-Team": "blue"}')
    settings = load_settings()
    assert settings.sandbox.shell_allowlist == ["ls", "cat"]
    assert settings.llm.smart.model == "gpt-4o" and settings.llm.smart.prices.prompt == 2.5
    assert settings.llm.fast.headers == {"X-Team": "blue"}


def test_config_file_search_order(tmp_path, monkeypatch):
    assert config_file_path() is None
    in_data_dir = write_config(tmp_path, "[agent]\nmax_steps = 2\n", "data/config.toml")
    assert config_file_path() == in_data_dir
    assert load_settings().agent.max_steps == 2
    local = write_config(tmp_path, "[agent]\nmax_steps = 3\n")
    assert config_file_path().resolve() == local.resolve()
    explicit = write_config(tmp_path, "[agent]\nmax_steps = 4\n", "elsewhere/my.toml")
    monkeypatch.setenv("AUTONOMO_CONFIG", str(explicit))
    assert load_settings().agent.max_steps == 4


def test_a_missing_explicit_config_file_is_an_error(tmp_path, monkeypatch):
    monkeypatch.setenv("AUTONOMO_CONFIG", str(tmp_path / "nope.toml"))
    with pytest.raises(ConfigError, match=r"AUTONOMO_CONFIG points to .*nope\.toml"):
        load_settings()
    monkeypatch.delenv("AUTONOMO_CONFIG")
    from autonomo.cli.main import main

    assert main(["--config", str(tmp_path / "nope.toml"), "config", "show"]) == 2


def test_bad_toml_names_the_file(tmp_path):
    write_config(tmp_path, "[llm.fast\nmodel = 1\n")
    with pytest.raises(ConfigError, match=r"autonomo\.toml is not valid TOML"):
        load_settings()


def test_bad_values_name_the_setting_and_the_file(tmp_path, monkeypatch):
    write_config(tmp_path, '[agent]\nmax_steps = "many"\n')
    with pytest.raises(
        ConfigError,
        match=r"agent\.max_steps.*autonomo\.toml|autonomo\.toml.*"
        r"agent\.max_steps",
    ):
        load_settings()
    (tmp_path / "autonomo.toml").unlink()
    monkeypatch.setenv("AUTONOMO_SANDBOX__BACKEND", "chroot")
    with pytest.raises(ConfigError, match=r"backend 'chroot' \(sandbox\.backend\)"):
        can_execute(load_settings().sandbox)  # any registered name is accepted when loading
    monkeypatch.delenv("AUTONOMO_SANDBOX__BACKEND")
    with pytest.raises(ConfigError, match=r"llm\.fast\.max_tokens"):
        load_settings({"llm": {"fast": {"max_tokens": "lots"}}})
