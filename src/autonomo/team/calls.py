"""Every model call of a team goes through ``TeamCalls``: budget, usage, store, replay.

* **Budget** — before a call its worst-case cost is reserved against the team's investment
  (as the single agent's runner does); a call that could pass it is not made.
* **Usage** — per role and in total, as the terminal and ``autonomo team`` show it.
* **Store** — each call is written as it returns, or (``batch``, as ``Team`` does) with the
  team's next write: the message it led to, the end of the turn; a human's answer at once.
* **Replay** — after a crash, the calls of the turn that was cut short are played back from
  the store when the same prompt comes again, so the turn is redone without paying twice and
  produces the same messages.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

from autonomo.llm.base import ChatModel
from autonomo.llm.types import ChatRequest, Completion, Message, Usage
from autonomo.llm.usage import Meter, MeteredModel
from autonomo.team.observer import TeamObserver
from autonomo.team.store import StoredCall, TeamState, TeamStore


class TeamCalls:
    """The team's gate to its models (and to its humans, who answer like models)."""

    def __init__(self, state: TeamState, store: TeamStore, observer: TeamObserver,
                 stored: Sequence[StoredCall] = (), *, batch: bool = False) -> None:
        self.state, self.store, self.observer = state, store, observer
        self._lock = threading.Lock()
        self.meter = Meter(state.investment)
        self._seq: dict[tuple[int, str], int] = {}
        self.by_role: dict[str, Usage] = {}
        self._replay: dict[tuple[int, str, int], StoredCall] = {}
        for call in stored:
            self._add_usage(call.role, call.completion.usage)
            self.meter.settle(0.0, call.model, call.completion.usage)
            self._replay[(call.round, call.role, call.seq)] = call
        #: calls answered from the store since this object was made (resume)
        self.replayed = 0
        #: ``batch``: calls are not written at once but go with the owner's next write (the
        #: message they led to, the end of the turn; ``take_unsaved``), as the single agent
        #: batches its calls with its step. Otherwise each call is written as it returns.
        self.batch = batch
        self._unsaved: list[tuple[StoredCall, dict[str, Any]]] = []

    @property
    def total(self) -> Usage:
        return self.meter.total

    def call(self, role: str, purpose: str, model: ChatModel, messages: list[Message],
             **options: Any) -> Completion:
        """One call for ``role``; raises ``BudgetExceededError`` before passing the budget."""
        key = self._next_key(role)
        stored = self._replay.pop(key, None)
        if stored is not None and stored.messages == messages:
            self.replayed += 1
            self.observer.on_call(role, purpose, stored.completion, replayed=True)
            return stored.completion.model_copy(deep=True)
        self.meter.budget = self.state.investment  # ``invest`` may have changed it
        started = time.perf_counter()
        # the single agent's metering: reserve the worst case, settle with the real usage
        completion = MeteredModel(model, self.meter).complete(messages, **options)
        completion.latency_s = completion.latency_s or time.perf_counter() - started
        usage = completion.usage
        self._add_usage(role, usage)
        logged = ChatRequest.of(messages, **options).loggable()
        record = (StoredCall(key[0], role, key[2], purpose, completion.model or model.name,
                             messages, completion), logged)
        with self._lock:
            self._unsaved.append(record)
        if not self.batch or model.name == "human":  # a person is not asked twice
            self.store.write(self.state.id, calls=self.take_unsaved())
        self.observer.on_call(role, purpose, completion, replayed=False)
        return completion

    def take_unsaved(self) -> list[tuple[StoredCall, dict[str, Any]]]:
        with self._lock:
            calls, self._unsaved = self._unsaved, []
        return calls

    def _next_key(self, role: str) -> tuple[int, str, int]:
        with self._lock:
            turn = (self.state.round, role)
            seq = self._seq.get(turn, 0) + 1
            self._seq[turn] = seq
        return (turn[0], role, seq)

    def _add_usage(self, role: str, usage: Usage) -> None:
        with self._lock:
            self.by_role[role] = self.by_role.get(role, Usage()) + usage

    def remaining_budget(self) -> float | None:
        if self.state.investment is None:
            return None
        return max(0.0, self.state.investment - self.meter.total.cost)
