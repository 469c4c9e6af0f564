"""A human as a team member: a "model" whose answers are typed by a person.

Its answers go through the team's calls like any model's, so they are stored and, after a
crash, played back instead of asked again. ``ask`` is the terminal by default; the web page
or a test passes its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from autonomo.llm.base import ChatModel
from autonomo.llm.types import Completion, Message, Usage

Ask = Callable[[str], str]


def terminal_ask(question: str) -> str:
    from autonomo.cli.common import console

    return console().input(f"{question}\n[bold]> [/bold]")


class HumanModel(ChatModel):
    name = "human"
    context_window = 1_000_000

    def __init__(self, ask: Ask | None = None) -> None:
        self.ask = ask or terminal_ask

    def complete(self, messages: Sequence[Message], **options: Any) -> Completion:  # type: ignore[override]
        question = messages[-1].content if messages else ""
        answer = self.ask(question)
        return Completion(text=answer, model=self.name, finish_reason="stop",
                          usage=Usage(calls=1))

    def estimate_cost(self, messages: Sequence[Message], max_tokens: int | None = None) -> float:
        return 0.0
