"""finish / ask_user / think / do_nothing / recall, the code helpers and sub-agent commands."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from autonomo.llm.scripted import ScriptedModel
from autonomo.memory import open_memory
from autonomo.memory.embeddings import HashingEmbedder
from autonomo.tools.subagents import SubAgents
from tool_helpers import make_ctx, run


def test_finish_ends_the_run(tmp_path: Path) -> None:
    res = run(make_ctx(tmp_path), "finish", reason="All done.")
    assert res.finished and res.status == "success" and res.output == "All done."


def test_think_and_do_nothing(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path)
    assert run(ctx, "think", thought="plan: read then write").output == "Noted."
    assert run(ctx, "do_nothing").output == "Nothing was done."
    assert not run(ctx, "think", thought="x").finished


def test_ask_user_uses_the_service(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path)
    asked: list[str] = []
    ctx.services["ask_user"] = lambda q: asked.append(q) or "blue"
    assert run(ctx, "ask_user", question="Favourite colour?").output == "The user answered: blue"
    assert asked == ["Favourite colour?"]
    ctx.services["ask_user"] = lambda q: ""
    assert run(ctx, "ask_user", question="?").output == "The user gave no answer."
    missing = run(make_ctx(tmp_path), "ask_user", question="?")
    assert missing.status == "error" and "no ask_user available" in missing.output


def test_recall_queries_long_term_memory(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path)
    memory = open_memory(ctx.settings, "test", embedder=HashingEmbedder())
    memory.remember("The deploy key is stored in vault under secret/deploy")
    memory.remember("Lunch is at noon on Fridays")
    ctx.services["memory"] = memory
    res = run(ctx, "recall", query="where is the deploy key stored", k=1)
    assert res.output == "1. The deploy key is stored in vault under secret/deploy"
    assert "no memory available" in run(make_ctx(tmp_path / "x"), "recall", query="q").output


def test_code_helpers_make_one_model_call_each(tmp_path: Path) -> None:
    model = ScriptedModel(
        [
            "- name the magic number",
            "```python\nLIMIT = 3\n```",
            "```python\ndef test_limit(): ...\n```",
        ]
    )
    ctx = make_ctx(tmp_path, model=model)
    (ctx.workspace / "calc.py").write_text("def limit():\n    return 3\n")
    assert run(ctx, "analyze_code", path="calc.py").output == "- name the magic number"
    assert "return 3" in model.calls[0]["messages"][-1].content
    improved = run(ctx, "improve_code", code="x = 3", suggestions=["name the magic number"])
    assert improved.output.startswith("```python")
    assert "- name the magic number" in model.calls[1]["messages"][-1].content
    tests = run(ctx, "write_tests", path="calc.py", focus=["returns 3"])
    assert "def test_limit" in tests.output
    prompt = model.calls[2]["messages"][-1].content
    assert "calc.py" in prompt and "returns 3" in prompt
    assert len(model.calls) == 3
    assert run(ctx, "analyze_code").status == "error"  # neither code nor path
    assert run(ctx, "analyze_code", path="../etc/passwd").status == "error"


class Team:
    """A small real implementation of the SubAgents protocol (the agent layer has the full one)."""

    def __init__(self) -> None:
        self.agents: dict[str, dict[str, Any]] = {}
        self.ids = itertools.count(1)

    def start(self, name: str, task: str, prompt: str | None = None) -> str:
        agent_id = f"agent-{next(self.ids)}"
        self.agents[agent_id] = {"id": agent_id, "name": name, "task": task, "inbox": []}
        return agent_id

    def message(self, agent_id: str, text: str) -> str:
        self.agents[agent_id]["inbox"].append(text)
        return f"{self.agents[agent_id]['name']} got {len(self.agents[agent_id]['inbox'])}"

    def list(self) -> list[dict[str, Any]]:
        return [{k: v for k, v in a.items() if k != "inbox"} for a in self.agents.values()]

    def delete(self, agent_id: str) -> None:
        del self.agents[agent_id]


def test_subagent_commands(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path)
    team = Team()
    assert isinstance(team, SubAgents)
    ctx.services["subagents"] = team
    assert run(ctx, "list_agents").output == "No helper agents."
    started = run(ctx, "start_agent", name="researcher", task="find files")
    assert started.output == "Started agent 'researcher' with id agent-1."
    assert run(ctx, "message_agent", agent_id="agent-1", message="hi").output == (
        "Agent agent-1 replied: researcher got 1"
    )
    assert run(ctx, "list_agents").output == "agent-1: researcher — find files"
    unknown = run(ctx, "message_agent", agent_id="agent-9", message="hi")
    assert unknown.status == "error" and "list_agents" in unknown.output
    assert run(ctx, "delete_agent", agent_id="agent-1").output == "Deleted agent agent-1."
    assert run(ctx, "delete_agent", agent_id="agent-1").status == "error"
