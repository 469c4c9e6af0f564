"""A step's intent: what the agent store must find if its process dies while a command runs.

Before a command runs, the agent's record must say that it started. A crash during the
command is then recovered as "interrupted" (it may or may not have taken effect), not run
again, and the model calls that proposed it keep their place in the trajectory and their
cost in the usage. That record was a SQLite transaction of its own, a step's first of two
(7 to 14 pages written). It is now one ``pwrite`` of the rows the step's one transaction
writes after the command, into a small file per agent (``agents/<id>/step-intent``),
overwritten in place each step. Like a WAL commit with ``synchronous=NORMAL`` (what that
transaction had), it survives a crash of the process, not a power loss; the transaction
after the command is the durable one, as before.

Only two readers open the file: loading an agent (the step in flight is shown as running)
and a run claiming it (``AgentStore.adopt_intent``: the rows go into its first
transaction, and the step is recorded as interrupted). A record is stale once the database
holds its episodes: the store never writes a step's calls without its episode.

The file: ``AIN1``, the payload's length and CRC-32 (4 bytes each, big-endian), then the
payload, JSON. A torn or foreign file reads as no record: it can only be torn if the
process died inside the ``pwrite``, before the command started.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import struct
import threading
import zlib
from pathlib import Path
from typing import Any

import orjson

MAGIC = b"AIN1"
_HEADER = struct.Struct(">4sII")
#: open files kept per store (one per agent it drives; a server drives many)
_MAX_OPEN = 64
_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: the most a record may be (a step's calls with their prompts' new messages)
MAX_RECORD = 64 << 20


class IntentFiles:
    """The agents' intent files under ``data_dir/agents``; files stay open between steps."""

    def __init__(self, data_dir: Path) -> None:
        self.root = Path(data_dir) / "agents"
        self._fds: dict[str, int] = {}
        #: a server drives agents from several threads: no file is closed (past
        #: ``_MAX_OPEN``) while another thread writes through it
        self._lock = threading.Lock()

    def path(self, agent_id: str) -> Path:
        # an id that is not a plain name still gets a file of its own, inside the folder
        name = agent_id if _SAFE_ID.fullmatch(agent_id) else \
            hashlib.sha256(agent_id.encode()).hexdigest()[:32]
        return self.root / name / "step-intent"

    def write(self, agent_id: str, record: dict[str, Any]) -> None:
        payload = orjson.dumps(record)
        data = _HEADER.pack(MAGIC, len(payload), zlib.crc32(payload)) + payload
        with self._lock:
            fd = self._fds.get(agent_id)
            if fd is None:
                fd = self._open(agent_id)
            os.pwrite(fd, data, 0)

    def _open(self, agent_id: str) -> int:
        path = self.path(agent_id)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        if len(self._fds) >= _MAX_OPEN:
            self._close_all()
        self._fds[agent_id] = fd
        return fd

    def read(self, agent_id: str) -> dict[str, Any] | None:
        """The agent's last record; None when there is none or it is torn."""
        try:
            fd = os.open(self.path(agent_id), os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except (FileNotFoundError, NotADirectoryError):
            return None
        try:
            header = os.pread(fd, _HEADER.size, 0)
            if len(header) < _HEADER.size:
                return None
            magic, length, crc = _HEADER.unpack(header)
            if magic != MAGIC or length > MAX_RECORD:
                return None
            payload = os.pread(fd, length, _HEADER.size)
        finally:
            os.close(fd)
        if len(payload) != length or zlib.crc32(payload) != crc:
            return None
        record = orjson.loads(payload)
        return record if isinstance(record, dict) else None

    def remove(self, agent_id: str) -> None:
        with self._lock:
            fd = self._fds.pop(agent_id, None)
            if fd is not None:
                os.close(fd)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path(agent_id))

    def close(self) -> None:
        with self._lock:
            self._close_all()

    def _close_all(self) -> None:
        for fd in self._fds.values():
            os.close(fd)
        self._fds.clear()
