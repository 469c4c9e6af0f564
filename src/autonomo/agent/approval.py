"""Who approves each command: a person at a terminal, a program, or nobody (continuous)."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from typing import Literal, Protocol

from pydantic import BaseModel

from autonomo.agent.episodes import Action
from autonomo.agent.state import AgentState


class Decision(BaseModel):
    kind: Literal["run", "stop", "feedback"]
    #: with "run": how many commands to run without asking, this one included
    count: int = 1
    feedback: str = ""


_RUN_N = re.compile(r"^y\s+-(\d+)$", re.IGNORECASE)


def parse_answer(text: str) -> Decision:
    """AutoGPT's answers: ``y``, ``y -N``, ``n``, or any other text as feedback."""
    answer = text.strip()
    lowered = answer.lower()
    if lowered in ("y", "yes", ""):
        return Decision(kind="run")
    if lowered in ("n", "no", "q", "quit", "exit"):
        return Decision(kind="stop")
    match = _RUN_N.match(answer)
    if match:
        return Decision(kind="run", count=max(1, int(match.group(1))))
    return Decision(kind="feedback", feedback=answer)


class Approval(Protocol):
    def decide(self, state: AgentState, action: Action) -> Decision: ...

    def ask(self, question: str) -> str:
        """Answer the agent's ``ask_user`` command."""
        ...


class AutoApproval:
    """Continuous mode: every command runs. ``ask_user`` gets a fixed reply."""

    def __init__(self, reply: str = "The user is not available; decide on your own.") -> None:
        self.reply = reply

    def decide(self, state: AgentState, action: Action) -> Decision:
        return Decision(kind="run")

    def ask(self, question: str) -> str:
        return self.reply


class ScriptedApproval:
    """Programmatic answers, in order (tests, the server). Raises when it runs out."""

    def __init__(self, answers: Iterable[str] = (), replies: Iterable[str] = ()) -> None:
        self.answers = deque(answers)
        self.replies = deque(replies)
        self.asked: list[Action] = []

    def decide(self, state: AgentState, action: Action) -> Decision:
        self.asked.append(action)
        if not self.answers:
            raise AssertionError(f"No scripted approval left for {action.describe()}")
        return parse_answer(self.answers.popleft())

    def ask(self, question: str) -> str:
        if not self.replies:
            raise AssertionError(f"No scripted reply left for: {question}")
        return self.replies.popleft()
