"""The three prompt strategies, each driving a run with the real built-in commands."""

from __future__ import annotations

import json

from autonomo import Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.profile import AgentProfile
from autonomo.agent.runner import Runner
from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel
from autonomo.llm.types import ToolCall


def run_with(tmp_path, strategy: str, responses: list, commands: list[str]):
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    settings.agent.strategy = strategy
    model = ScriptedModel(responses)
    bench = Workbench.open(settings, models=(model, model, model))
    agent = bench.new_agent("write hi to a.txt, then check it",
                            profile=AgentProfile(name="Dev", role="a developer"),
                            commands=commands)
    return Runner(agent, AutoApproval()).run(), agent, model


def test_actions_strategy_speaks_opendevins_vocabulary(tmp_path):
    def act(action, **args):
        return json.dumps({"action": action, "args": args})

    result, agent, model = run_with(tmp_path, "actions", [
        act("think", thought="Write the file, then read it back."),
        act("write", path="a.txt", content="hi"),
        act("read", path="a.txt"),
        act("finish", reason="a.txt says hi"),
    ], ["read_file", "write_file", "think", "finish"])
    assert result.status == "finished"
    assert [e.action.name for e in agent.state.episodes] == [
        "think", "write_file", "read_file", "finish"]
    assert "hi" in agent.state.episodes[2].result.output
    system = model.calls[0]["messages"][0].content
    assert "* write(" in system and "* read(" in system and "think" in system
    assert "without a `think` in between" in system
    names = {option["properties"]["action"]["const"]
             for option in model.calls[0]["schema"]["anyOf"]}
    assert names == {"read", "write", "think", "finish"}
    assert "[output of read_file]" in model.calls[3]["messages"][-2].content


def test_one_shot_strategy_shows_autogpt_thoughts_and_format(tmp_path):
    thoughts = {k: f"my {k}" for k in ("observations", "text", "reasoning",
                                        "self_criticism", "plan", "speak")}
    result, agent, model = run_with(tmp_path, "one_shot", [
        json.dumps({"thoughts": thoughts,
                    "command": {"name": "finish", "args": {"reason": "done"}}}),
    ], ["finish"])
    assert result.status == "finished"
    assert agent.state.episodes[0].action.thoughts["self_criticism"] == "my self_criticism"
    schema = model.calls[0]["schema"]
    assert list(schema["properties"]) == ["thoughts", "command"]
    assert set(schema["properties"]["thoughts"]["required"]) == set(thoughts)


def test_tool_calling_strategy_offers_tools_and_reads_the_call(tmp_path):
    result, agent, model = run_with(tmp_path, "tool_calling", [
        ToolCall(id="1", name="write_file", arguments={"path": "a.txt", "content": "hi"}),
        ToolCall(id="2", name="finish", arguments={"reason": "written"}),
    ], ["write_file", "finish"])
    assert result.status == "finished"
    assert (agent.workspace / "a.txt").read_text() == "hi"
    assert {t.name for t in model.calls[0]["tools"]} == {"write_file", "finish"}
    assert model.calls[1]["messages"][-2].role == "tool"
