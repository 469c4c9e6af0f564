"""A team in the terminal: who says what to whom, thoughts, plans and their progress, and
tokens and cost per role."""

from __future__ import annotations

import re

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from autonomo.llm.types import Completion, Usage
from autonomo.team.message import NOBODY, Message
from autonomo.team.observer import TeamObserver
from autonomo.team.planner import Plan, Task

PREVIEW = 700
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x9b]")
_MARK = {"running": "[cyan]…[/]", "done": "[green]✓[/]", "failed": "[red]✗[/]"}


def shown(text: str, limit: int = PREVIEW) -> str:
    """Model text made safe for the terminal (no markup, no control sequences), shortened."""
    text = _CONTROL.sub("", text)
    if len(text) > limit:
        text = text[:limit] + f" … ({len(text) - limit} more characters)"
    return escape(text)


class TeamTerminal(TeamObserver):
    def __init__(self, console: Console, *, debug: bool = False) -> None:
        self.console, self.debug = console, debug

    def on_round(self, number: int) -> None:
        self.console.rule(f"[bold]Round {number}")

    def on_message(self, message: Message, recipients: list[str]) -> None:
        if NOBODY in message.send_to:
            to = "[dim](kept, to nobody)[/]"
        else:
            to = ", ".join(escape(r) for r in recipients) or "[dim](no one listens)[/]"
        sender = escape(message.sent_from or "user")
        self.console.print(f"[bold magenta]{sender}[/] [dim]({escape(message.role)})[/] → {to}"
                           f"  [dim]{escape(message.cause_by)}[/]")
        self.console.print(shown(message.content), highlight=False)

    def on_thought(self, role: str, text: str) -> None:
        self.console.print(f"[dim]{escape(role)} thinks:[/] [italic]{shown(text, 300)}[/]")

    def on_plan(self, role: str, plan: Plan) -> None:
        self.console.print(f"[bold]{escape(role)}'s plan[/] for {shown(plan.goal, 200)}")
        for task in plan.tasks:
            mark = "[green]✓[/]" if task.is_finished else " "
            after = f" [dim](after {', '.join(task.dependent_task_ids)})[/]" \
                if task.dependent_task_ids else ""
            self.console.print(f"  {mark} {escape(task.task_id)}. "
                               f"{shown(task.instruction, 200)}{after}")

    def on_task(self, role: str, task: Task, status: str) -> None:
        self.console.print(f"{_MARK.get(status, status)} {escape(role)}: task "
                           f"{escape(task.task_id)} {status} — {shown(task.instruction, 120)}")

    def on_call(self, role: str, purpose: str, completion: Completion, *,
                replayed: bool) -> None:
        if self.debug or replayed:
            usage = completion.usage
            where = "replayed from the store" if replayed else f"{completion.latency_s:.2f}s"
            self.console.print(f"[dim]{escape(role)} · {escape(purpose)} · "
                               f"{usage.prompt_tokens}+{usage.completion_tokens} tokens · "
                               f"{where}[/]")

    def on_note(self, text: str) -> None:
        self.console.print(f"[yellow]{shown(text, 1000)}[/]")


def usage_table(usage: dict[str, Usage]) -> Table:
    table = Table("role", "calls", "prompt tokens", "completion tokens", "cost ($)",
                  title="Usage per role")
    total = Usage()
    for role, u in sorted(usage.items()):
        total = total + u
        table.add_row(escape(role or "(team)"), str(u.calls), str(u.prompt_tokens),
                      str(u.completion_tokens), f"{u.cost:.4f}")
    table.add_row("[bold]total", str(total.calls), str(total.prompt_tokens),
                  str(total.completion_tokens), f"{total.cost:.4f}")
    return table
