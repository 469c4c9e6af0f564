"""The chain shown live in a terminal, and a saved run replayed from its events."""

from __future__ import annotations

import re

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from autonomo.team.sop.events import SopEvent, SopObserver

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
PREVIEW_LINES = 40


def _clean(text: object) -> str:
    """Model text without terminal control sequences, escaped for rich."""
    return escape(_CONTROL.sub("", str(text)))


def _preview(text: str, lines: int = PREVIEW_LINES) -> str:
    parts = text.splitlines()
    if len(parts) <= lines:
        return text
    return "\n".join(parts[:lines]) + f"\n… ({len(parts) - lines} more lines)"


class SopDisplay(SopObserver):
    """Prints each event as it happens: states, who speaks to whom, messages, variables,
    transitions and why, and at the end tokens and cost per role."""

    def __init__(self, console: Console, *, full: bool = False) -> None:
        self.console = console
        self.full = full

    def on_event(self, event: SopEvent) -> None:
        handler = getattr(self, f"_{event.kind}", None)
        if handler is not None:
            handler(event.data)

    def _run_started(self, d: dict) -> None:
        self.console.print(f"[bold green]SOP {_clean(d['sop'])}[/] ({d['format']}) · "
                           f"workspace {_clean(d['workspace'])}")
        if d.get("task"):
            self.console.print(f"[bold]Task:[/] {_clean(d['task'])}")

    def _state_entered(self, d: dict) -> None:
        parent = f" [dim]in {_clean(d['parent'])}[/]" if d.get("parent") else ""
        self.console.rule(f"[bold cyan]{_clean(d['state'])}[/]{parent}")

    def _cycle(self, d: dict) -> None:
        if "ended" in d:
            self.console.print(f"[magenta]↻ {_clean(d['state'])}: {_clean(d['ended'])}[/]")
        else:
            self.console.print(f"[magenta]↻ {_clean(d['state'])} cycle {d['index']}/{d['of']}[/]")

    def _speaker(self, d: dict) -> None:
        self.console.print(f"[dim]next: {_clean(d['role'])} ({_clean(d['why'])})[/]")

    def _message(self, d: dict) -> None:
        agent = f" ({_clean(d['agent'])})" if d.get("agent") else ""
        tag = " [dim]self-reflection[/]" if d.get("reflection") else ""
        cost = ""
        if d.get("tokens"):
            cost = f" [dim]{d['tokens']} tokens" + (f", ${d['cost']:.4f}" if d.get("cost")
                                                     else "") + "[/]"
        self.console.print(f"[bold]{_clean(d['role'])}{agent} → {_clean(d['to'])}[/]{tag}{cost}")
        text = d["text"] if self.full else _preview(d["text"])
        self.console.print(_clean(text), highlight=False)

    def _model(self, d: dict) -> None:
        colour = "dim" if d.get("found") else "bold yellow"
        self.console.print(f"[{colour}]{'' if d.get('found') else '! '}{_clean(d['text'])}[/]")

    def _resumed(self, d: dict) -> None:
        self.console.print(f"[bold green]resumed at {_clean(d['state'])}[/]")

    def _ask(self, d: dict) -> None:
        who = _clean(d["role"]) if d.get("role") else "a person"
        self.console.print(f"[bold yellow]? {who} is asked:[/] {_clean(d['question'])}")

    def _variable(self, d: dict) -> None:
        value = d["value"].strip().splitlines()[0][:100] if d["value"].strip() else "(empty)"
        self.console.print(f"[yellow]  {_clean(d['name'])} = {_clean(value)}[/] "
                           f"[dim]({_clean(d['by'])})[/]")

    def _hook(self, d: dict) -> None:
        self.console.print(f"[blue]  • {_clean(d['hook'])}: {_clean(d['text'])}[/]")

    def _judge(self, d: dict) -> None:
        self.console.print(f"[dim]controller: {_clean(d['why'])}[/]")

    def _conclusion(self, d: dict) -> None:
        text = d["text"].strip().splitlines()[0][:120] if d["text"].strip() else "(none)"
        self.console.print(f"[green]✔ conclusion ({_clean(d['how'])}): {_clean(text)}[/]")

    def _transition(self, d: dict) -> None:
        self.console.print(f"[bold magenta]→ {_clean(d['frm'])} ⇒ {_clean(d['to'])}[/] "
                           f"[dim]({_clean(d['why'])})[/]")

    def _run_finished(self, d: dict) -> None:
        colour = "green" if d["status"] == "finished" else "red"
        self.console.print(f"[bold {colour}]{d['status']}[/]: {_clean(d['reason'])}")
        usage = d.get("usage") or {}
        if usage:
            table = Table("role", "calls", "prompt tokens", "completion tokens", "cost")
            for role, u in usage.items():
                table.add_row(_clean(role), str(u["calls"]), str(u["prompt_tokens"]),
                              str(u["completion_tokens"]), f"${u['cost']:.4f}")
            self.console.print(table)
