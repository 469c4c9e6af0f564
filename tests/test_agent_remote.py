"""The loop against a real OpenAI-compatible HTTP server on loopback: tool calling, budget."""

from __future__ import annotations

from agent_helpers import TEST_TOOLS, reply
from autonomo import Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.profile import AgentProfile
from autonomo.agent.runner import Runner
from autonomo.config import ModelConfig, Prices, Settings
from autonomo.llm.openai_compat import OpenAICompatModel
from autonomo.llm.retry import RetryPolicy
from autonomo.plugins.manager import create_plugin_manager
from openai_server import FakeOpenAIServer, text, tool_call


def workbench(tmp_path, server, prices=None):
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    settings.agent.commands = ["write_note", "count_lines", "big_output"]  # + finish
    model = OpenAICompatModel(ModelConfig(provider="openai", model="test-model",
                                          base_url=server.url, api_key="sk-test",
                                          max_tokens=100, prices=prices or Prices()))
    pm = create_plugin_manager(load_entry_points=False)
    return Workbench.open(settings, plugins=pm, models=model, tools=TEST_TOOLS)


def test_tool_calling_strategy_over_http(tmp_path):
    with FakeOpenAIServer([
        tool_call("write_note", {"path": "a.txt", "text": "hi"}),
        tool_call("finish", {"reason": "wrote a.txt"}),
    ]) as server:
        bench = workbench(tmp_path, server)
        bench.settings.agent.strategy = "tool_calling"
        agent = bench.new_agent("write hi to a.txt",
                                profile=AgentProfile(name="T", role="a tester"))
        result = Runner(agent, AutoApproval()).run()
        assert result.status == "finished" and result.reason == "wrote a.txt"
        second = server.requests[1].body
        assert {t["function"]["name"] for t in second["tools"]} >= {"write_note", "finish"}
        roles = [m["role"] for m in second["messages"]]
        assert roles[-3:] == ["assistant", "tool", "user"]
        assert second["messages"][-2]["content"] == "Wrote 2 characters to a.txt."


def test_budget_stops_the_run_before_a_call_could_pass_it(tmp_path):
    # $1 per 1,000 prompt tokens and per 1,000 completion tokens (per million: 1000)
    prices = Prices(prompt=1000.0, completion=1000.0)
    with FakeOpenAIServer([
        text(reply("write_note", path=f"{i}.txt", text="x"),
             usage={"prompt_tokens": 100, "completion_tokens": 50}) for i in range(10)
    ]) as server:
        bench = workbench(tmp_path, server, prices)
        agent = bench.new_agent("write notes", budget=0.8,
                                profile=AgentProfile(name="T", role="a tester"))
        result = Runner(agent, AutoApproval()).run()
        assert result.status == "stopped" and "Budget reached" in result.reason
        assert agent.state.usage.cost <= 0.8
        assert len(server.requests) == len(agent.state.episodes) >= 1


def test_a_model_that_keeps_failing_ends_the_run_with_the_reason(tmp_path):
    from openai_server import error

    with FakeOpenAIServer([error(503)] * 10) as server:
        bench = workbench(tmp_path, server)
        bench.model.retry = RetryPolicy(max_retries=1, sleep=lambda seconds: None)
        agent = bench.new_agent("anything", profile=AgentProfile(name="T", role="a tester"))
        result = Runner(agent, AutoApproval()).run()
        assert result.status == "failed" and "503" in result.reason
        assert bench.store.load(agent.state.id).status == "failed"


def test_a_rejected_key_is_saved_and_raised_for_the_user(tmp_path):
    import pytest

    from autonomo.errors import UserError
    from openai_server import error

    with FakeOpenAIServer([error(401, "bad key")]) as server:
        bench = workbench(tmp_path, server)
        agent = bench.new_agent("anything", profile=AgentProfile(name="T", role="a tester"))
        with pytest.raises(UserError):
            Runner(agent, AutoApproval()).run()
        assert bench.store.load(agent.state.id).status == "failed"
