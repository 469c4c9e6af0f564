"""Offline token counting, the model tables and trimming to a window."""

from __future__ import annotations

import socket

import pytest

from autonomo.llm import tokens
from autonomo.llm.tokens import ContextWindowError, count_messages, trim_messages
from autonomo.llm.types import Message, ToolCall


def test_cl100k_loads_without_the_network(monkeypatch):
    tokens.cl100k.cache_clear()

    def no_network(*args, **kwargs):
        raise AssertionError("tried to open a network connection")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    encoding = tokens.cl100k()
    assert encoding.encode("hello world") == [15339, 1917]
    assert tokens.count_text_tokens("<|endoftext|>") > 1  # special tokens are plain text here


def test_models_map_to_encodings_with_a_note_for_approximations():
    assert tokens.encoding_name_for_model("gpt-4o-mini") == "o200k_base"
    assert tokens.encoding_name_for_model("gpt-3.5-turbo") == "cl100k_base"
    assert tokens.encoding_for_model("gpt-4o").name == "cl100k_base"  # offline fallback
    assert "not available offline" in tokens.encoding_note("gpt-4o")
    assert tokens.encoding_note("gpt-4") is None
    assert "not an OpenAI model" in tokens.encoding_note("qwen2.5:7b")


def test_context_windows_by_longest_prefix():
    assert tokens.context_window_for("gpt-4") == 8_192
    assert tokens.context_window_for("gpt-4-turbo-2024-04-09") == 128_000
    assert tokens.context_window_for("gpt-4o-mini") == 128_000
    assert tokens.context_window_for("deepseek/deepseek-chat") == 65_536
    assert tokens.context_window_for("unknown-model", default=1234) == 1234


def count(text: str) -> int:
    return len(text.split())


def test_trim_keeps_system_and_last_and_drops_oldest_turns():
    messages = [
        Message.system("rules " * 5),
        Message.user("old " * 20),
        Message.assistant("older answer " * 10),
        Message.user("recent question"),
    ]
    full = count_messages(messages, count)
    trimmed = trim_messages(messages, max_tokens=full - 1, count=count)
    assert trimmed[0] == messages[0] and trimmed[-1] == messages[-1]
    assert messages[1] not in trimmed
    assert count_messages(trimmed, count) <= full - 1
    assert trim_messages(messages, max_tokens=full, count=count) == messages


def test_trim_drops_tool_results_with_their_call():
    call = ToolCall(id="c1", name="read", arguments={"path": "a"})
    messages = [
        Message.system("s"),
        Message.assistant(tool_calls=[call]),
        Message.tool("file contents " * 30, tool_call_id="c1"),
        Message.user("next"),
    ]
    trimmed = trim_messages(messages, max_tokens=20, count=count)
    assert [m.role.value for m in trimmed] == ["system", "user"]


def test_trim_raises_when_the_kept_parts_cannot_fit():
    messages = [Message.system("long " * 100), Message.user("q")]
    with pytest.raises(ContextWindowError, match="context_window"):
        trim_messages(messages, max_tokens=200, count=count, reserve=150)
