"""A team ``Memory``: messages in order, indexed by the action that caused them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator

from autonomo.team.message import Message


class Memory:
    """Ordered messages without duplicates (by id), with an index by ``cause_by``."""

    def __init__(self, messages: Iterable[Message] = ()) -> None:
        self._messages: list[Message] = []
        self._ids: set[str] = set()
        self._by_cause: dict[str, list[Message]] = defaultdict(list)
        self.add_batch(messages)

    def add(self, message: Message) -> bool:
        """Add ``message``; False when it is already there."""
        if message.id in self._ids:
            return False
        self._messages.append(message)
        self._ids.add(message.id)
        self._by_cause[message.cause_by].append(message)
        return True

    def add_batch(self, messages: Iterable[Message]) -> None:
        for message in messages:
            self.add(message)

    def get(self, k: int = 0) -> list[Message]:
        """The latest ``k`` messages (all when ``k`` is 0)."""
        return list(self._messages[-k:]) if k else list(self._messages)

    def get_by_action(self, action: str) -> list[Message]:
        return list(self._by_cause.get(action, ()))

    def get_by_actions(self, actions: Iterable[str]) -> list[Message]:
        wanted = set(actions)
        return [m for m in self._messages if m.cause_by in wanted]

    def get_by_sender(self, name: str) -> list[Message]:
        return [m for m in self._messages if m.sent_from == name]

    def __contains__(self, message: object) -> bool:
        return isinstance(message, Message) and message.id in self._ids

    def __len__(self) -> int:
        return len(self._messages)

    def __iter__(self) -> Iterator[Message]:
        return iter(list(self._messages))
