"""Plugins: discovery through entry points, commands, vetoes, prompt edits."""

from __future__ import annotations

import sys
from pathlib import Path

from agent_helpers import TEST_TOOLS, make_agent, plugins, reply
from autonomo.agent.runner import Runner
from autonomo.plugins.hookspecs import hookimpl
from autonomo.plugins.manager import create_plugin_manager

EXAMPLE = Path(__file__).parent.parent / "examples" / "plugin"


def install_example_entry_point(site: Path) -> None:
    """Make the example plugin discoverable the way pip would: a dist-info with its entry."""
    info = site / "autonomo_example_plugin-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: autonomo-example-plugin\nVersion: 0.1.0\n"
    )
    (info / "entry_points.txt").write_text(
        "[autonomo]\nexample = autonomo_example_plugin:plugin\n"
    )
    (site / "autonomo_example_plugin.py").write_text((EXAMPLE / "autonomo_example_plugin.py")
                                                     .read_text())


def test_example_plugin_is_discovered_and_its_hooks_run(tmp_path, monkeypatch):
    site = tmp_path / "site"
    install_example_entry_point(site)
    monkeypatch.syspath_prepend(str(site))
    pm = create_plugin_manager(load_entry_points=False)
    pm.load_setuptools_entrypoints("autonomo", name="example")  # real discovery, one plugin
    example = pm.get_plugin("example")
    assert example is not None, "entry point not discovered"
    agent, _, _ = make_agent(tmp_path, [
        reply("write_note", path="README.md", text="one two three"),
        reply("word_count", path="README.md"),
        reply("finish", reason="counted"),
    ], plugin_manager=pm, tools=[*TEST_TOOLS, "word_count"])
    assert "word_count" in agent.commands
    Runner(agent).run()
    assert agent.state.episodes[1].result.output == "README.md has 3 words."
    assert len(example.responses) == 3
    sys.modules.pop("autonomo_example_plugin", None)


def test_pre_command_veto_and_rewrite_and_post_prompt(tmp_path):
    class Guard:
        @hookimpl
        def pre_command(self, agent, name, arguments):
            if arguments.get("path") == "secret.txt":
                return "no secrets"
            if arguments.get("path") == "old.txt":
                return name, {**arguments, "path": "new.txt"}
            return None

        @hookimpl
        def post_prompt(self, agent, messages):
            messages[-1] = messages[-1].model_copy(
                update={"content": messages[-1].content + "\nPLUGIN NOTE"})
            return messages

    agent, model, _ = make_agent(tmp_path, [
        reply("write_note", path="secret.txt", text="x"),
        reply("write_note", path="old.txt", text="y"),
        reply("finish", reason="ok"),
    ], plugin_manager=plugins(Guard()))
    Runner(agent).run()
    assert agent.state.episodes[0].result.output == "A plugin refused write_note: no secrets"
    assert (agent.workspace / "new.txt").read_text() == "y"
    assert not (agent.workspace / "secret.txt").exists()
    assert model.calls[0]["messages"][-1].content.endswith("PLUGIN NOTE")


def test_chat_completion_hook_replaces_the_model(tmp_path):
    from autonomo.llm.types import Completion

    class Answer:
        @hookimpl
        def chat_completion(self, model, messages, options):
            return Completion(text=reply("finish", reason="from plugin"))

    agent, model, _ = make_agent(tmp_path, [], plugin_manager=plugins(Answer()))
    assert Runner(agent).run().reason == "from plugin"
    assert model.calls == []


def test_every_hook_fires_user_input_report_and_on_response(tmp_path):
    class Listener:
        def __init__(self):
            self.responses, self.reports, self.questions = 0, [], []

        @hookimpl
        def on_response(self, agent, completion):
            self.responses += 1

        @hookimpl
        def report(self, message):
            self.reports.append(message)

        @hookimpl
        def user_input(self, prompt):
            self.questions.append(prompt)
            return "blue"

    listener = Listener()
    agent, _, _ = make_agent(tmp_path, [
        reply("ask_user", question="Which colour?"),
        reply("ask_user", question="Which colour?"),  # a repeat: a note the user gets
        reply("finish", reason="asked"),
    ], plugin_manager=plugins(listener), tools=["ask_user", "finish"])
    result = Runner(agent).run(max_steps=5)
    assert result.status == "finished"
    assert listener.questions == ["Which colour?"]
    assert "blue" in agent.state.episodes[0].result.output
    assert listener.responses == 3
    assert any(r.startswith("Repeat of ask_user") for r in listener.reports)


def test_no_hookspec_is_left_unfired():
    """Every hook the spec declares is called somewhere in the package."""
    import inspect
    import re

    from autonomo.plugins import hookspecs

    src = Path(hookspecs.__file__).resolve().parents[1]
    code = "\n".join(p.read_text() for p in src.rglob("*.py") if p.name != "hookspecs.py")
    declared = [n for n, f in inspect.getmembers(hookspecs, inspect.isfunction)
                if hasattr(f, "autonomo_spec")]
    unfired = [n for n in declared if not re.search(rf"hook\.{n}\b|\"{n}\"", code)]
    assert declared and unfired == []
