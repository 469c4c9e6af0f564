"""What an SOP run reports as it goes: the terminal shows these events live, the store keeps
them, and a saved run is replayed from them without a model."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class SopEvent:
    """One thing that happened. ``kind`` is one of: run_started, state_entered, speaker,
    message, ask (a person's turn), variable, hook, conclusion, cycle, transition,
    checkpoint, model (which model a named one is), run_finished."""

    kind: str
    data: dict[str, Any]
    seq: int = 0
    at: float = field(default_factory=time.time)


class SopObserver:
    """Receives every event of a run; override ``on_event``."""

    def on_event(self, event: SopEvent) -> None:
        """Called once per event, in order."""


class Observers(SopObserver):
    """Fans an event out to several observers."""

    def __init__(self, *observers: SopObserver | None) -> None:
        self.observers = [o for o in observers if o is not None]

    def on_event(self, event: SopEvent) -> None:
        for observer in self.observers:
            observer.on_event(event)
