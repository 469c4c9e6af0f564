"""A model reply nested thousands of levels deep (a degenerate generation repeating ``[``, or
a hostile endpoint) is an invalid reply, never a crash of the run: ``json`` raises
``RecursionError`` and json-repair ``ValueError`` on such text."""

from __future__ import annotations

import pytest

from agent_helpers import make_agent, reply
from autonomo.agent.runner import Runner
from autonomo.errors import ModelResponseError
from autonomo.llm.types import Message
from openai_server import FakeOpenAIServer, isolate_environment, text, tool_call
from test_openai_compat import ADD, SCHEMA, make

DEEP = ["[" * 5000, "{" * 5000, '{"command": ' + "[" * 5000 + "}"]


@pytest.mark.parametrize("bad", DEEP, ids=["brackets", "braces", "inside-an-object"])
def test_a_deeply_nested_reply_is_an_invalid_reply_and_the_run_goes_on(tmp_path, bad):
    agent, _, _ = make_agent(tmp_path, [bad, reply("finish", reason="done")], task="Say hi")
    result = Runner(agent).run(max_steps=3)
    assert result.status == "finished"


@pytest.fixture
def server(monkeypatch, tmp_path):
    isolate_environment(monkeypatch, tmp_path)
    with FakeOpenAIServer() as fake:
        yield fake


def test_deeply_nested_tool_arguments_are_the_models_fault(server):
    for args in DEEP:
        server.add(tool_call("add", args))
        with pytest.raises(ModelResponseError, match="not a JSON object"):
            make(server).complete([Message.user("x")], tools=[ADD])


def test_a_deeply_nested_structured_reply_comes_back_as_text(server):
    for bad in DEEP:
        server.add(text(bad))
        assert make(server).complete([Message.user("?")], schema=SCHEMA).text == bad
