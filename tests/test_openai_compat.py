"""OpenAICompatModel against a real HTTP server on loopback."""

from __future__ import annotations

import json
import threading

import pytest

from autonomo.config import ModelConfig, Prices
from autonomo.errors import ConfigError, ModelResponseError
from autonomo.llm.openai_compat import OpenAICompatModel
from autonomo.llm.retry import ProviderHTTPError, RetryPolicy
from autonomo.llm.types import Message, ToolCall, ToolSpec
from openai_server import FakeOpenAIServer, Reply, error, isolate_environment, text, tool_call

KEY = "sk-test-0123456789abcdefghij"
SCHEMA = {
    "type": "object",
    "properties": {"answer": {"type": "string"}},
    "required": ["answer"],
    "additionalProperties": False,
}
ADD = ToolSpec(
    name="add",
    description="Add two numbers.",
    parameters={"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}},
)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate_environment(monkeypatch, tmp_path)


@pytest.fixture
def server():
    with FakeOpenAIServer() as fake:
        yield fake


def make(server: FakeOpenAIServer, **config) -> OpenAICompatModel:
    values = {"provider": "openai", "base_url": server.url, "model": "fake-model", **config}
    return OpenAICompatModel(
        ModelConfig(**values), retry=RetryPolicy(max_retries=2, initial_wait=0.001, jitter=0)
    )


def test_text_completion_sends_a_chat_request_and_reads_usage(server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    server.add(
        text(
            "Paris.",
            usage={
                "prompt_tokens": 1000,
                "completion_tokens": 10,
                "prompt_tokens_details": {"cached_tokens": 600},
            },
        )
    )
    model = make(server, prices=Prices(prompt=2.0, cached_prompt=0.5, completion=8.0))
    completion = model.complete(
        [Message.system("Be brief."), Message.user("Capital of France?")],
        max_tokens=20,
        temperature=0.3,
        stop=["\n"],
    )
    assert completion.text == "Paris."
    assert completion.finish_reason == "stop"
    assert completion.usage.prompt_tokens == 1000
    assert completion.usage.cached_prompt_tokens == 600
    assert completion.usage.completion_tokens == 10
    # 400 uncached at $2/M + 600 cached at $0.5/M + 10 completion at $8/M
    assert completion.usage.cost == pytest.approx((400 * 2 + 600 * 0.5 + 10 * 8) / 1e6)
    assert completion.latency_s > 0
    request = server.requests[0]
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.body["model"] == "fake-model"
    assert request.body["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Capital of France?"},
    ]
    assert request.body["max_tokens"] == 20
    assert request.body["temperature"] == 0.3
    assert request.body["stop"] == ["\n"]
    assert "response_format" not in request.body


def test_extra_headers_are_sent_and_defaults_come_from_config(server):
    server.add(text("ok"))
    model = make(server, headers={"X-Team": "blue"}, max_tokens=77, temperature=0.0)
    model.complete([Message.user("hi")])
    request = server.requests[0]
    assert request.headers["x-team"] == "blue"
    assert request.body["max_tokens"] == 77
    assert request.body["temperature"] == 0.0
    assert "authorization" not in request.headers  # keyless local server


def test_native_tool_calls_round_trip(server):
    server.add(tool_call("add", {"a": 2, "b": 3}, call_id="call_9"), text("5"))
    model = make(server)
    first = model.complete([Message.user("2+3?")], tools=[ADD])
    assert first.tool_calls == [ToolCall(id="call_9", name="add", arguments={"a": 2, "b": 3})]
    assert first.finish_reason == "tool_calls"
    assert server.requests[0].body["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "add",
                "description": "Add two numbers.",
                "parameters": ADD.parameters,
            },
        }
    ]
    history = [
        Message.user("2+3?"),
        Message.assistant(tool_calls=first.tool_calls),
        Message.tool("5", tool_call_id="call_9", name="add"),
    ]
    assert model.complete(history, tools=[ADD]).text == "5"
    sent = server.requests[1].body["messages"]
    assert sent[1] == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_9",
                "type": "function",
                "function": {"name": "add", "arguments": '{"a": 2, "b": 3}'},
            }
        ],
    }
    assert sent[2] == {"role": "tool", "content": "5", "tool_call_id": "call_9"}


