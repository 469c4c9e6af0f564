"""One registration path per extension kind: a plugin adds a model provider, a prompt
strategy, a memory store and a command (one file each, ``tests/fixtures/plugin_kit``), and
the CLI picks each up by the name the config gives it."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from autonomo import create_plugin_manager
from autonomo.config import ModelConfig
from autonomo.errors import ConfigError
from autonomo.llm.factory import create_model
from autonomo.plugins.registry import registered

KIT = Path(__file__).parent / "fixtures" / "plugin_kit"
MODULES = ("kit_provider", "kit_strategy", "kit_store", "kit_command")
SRC = Path(__file__).resolve().parents[1] / "src"


def install_kit(site: Path) -> None:
    """Make the kit discoverable the way pip would: a dist-info with its entry points."""
    info = site / "autonomo_plugin_kit-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: autonomo-plugin-kit\n"
                                   "Version: 0.1.0\n")
    (info / "entry_points.txt").write_text(
        "[autonomo]\n" + "".join(f"{m} = {m}\n" for m in MODULES))
    for module in MODULES:
        (site / f"{module}.py").write_text((KIT / f"{module}.py").read_text())


def reply(name: str, **args) -> dict:
    return {"thoughts": {"reasoning": f"use {name}"}, "command": {"name": name, "args": args}}


def test_the_cli_uses_a_plugins_provider_strategy_store_and_command(tmp_path):
    site = tmp_path / "site"
    install_kit(site)
    replies = [reply("stamp", label="kit"), reply("finish", reason="stamped")]
    config = tmp_path / "kit.toml"
    config.write_text(f"""
[llm.fast]
provider = "canned"
replies = [{", ".join(json.dumps(json.dumps(r)) for r in replies)}]

[agent]
strategy = "terse"
commands = ["stamp"]

[memory]
backend = "kitstore"
embedder = "hashing"
""")
    env = {**os.environ, "AUTONOMO_CONFIG": str(config),
           "AUTONOMO_DATA_DIR": str(tmp_path / "data"),
           "PYTHONPATH": os.pathsep.join([str(site), str(SRC)])}
    run = subprocess.run(
        [sys.executable, "-m", "autonomo.cli.main", "run", "-c", "--limit", "4",
         "--name", "KitGPT", "--role", "an AI that stamps", "Stamp the word kit"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    stamps = list((tmp_path / "data").rglob("kit.stamp"))
    assert [p.read_text() for p in stamps] == ["kit"]  # the plugin's command ran
    memory_files = list((tmp_path / "data" / "kit_memory").glob("*.db"))
    assert len(memory_files) == 1  # the plugin's store kept the agent's memories
    with sqlite3.connect(memory_files[0]) as db:
        texts = [row[0] for row in db.execute("SELECT text FROM memories")]
    assert any("Stamped kit." in t for t in texts)
    agents = subprocess.run([sys.executable, "-m", "autonomo.cli.main", "log",
                             memory_files[0].stem, "--json", str(tmp_path / "t.json")],
                            env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert agents.returncode == 0, agents.stderr
    trajectory = (tmp_path / "t.json").read_text()
    assert "Kit strategy: keep every thought to one line." in trajectory  # the strategy
    assert "canned/kit" in trajectory  # the provider


def test_a_provider_validates_its_own_options_and_names_the_bad_one(tmp_path, monkeypatch):
    site = tmp_path / "site"
    install_kit(site)
    monkeypatch.syspath_prepend(str(site))
    plugins = create_plugin_manager()
    assert {"canned", "local", "openai"} <= set(registered(plugins, "models"))
    assert {"terse", "one_shot"} <= set(registered(plugins, "strategies"))
    assert {"kitstore", "sqlite"} <= set(registered(plugins, "memory_stores"))
    with pytest.raises(ConfigError, match=r"canned model .* invalid options: replies: Field "
                                          r"required.*It takes: replies"):
        create_model(ModelConfig(provider="canned"), plugins=plugins)
    with pytest.raises(ConfigError, match=r"n_ctxx: Extra inputs are not permitted"):
        create_model(ModelConfig(provider="local", n_ctxx=4096))
    with pytest.raises(ConfigError, match=r"Unknown model provider 'nope'. Registered: .*canned"):
        create_model(ModelConfig(provider="nope"), plugins=plugins)
    for module in MODULES:
        sys.modules.pop(module, None)


def test_local_options_are_settable_from_the_config():
    from autonomo.llm.local import LocalOptions

    config = ModelConfig.model_validate({"provider": "local", "n_ctx": "2048",
                                         "flash_attn": True, "requantize": "off"})
    options = config.options_as(LocalOptions)
    assert (options.n_ctx, options.flash_attn, options.requantize) == (2048, True, "off")
