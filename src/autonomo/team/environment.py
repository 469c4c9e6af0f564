"""``Environment``: where roles meet. It routes each published message and keeps the history.

A role receives a message when it is addressed by name (or profile), or when the message goes
to everyone and the role watches the action that caused it. ``NOBODY`` messages are only kept.
Delivery is by round: what is published during round *n* is handled in round *n + 1*, so the
outcome does not depend on the order in which roles take their turns, and a round can be
replayed after a crash.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable

from autonomo.errors import UserError
from autonomo.team.memory import Memory
from autonomo.team.message import NOBODY, SELF, Message
from autonomo.team.role import Role

Recorder = Callable[[Message, list[str], str], None]
_IDS = uuid.UUID("6f0b1c52-1f7e-4a4c-9d43-2b9f3f6ad5a1")


class Environment:
    def __init__(self, *, recorder: Recorder | None = None, seed: str = "") -> None:
        self.roles: dict[str, Role] = {}
        self.history = Memory()
        #: saves each message with its recipients and the turn that produced it
        self.recorder = recorder
        #: makes the ids of messages published in a turn deterministic (replay after a crash)
        self.seed = seed or uuid.uuid4().hex
        self.round = 0
        self._published_in_turn: dict[str, int] = {}
        self.listeners: list[Callable[[Message, list[str]], None]] = []

    def add_roles(self, roles: Iterable[Role]) -> None:
        for role in roles:
            if role.name in self.roles:
                raise UserError(f"Two roles are named {role.name!r}; role names must differ.")
            self.roles[role.name] = role

    def recipients(self, message: Message) -> list[str]:
        if NOBODY in message.send_to:
            return []
        return [name for name, role in self.roles.items() if role.wants(message)]

    def publish(self, message: Message, *, turn: str = "") -> Message:
        """Route ``message`` (delivered for the next round) and keep it in the history."""
        if SELF in message.send_to:
            message.send_to = (message.send_to - {SELF}) | {message.sent_from}
        message.round = self.round
        if turn:
            count = self._published_in_turn.get(turn, 0) + 1
            self._published_in_turn[turn] = count
            message.id = uuid.uuid5(_IDS, f"{self.seed}/{self.round}/{turn}/{count}").hex
        recipients = self.recipients(message)
        if self.recorder is not None:
            self.recorder(message, recipients, turn)
        self.history.add(message)
        for name in recipients:
            self.roles[name].pending.append(message)
        for listener in self.listeners:
            listener(message, recipients)
        return message

    def start_round(self, number: int) -> None:
        """Messages published in the previous round become this round's inboxes."""
        self.round = number
        self._published_in_turn.clear()
        for role in self.roles.values():
            role.inbox.extend(role.pending)
            role.pending = []

    @property
    def is_idle(self) -> bool:
        return all(not r.inbox and not r.pending for r in self.roles.values())
