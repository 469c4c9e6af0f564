"""Observer hooks of a team run: override only what you need (the terminal UI does)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from autonomo.llm.types import Completion
from autonomo.team.message import Message

if TYPE_CHECKING:
    from autonomo.team.planner import Plan, Task


class TeamObserver:
    """No-op base class; every method is optional."""

    def on_round(self, number: int) -> None: ...

    def on_message(self, message: Message, recipients: list[str]) -> None:
        """A message was published and routed (who says what to whom)."""

    def on_thought(self, role: str, text: str) -> None:
        """A role's reasoning: why it picks its next action, a review's verdict."""

    def on_call(self, role: str, purpose: str, completion: Completion, *,
                replayed: bool) -> None:
        """A model call returned (or was replayed from the store on resume)."""

    def on_plan(self, role: str, plan: Plan) -> None:
        """A plan was written or re-written."""

    def on_task(self, role: str, task: Task, status: str) -> None:
        """A task started ("running"), finished ("done") or failed ("failed")."""

    def on_note(self, text: str) -> None: ...

    def on_end(self, state: Any) -> None: ...
