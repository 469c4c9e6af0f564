"""The data a chat model takes and returns, shared by every provider."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field


class Role(StrEnum):
    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"


class ToolCall(BaseModel):
    """A function call requested by the model."""

    id: str
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class Message(BaseModel):
    role: Role
    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None

    @classmethod
    def system(cls, content: str) -> Message:
        return cls(role=Role.SYSTEM, content=content)

    @classmethod
    def user(cls, content: str) -> Message:
        return cls(role=Role.USER, content=content)

    @classmethod
    def assistant(cls, content: str = "", tool_calls: list[ToolCall] | None = None) -> Message:
        return cls(role=Role.ASSISTANT, content=content, tool_calls=tool_calls or [])

    @classmethod
    def tool(cls, content: str, tool_call_id: str, name: str | None = None) -> Message:
        return cls(role=Role.TOOL, content=content, tool_call_id=tool_call_id, name=name)


class ToolSpec(BaseModel):
    """A function the model may call: name, description and JSON schema of its arguments."""

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(
        default_factory=lambda: {"type": "object", "properties": {}}
    )


class Usage(BaseModel):
    """Token counts and cost of one call, or the sum of several."""

    prompt_tokens: int = 0
    cached_prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    calls: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def _combine(self, other: Usage, sign: int) -> Usage:
        # the validator itself: half the instructions of ``Usage(**sums)`` (a sum per call);
        # the fields read from ``__dict__``: half of what ``getattr`` costs
        mine, theirs = self.__dict__, other.__dict__
        return Usage.__pydantic_validator__.validate_python(
            {name: mine[name] + sign * theirs[name] for name in USAGE_FIELDS})

    def __add__(self, other: Usage) -> Usage:
        return self._combine(other, 1)

    def __radd__(self, other: Any) -> Usage:  # sum(usages) starts from 0
        return self if other == 0 else self._combine(other, 1)

    def __sub__(self, other: Usage) -> Usage:
        return self._combine(other, -1)


#: the fields of ``Usage``, in order (all of them add up)
USAGE_FIELDS = tuple(Usage.model_fields)


class Completion(BaseModel):
    """What a model returned for one call."""

    text: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    latency_s: float = 0.0
    model: str = ""
    finish_reason: str | None = None


#: the options of a model call, besides the messages, in the order ``complete`` takes them
OPTIONS = ("tools", "schema", "max_tokens", "temperature", "stop")


@dataclass
class ChatRequest:
    """One model call: what ``ChatModel.complete`` was asked. Providers answer it in
    ``ChatModel.call``; wrappers (recording, metering, plugins) pass it along."""

    messages: list[Message]
    tools: list[ToolSpec] | None = None
    schema: dict[str, Any] | None = None
    max_tokens: int | None = None
    temperature: float | None = None
    stop: list[str] | None = None
    #: answered as a stream of text pieces (``ChatModel.stream``)
    stream: bool = field(default=False, compare=False)

    @classmethod
    def of(cls, messages: Sequence[Message], **options: Any) -> ChatRequest:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise TypeError(f"Unknown model option(s): {', '.join(sorted(unknown))}")
        tools, stop = options.get("tools"), options.get("stop")
        return cls(list(messages), list(tools) if tools else None, options.get("schema"),
                   options.get("max_tokens"), options.get("temperature"),
                   list(stop) if stop else None)

    def options(self) -> dict[str, Any]:
        """The keyword arguments of ``complete`` for this request."""
        return {name: getattr(self, name) for name in OPTIONS}

    def record(self) -> dict[str, Any]:
        """The request as plain JSON data (cassettes store and compare this)."""
        return {
            "messages": [m.model_dump(mode="json", exclude_defaults=True)
                         for m in self.messages],
            "tools": [t.model_dump(mode="json") for t in self.tools or []],
            "schema": self.schema,
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
            "stop": self.stop,
        }

    def loggable(self) -> dict[str, Any]:
        """The options as an agent's trajectory keeps them (tools by name, no schema)."""
        logged = {k: v for k, v in self.options().items() if v is not None}
        if self.tools:
            logged["tools"] = [t.name for t in self.tools]
        if self.schema:
            logged["schema"] = "<the strategy's response schema>"
        return logged
