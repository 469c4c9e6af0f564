"""Live events for the web page: typed, so that other kinds (a team's messages, an SOP's
phases) can join the same stream later without changing its shape.

An event is ``{"type": ..., "task_id": ..., "time": ..., "data": {...}}``. Types today:
``task`` (status, totals), ``step_started``, ``step`` (a finished step, as the Agent Protocol
returns it), ``note`` (something the user should know). A team would add ``message``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any


class EventBus:
    """Fan-out from worker threads to the event loop's subscribers (one queue each)."""

    def __init__(self, max_queue: int = 1000) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.max_queue = max_queue
        self._subscribers: set[tuple[asyncio.Queue, str | None]] = set()

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    @property
    def listened(self) -> bool:
        """Whether anyone subscribes (events nobody reads need not be built)."""
        return bool(self._subscribers)

    def publish(self, type_: str, task_id: str, data: dict[str, Any]) -> None:
        """Thread-safe; a subscriber too slow to keep up loses its oldest events."""
        if self.loop is None or self.loop.is_closed():
            return
        event = {"type": type_, "task_id": task_id, "time": time.time(), "data": data}
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            self.loop.call_soon_threadsafe(self._deliver, event)

    def _deliver(self, event: dict[str, Any]) -> None:
        for queue, wanted in list(self._subscribers):
            if wanted is not None and wanted != event["task_id"]:
                continue
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(event)

    async def subscribe(self, task_id: str | None = None) -> AsyncIterator[dict[str, Any]]:
        queue: asyncio.Queue = asyncio.Queue(self.max_queue)
        entry = (queue, task_id)
        self._subscribers.add(entry)
        try:
            while True:
                yield await queue.get()
        finally:
            self._subscribers.discard(entry)
