"""Bounded capture of a process's output: keep the head and the tail, count the rest."""

from __future__ import annotations

import threading
from typing import BinaryIO


class CappedBuffer:
    """Holds at most ``cap`` bytes: the first half and the latest half of what was written.

    A process that prints gigabytes costs at most ``cap`` bytes of memory; ``text()`` says how
    much was left out in between.
    """

    def __init__(self, cap: int) -> None:
        self.cap = max(cap, 64)
        self._head_cap = self.cap // 2
        self._tail_cap = self.cap - self._head_cap
        self._head = bytearray()
        self._tail = bytearray()
        self.total = 0
        self._lock = threading.Lock()

    def write(self, data: bytes) -> None:
        with self._lock:
            self.total += len(data)
            room = self._head_cap - len(self._head)
            if room > 0:
                self._head += data[:room]
                data = data[room:]
            if data:
                self._tail += data
                if len(self._tail) > self._tail_cap:
                    del self._tail[: len(self._tail) - self._tail_cap]

    @property
    def truncated(self) -> bool:
        return self.total > len(self._head) + len(self._tail)

    def text(self) -> str:
        with self._lock:
            head = self._head.decode("utf-8", errors="replace")
            tail = self._tail.decode("utf-8", errors="replace")
            omitted = self.total - len(self._head) - len(self._tail)
        if omitted <= 0:
            return head + tail
        return f"{head}\n[... {omitted} bytes of output omitted ...]\n{tail}"


def pump(stream: BinaryIO, buffer: CappedBuffer) -> threading.Thread:
    """Copy ``stream`` into ``buffer`` on a daemon thread until EOF."""

    def run() -> None:
        try:
            while True:
                chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
                if not chunk:
                    break
                buffer.write(chunk)
        except (OSError, ValueError):  # the pipe was closed under us after a kill
            pass

    thread = threading.Thread(target=run, name="sandbox-output", daemon=True)
    thread.start()
    return thread
