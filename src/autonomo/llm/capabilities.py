"""What an OpenAI-compatible endpoint supports, learned from its answers and remembered.

Servers differ: OpenAI enforces ``response_format`` ``json_schema`` and calls tools natively;
llama-cpp-python's server rejects ``json_schema`` (HTTP 500 with a validation message) but
constrains ``json_object``, and ignores ``tools`` unless started with a function-calling chat
format. So a provider starts from the strongest mode and steps down when a request shows the
mode is not supported — once: what was learned holds for the endpoint for the rest of the
process (or is set in the config: ``response_format`` / ``tool_calling`` options).

* structured output: ``json_schema`` → ``json_object`` → ``prompt`` (the schema in words);
* tools: ``native`` → ``text`` (the tools described in the prompt, the call read back from
  the JSON the model writes).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from typing import Any, Literal

import json_repair

from autonomo import prompts
from autonomo.llm.retry import ProviderHTTPError
from autonomo.llm.types import Message, Role, ToolCall, ToolSpec

SchemaMode = Literal["json_schema", "json_object", "prompt"]
ToolMode = Literal["native", "text"]
_WEAKER: dict[str, SchemaMode] = {"json_schema": "json_object", "json_object": "prompt"}
#: words of an error answer that mean the server rejected response_format
_FORMAT_WORDS = ("response_format", "json_schema", "json_object")


@dataclass
class Capabilities:
    """One endpoint's modes: the strongest not (yet) known to fail."""

    schema_mode: SchemaMode = "json_schema"
    #: None until a call with tools showed which mode works
    tool_mode: ToolMode | None = None


_known: dict[tuple[str, str], Capabilities] = {}
_known_lock = threading.Lock()


def capabilities(url: str, model: str, *, schema_mode: SchemaMode | None = None,
                 tool_mode: ToolMode | None = None) -> Capabilities:
    """The process-wide record for ``model`` at ``url`` (modes from the config win)."""
    with _known_lock:
        caps = _known.setdefault((url, model), Capabilities())
        if schema_mode is not None:
            caps.schema_mode = schema_mode
        if tool_mode is not None:
            caps.tool_mode = tool_mode
        return caps


def weaker_schema_mode(mode: SchemaMode | None, error: ProviderHTTPError) -> SchemaMode | None:
    """The mode to try after ``error``, or None when the error is about something else."""
    if mode is None or mode not in _WEAKER or error.status not in (400, 422, 500):
        return None
    body = error.body.lower()
    return _WEAKER[mode] if any(word in body for word in _FORMAT_WORDS) else None


def tool_instruction(tools: list[ToolSpec]) -> str:
    listing = "\n".join(
        json.dumps({"name": t.name, "description": t.description, "arguments": t.parameters})
        for t in tools)
    return prompts.texts("llm")["tool_call_instruction"].replace("{tools}", listing)


def as_text_turns(messages: list[Message]) -> list[Message]:
    """Messages for a server without tool support: calls and results become plain text."""
    turns: list[Message] = []
    template = prompts.texts("llm")["tool_result_text"]
    for message in messages:
        if message.tool_calls:
            call = message.tool_calls[0]
            turns.append(Message.assistant(json.dumps(
                {"name": call.name, "arguments": call.arguments})))
        elif message.role == Role.TOOL:
            turns.append(Message.user(template.replace("{name}", message.name or "the tool")
                                      .replace("{content}", message.content)))
        else:
            turns.append(message)
    return turns


def tool_call_from_text(text: str, tools: list[ToolSpec], number: int) -> ToolCall | None:
    """The call a model wrote as JSON text, if it names one of ``tools``."""
    try:
        value: Any = json_repair.loads(text) if text.strip() else None
    except Exception:  # json-repair gives up on some inputs
        return None
    if not isinstance(value, dict):
        return None
    name = value.get("name") or value.get("tool")
    arguments = value.get("arguments", value.get("args", value.get("parameters", {})))
    if name not in {t.name for t in tools} or not isinstance(arguments, dict):
        return None
    return ToolCall(id=f"call_text_{number}", name=name, arguments=arguments)
