"""The public API: ``from autonomo import ...``, and plain functions as an agent's tools."""

from __future__ import annotations

import subprocess
import sys

import pytest

import autonomo
from agent_helpers import reply
from autonomo import (
    AgentProfile,
    Command,
    CommandContext,
    Runner,
    ScriptedModel,
    Settings,
    UserError,
    Workbench,
    tool,
)


def test_every_public_name_imports():
    assert sorted(autonomo.__all__) == sorted(autonomo._EXPORTS)
    for name in autonomo.__all__:
        assert getattr(autonomo, name) is not None, name
    with pytest.raises(AttributeError):
        autonomo.no_such_name  # noqa: B018


def test_importing_autonomo_loads_nothing_heavy():
    code = ("import sys, autonomo; print(sorted(m for m in sys.modules "
            "if m.startswith(('autonomo.', 'pydantic', 'pluggy', 'httpx'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout
    assert loaded.strip() == "[]"


def add(a: int, b: int = 2) -> int:
    """Add two numbers.

    Args:
        a: the first number
        b: the second number
    """
    return a + b


def where(ctx: CommandContext) -> str:
    """Say which workspace the agent works in."""
    return ctx.workspace.name


@tool(category="maths")
def double(x: int) -> int:
    """Double a number.

    Args:
        x: the number
    """
    return 2 * x


def bench_with(tmp_path, responses) -> tuple[Workbench, ScriptedModel]:
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    model = ScriptedModel(responses)
    return Workbench.open(settings, models=model), model


def test_plain_functions_commands_and_names_mix_in_tools(tmp_path):
    bench, model = bench_with(tmp_path, [
        reply("add", a=40),
        reply("double", x=21),
        reply("where"),
        reply("write_file", path="n.txt", content="42"),
        reply("finish", reason="done"),
    ])
    agent = bench.new_agent("compute", profile=AgentProfile(name="T", role="a tester"),
                            tools=[add, double, where, "write_file"])
    assert agent.commands.names() == ["write_file", "finish", "add", "double", "where"]
    schema = agent.commands.get("add").parameters_schema()
    assert schema["properties"]["a"] == {"type": "integer", "description": "the first number"}
    assert schema["required"] == ["a"]
    assert "ctx" not in agent.commands.get("where").parameters_schema().get("properties", {})
    assert isinstance(double, Command) and agent.commands.get("double").category == "maths"
    result = Runner(agent).run()
    assert result.status == "finished"
    assert [e.result.output for e in agent.state.episodes[:3]] == [
        "42", "42", agent.workspace.name]
    # the prompt offers exactly the given tools
    system = model.calls[0]["messages"][0].content
    assert "add" in system and "read_file" not in system


def test_a_loaded_agent_gets_its_functions_again(tmp_path):
    bench, model = bench_with(tmp_path, [reply("add", a=1)])
    agent = bench.new_agent("compute", profile=AgentProfile(name="T", role="a tester"),
                            tools=[add])
    Runner(agent).run(max_steps=1)
    with pytest.raises(UserError, match=r"add .*load_agent\(id, tools="):
        bench.load_agent(agent.state.id)
    model.add(reply("add", a=2, b=5), reply("finish", reason="ok"))
    again = bench.load_agent(agent.state.id, tools=[add])
    assert Runner(again).run().status == "finished"
    assert again.state.episodes[1].result.output == "7"


def test_workbench_tools_reach_every_agent(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    bench = Workbench.open(settings, models=ScriptedModel(), tools=[add])
    agent = bench.new_agent("x", profile=AgentProfile(name="T", role="a tester"))
    assert "add" in agent.commands and "read_file" in agent.commands


def test_a_tool_that_is_not_a_function_is_refused(tmp_path):
    bench, _ = bench_with(tmp_path, [])
    with pytest.raises(TypeError, match="must be a function, a Command or a command name"):
        bench.new_agent("x", profile=AgentProfile(name="T", role="a tester"), tools=[42])