def test_slightly_broken_tool_arguments_are_repaired_and_garbage_is_the_models_fault(server):
    server.add(tool_call("add", '{"a": 1, "b": 2'), tool_call("add", "[1, 2]"))
    model = make(server)
    assert model.complete([Message.user("x")], tools=[ADD]).tool_calls[0].arguments == {
        "a": 1,
        "b": 2,
    }
    with pytest.raises(ModelResponseError, match="not a JSON object"):
        model.complete([Message.user("x")], tools=[ADD])


def test_streaming_yields_pieces_and_keeps_the_completion(server):
    server.add(text("The quick brown fox.", cached=8))
    model = make(server)
    pieces = list(model.stream([Message.user("Say it")]))
    assert len(pieces) > 3
    assert "".join(pieces) == "The quick brown fox."
    request = server.requests[0].body
    assert request["stream"] is True
    assert request["stream_options"] == {"include_usage": True}
    completion = model.last_completion
    assert completion is not None
    assert completion.text == "The quick brown fox."
    assert completion.usage.prompt_tokens == 20
    assert completion.usage.cached_prompt_tokens == 8
    assert completion.finish_reason == "stop"


def test_streaming_is_incremental(server):
    """The first piece reaches the caller while the server still holds back the rest."""
    hold = threading.Event()
    reply = Reply(text="first, then the rest", chunk_size=6, hold=hold)
    server.add(reply)
    pieces = []
    for piece in make(server).stream([Message.user("go")]):
        if not pieces:
            assert reply.released is None  # the server is still waiting
            hold.set()
        pieces.append(piece)
    assert reply.released is True
    assert "".join(pieces) == "first, then the rest"


def test_streamed_tool_calls_are_assembled(server):
    server.add(tool_call("add", {"a": 10, "b": 20}, call_id="call_s"))
    model = make(server)
    assert list(model.stream([Message.user("add")], tools=[ADD])) == []
    assert model.last_completion.tool_calls == [
        ToolCall(id="call_s", name="add", arguments={"a": 10, "b": 20})
    ]


def test_schema_is_sent_as_strict_json_schema_response_format(server):
    server.add(text('{"answer": "42"}'))
    completion = make(server).complete([Message.user("?")], schema=SCHEMA)
    assert json.loads(completion.text) == {"answer": "42"}
    fmt = server.requests[0].body["response_format"]
    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"]["schema"] == SCHEMA
    assert fmt["json_schema"]["strict"] is True
    loose = {"type": "object", "properties": {"x": {"type": "string"}}}
    server.add(text("{}"))
    make(server).complete([Message.user("?")], schema=loose)
    assert server.requests[1].body["response_format"]["json_schema"]["strict"] is False


def test_schema_falls_back_to_json_object_then_to_prompting_and_remembers(server):
    server.reject = {"json_schema", "json_object"}
    server.add(text('Sure! ```json\n{"answer": "42",}\n```'), text('{"answer": "7"'))
    model = make(server)
    completion = model.complete([Message.system("You help."), Message.user("?")], schema=SCHEMA)
    assert json.loads(completion.text) == {"answer": "42"}
    formats = [r.body.get("response_format", {}).get("type") for r in server.requests]
    assert formats == ["json_schema", "json_object", None]
    system = server.requests[2].body["messages"][0]
    assert system["role"] == "system"
    assert system["content"].startswith("You help.")
    assert '"answer"' in system["content"] and "JSON" in system["content"]
    assert model.schema_mode == "prompt"
    # the next call goes straight to the mode that worked
    assert json.loads(model.complete([Message.user("?")], schema=SCHEMA).text) == {"answer": "7"}
    assert len(server.requests) == 4
    assert "response_format" not in server.requests[3].body
    assert server.requests[3].body["messages"][0]["role"] == "system"


