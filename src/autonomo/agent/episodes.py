"""What happened at each step: the action, the reasoning behind it, and the result."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from autonomo.tools.registry import CommandResult


class Action(BaseModel):
    """A command the agent chose, with its arguments and the thoughts that led to it."""

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    thoughts: dict[str, Any] = Field(default_factory=dict)
    #: the model's response exactly as it was generated (kept so the prompt can replay it)
    raw: str = ""
    #: the per-step instruction this action answered (time, memories, notes), kept verbatim
    #: so that the next prompt extends this one and the model's cache covers the reply too
    prompt: str = ""

    def same_call(self, other: Action | None) -> bool:
        return other is not None and (self.name, self.arguments) == (other.name, other.arguments)

    def describe(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.arguments.items())
        return f"{self.name}({args})"


class Episode(BaseModel):
    """One step. ``result`` is None only while the command is in flight."""

    number: int
    action: Action
    result: CommandResult | None = None
    #: one line written by the model; computed once, then frozen
    summary: str | None = None
    #: "human" when the user's feedback replaced running the command
    source: str = "agent"
    #: the task this episode worked on (changes with follow-up tasks)
    task_index: int = 0
