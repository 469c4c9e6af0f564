"""``RunObserver``: observer hooks of a run, override only what you need (the terminal UI
does); ``Observers`` fans events out, ``PluginEvents`` hands them to plugins."""

from __future__ import annotations

from typing import Any

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.llm.types import Completion, Message


class RunObserver:
    """No-op base class; every method is optional."""

    def on_resume(self, state: AgentState, note: str) -> None:
        """A run on a stored agent starts: where it resumes and why the last run ended
        (before ``on_run_start`` and anything else)."""

    def on_run_start(self, state: AgentState) -> None: ...

    def on_model_call(self, purpose: str, messages: list[Message]) -> None:
        """A model call starts (show a spinner)."""

    def on_model_response(self, purpose: str, completion: Completion) -> None: ...

    def on_proposal(self, state: AgentState, action: Action) -> None:
        """The next command, before approval."""

    def on_invalid_response(self, state: AgentState, error: str, attempt: int) -> None: ...

    def on_note(self, state: AgentState, text: str) -> None:
        """Something the user should know (a repeat caught, a compaction)."""

    def on_episode(self, state: AgentState, episode: Episode) -> None:
        """A step is complete and saved."""

    def on_run_end(self, state: AgentState) -> None: ...


class Observers(RunObserver):
    """Several observers, each told every event in turn."""

    def __init__(self, *observers: RunObserver) -> None:
        self.observers = observers
        for name in _EVENTS:  # one function per event, made once (events fire every step)
            setattr(self, name, _fan_out([getattr(o, name) for o in observers]))


def _fan_out(handlers: list[Any]) -> Any:
    # an observer that does not override an event has the base class's no-op: left out
    handlers = [h for h in handlers
                if getattr(h, "__func__", None) is not _NO_OPS.get(getattr(h, "__name__", ""))]
    if len(handlers) == 1:
        return handlers[0]

    def tell_all(*args: Any) -> None:
        for handler in handlers:
            handler(*args)
    return tell_all


_EVENTS = [name for name in vars(RunObserver) if name.startswith("on_")]
_NO_OPS = {name: vars(RunObserver)[name] for name in _EVENTS}


class PluginEvents(RunObserver):
    """The run's events that plugins hear through hooks: one channel per event, the
    observer's, and the hooks are fed from it (``on_response``, ``report``)."""

    def __init__(self, agent: Any, plugins: Any) -> None:
        self.agent, self.hook = agent, plugins.hook

    def on_model_response(self, purpose: str, completion: Completion) -> None:
        if self.hook.on_response.get_hookimpls():  # no dispatch when nobody listens
            self.hook.on_response(agent=self.agent, completion=completion)

    def on_note(self, state: AgentState, text: str) -> None:
        if self.hook.report.get_hookimpls():
            self.hook.report(message=text)