def test_json_object_mode_is_kept_when_the_server_supports_it(server):
    server.reject = {"json_schema"}
    server.add(text('{"answer": "x"}'))
    model = make(server)
    model.complete([Message.user("?")], schema=SCHEMA)
    assert model.schema_mode == "json_object"
    assert server.requests[-1].body["response_format"] == {"type": "json_object"}


def test_other_bad_requests_are_not_mistaken_for_missing_schema_support(server):
    server.add(error(400, "maximum context length exceeded"))
    model = make(server)
    with pytest.raises(ProviderHTTPError, match="maximum context length") as info:
        model.complete([Message.user("?")], schema=SCHEMA)
    assert info.value.status == 400
    assert model.schema_mode == "json_schema"
    assert len(server.requests) == 1


def test_azure_uses_deployment_url_api_version_and_api_key_header(server, monkeypatch):
    monkeypatch.setenv("AZURE_OPENAI_API_KEY", KEY)
    server.add(text("hi from azure"))
    model = OpenAICompatModel(
        ModelConfig(
            provider="azure", base_url=server.root, model="my-deployment", api_version="2024-06-01"
        )
    )
    assert model.complete([Message.user("hi")]).text == "hi from azure"
    request = server.requests[0]
    assert request.path == "/openai/deployments/my-deployment/chat/completions"
    assert request.query == {"api-version": ["2024-06-01"]}
    assert request.headers["api-key"] == KEY
    assert "authorization" not in request.headers


def test_a_missing_key_names_the_variable_to_set():
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        OpenAICompatModel(ModelConfig(provider="openai", model="gpt-4o-mini"))
    with pytest.raises(ConfigError, match="MY_KEY"):
        OpenAICompatModel(
            ModelConfig(provider="azure", model="d", base_url="http://x", api_key_env="MY_KEY")
        )


def test_the_key_can_come_from_a_trusted_dotenv(server, tmp_path):
    from autonomo.config_files import trust

    (tmp_path / ".env").write_text(f"OPENAI_API_KEY={KEY}\n")
    trust(tmp_path / ".env")
    server.add(text("ok"))
    make(server).complete([Message.user("hi")])
    assert server.requests[0].headers["authorization"] == f"Bearer {KEY}"


def test_401_is_a_config_error_that_says_to_check_the_key(server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-wrong-key-0000000000")
    server.add(error(401, "Incorrect API key provided"))
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        make(server).complete([Message.user("hi")])
    assert len(server.requests) == 1


async def test_native_async_completion_and_stream(server):
    server.add(text("async hello"), text("streamed async"))
    model = make(server)
    completion = await model.acomplete([Message.user("hi")], max_tokens=5)
    assert completion.text == "async hello"
    assert server.requests[0].body["max_tokens"] == 5
    pieces = [piece async for piece in model.astream([Message.user("hi")])]
    assert "".join(pieces) == "streamed async" and len(pieces) > 1
    assert model.last_completion.text == "streamed async"
    await model.aclose()


async def test_async_schema_fallback(server):
    server.reject = {"json_schema"}
    server.add(text('{"answer": "a"}'))
    completion = await make(server).acomplete([Message.user("?")], schema=SCHEMA)
    assert json.loads(completion.text) == {"answer": "a"}


def test_missing_usage_is_estimated_with_the_tokenizer(server):
    server.add(Reply(text="hello world", usage=None))
    model = make(server, prices=Prices(prompt=1.0, completion=1.0))
    completion = model.complete([Message.user("hello world")])
    assert completion.usage.completion_tokens == model.count_tokens("hello world") == 2
    assert completion.usage.prompt_tokens == model.count_message_tokens(
        [Message.user("hello world")]
    )
    assert completion.usage.cost > 0


def test_context_window_comes_from_config_or_the_model_table(server):
    assert make(server, model="gpt-4o-mini").context_window == 128_000
    assert make(server, context_window=2048).context_window == 2048
