"""One registration path per extension kind: a plugin adds a model provider, a prompt
strategy, a memory store, an embedder, a sandbox and a command (one file each,
``tests/fixtures/plugin_kit``), and the CLI picks each up by the name the config gives it."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from autonomo import create_plugin_manager, hookimpl
from autonomo.config import ModelConfig, SandboxConfig
from autonomo.errors import ConfigError, UserError
from autonomo.llm.factory import create_model
from autonomo.plugins.registry import registered
from autonomo.sandbox import backend_name, can_execute, create_sandbox
from autonomo.sandbox.local import LocalSandbox
from autonomo.sandbox.select import chosen_backend

KIT = Path(__file__).parent / "fixtures" / "plugin_kit"
MODULES = ("kit_provider", "kit_strategy", "kit_store", "kit_command", "kit_embedder",
           "kit_sandbox")
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


def kit_config(tmp_path: Path, replies: list[dict], extra: str = "",
               commands: str = "stamp") -> dict[str, str]:
    """The kit installed, a TOML config naming its parts, and the environment to run in."""
    site = tmp_path / "site"
    install_kit(site)
    config = tmp_path / "kit.toml"
    config.write_text(f"""
[llm.fast]
provider = "canned"
replies = [{", ".join(json.dumps(json.dumps(r)) for r in replies)}]

[agent]
strategy = "terse"
commands = ["{commands}"]

[memory]
backend = "kitstore"
embedder = "kithash"
lazy = false
{extra}""")
    return {**os.environ, "AUTONOMO_CONFIG": str(config),
            "AUTONOMO_DATA_DIR": str(tmp_path / "data"),
            "PYTHONPATH": os.pathsep.join([str(site), str(SRC)])}


def test_the_cli_uses_a_plugins_provider_strategy_store_embedder_and_command(tmp_path):
    env = kit_config(tmp_path, [reply("stamp", label="kit"), reply("finish", reason="stamped")])
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
        dim = db.execute("SELECT value FROM meta WHERE key = 'dim'").fetchone()[0]
    assert any("Stamped kit." in t for t in texts)
    assert dim == "128"  # the plugin's embedder made the vectors
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
    assert {"kithash", "hashing"} <= set(registered(plugins, "embedders"))
    assert {"kitbox", "bubblewrap", "local"} <= set(registered(plugins, "sandboxes"))
    with pytest.raises(ConfigError, match=r"canned model .* invalid options: replies: Field "
                                          r"required.*It takes: replies"):
        create_model(ModelConfig(provider="canned"), plugins=plugins)
    with pytest.raises(ConfigError, match=r"n_ctxx: Extra inputs are not permitted"):
        create_model(ModelConfig(provider="local", n_ctxx=4096))
    with pytest.raises(ConfigError, match=r"Unknown model provider 'nope'. Registered: .*canned"):
        create_model(ModelConfig(provider="nope"), plugins=plugins)
    for module in MODULES:
        sys.modules.pop(module, None)


@pytest.mark.skipif(not can_execute(SandboxConfig(backend="bubblewrap")),
                    reason="the kit's sandbox is bubblewrap underneath")
def test_the_cli_runs_the_agents_code_in_a_plugins_sandbox(tmp_path):
    code = "import os; print('kitbox is', os.environ.get('KITBOX'))"
    env = kit_config(tmp_path, [reply("execute_python_code", code=code),
                                reply("finish", reason="ran")],
                     extra='[sandbox]\nbackend = "kitbox"\n', commands="execute_python_code")
    run = subprocess.run(
        [sys.executable, "-m", "autonomo.cli.main", "run", "-c", "--limit", "3",
         "--name", "KitGPT", "--role", "an AI that runs code", "Run the code"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "kitbox is on" in run.stdout


class _HostShell(LocalSandbox):
    """A plugin's backend that does not isolate, registered under another name."""

    name = "hostshell"
    auto_order = -1  # even first in line for "auto"

    @classmethod
    def unavailable_reason(cls, config):
        return None


def test_a_plugins_sandbox_fails_closed_like_the_builtin_ones(tmp_path):
    class HostShellPlugin:
        @hookimpl
        def register_sandboxes(self, register):
            register("hostshell", _HostShell)

    class BrokenPlugin:
        @hookimpl
        def register_sandboxes(self, register):
            register("broken", "not a class")

    broken = create_plugin_manager(load_entry_points=False, extra=[BrokenPlugin()])
    with pytest.raises(ConfigError, match="'broken' is registered as 'not a class'"):
        chosen_backend(SandboxConfig(), broken)
    plugins = create_plugin_manager(load_entry_points=False, extra=[HostShellPlugin()])
    with pytest.raises(UserError, match="hostshell sandbox is not usable: it runs commands "
                                        "directly on this machine"):
        create_sandbox(tmp_path, SandboxConfig(backend="hostshell"), plugins)
    try:  # "auto" never picks it without the opt-in (and may find nothing else here)
        auto = backend_name(SandboxConfig(), plugins)
    except UserError as exc:
        auto = str(exc)
    assert auto != "hostshell"
    assert backend_name(SandboxConfig(allow_unsandboxed=True), plugins) == "hostshell"
    with pytest.raises(ConfigError, match=r"Unknown sandbox backend 'nope' .*Registered: .*"
                                          r"bubblewrap.*hostshell"):
        create_sandbox(tmp_path, SandboxConfig(backend="nope"), plugins)


def test_local_options_are_settable_from_the_config():
    from autonomo.llm.local import LocalOptions

    config = ModelConfig.model_validate({"provider": "local", "n_ctx": "2048",
                                         "flash_attn": True, "requantize": "off"})
    options = config.options_as(LocalOptions)
    assert (options.n_ctx, options.flash_attn, options.requantize) == (2048, True, "off")


@pytest.mark.skipif(not can_execute(SandboxConfig(backend="bubblewrap")),
                    reason="the kit's sandbox is bubblewrap underneath")
def test_a_disabled_plugins_sandbox_is_unknown_to_the_agent(tmp_path, monkeypatch):
    from autonomo import AgentProfile, ScriptedModel, Settings, Workbench
    from autonomo.plugins.registry import installed_manager

    site = tmp_path / "site"
    install_kit(site)
    monkeypatch.syspath_prepend(str(site))
    installed_manager.cache_clear()  # made before the kit was installed, maybe
    try:
        for disabled in ([], ["kit_sandbox"]):
            settings = Settings(data_dir=tmp_path / "data", sandbox={"backend": "kitbox"},
                                plugins_disabled=disabled)
            bench = Workbench.open(settings, models=ScriptedModel([]))
            bench.memory = False
            task = {"task": "run code", "profile": AgentProfile(),
                    "tools": ["execute_python_code"]}
            if not disabled:
                assert "execute_python_code" in bench.new_agent(**task).commands
                continue
            assert "kitbox" not in registered(bench.plugins, "sandboxes")
            with pytest.raises(ConfigError, match=r"Unknown sandbox backend 'kitbox'"):
                bench.new_agent(**task)
    finally:
        installed_manager.cache_clear()
        for module in MODULES:
            sys.modules.pop(module, None)
