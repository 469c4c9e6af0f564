"""A step's intent: what the agent store must find if its process dies before its next commit.

Before a command runs, the agent's record must say that it started. A crash during the
command is then recovered as "interrupted" (it may or may not have taken effect), not run
again, and the model calls that proposed it keep their place in the trajectory and their
cost in the usage. That record is one ``pwrite`` of the rows the step will write, appended
to a small log per agent (``agents/<id>/step-intent``). Like a WAL commit with
``synchronous=NORMAL``, it survives a crash of the process, not a power loss.

A step that ends quickly after the agent's last commit may be recorded the same way (one
more record: the finished episode, ``AgentStore.write(batch=True)``): consecutive fast steps
then share one SQLite transaction, written when the batch is full, a while after the last
commit, or with any other write of the agent. A slow step (a real model) commits at once.

Only a few readers open the file: loading an agent (its finished steps and the step in
flight), counting its steps, and a run claiming it (``AgentStore.adopt_intent``: the rows go
into its first transaction, the step in flight is recorded as interrupted). Records are
stale once the database holds their episodes: the store commits a batch whole, and never
writes a step's calls without its episode.

The file: records, each ``AIL1``, the log's generation (8 bytes), the payload's length and
CRC-32 (4 bytes each, big-endian), then the payload, JSON. The first record after a commit
starts a new generation at offset 0; reading stops at the first record that is torn,
foreign, or of another generation (left over from a longer log before). A file written
before the log (``AIN1``: one record) still reads.
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

MAGIC = b"AIL1"
_HEADER = struct.Struct(">4sQII")
#: the one-record file written before the log (read only)
_OLD_MAGIC = b"AIN1"
_OLD_HEADER = struct.Struct(">4sII")
#: open files kept per store (one per agent it drives; a server drives many)
_MAX_OPEN = 64
_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: the most a record may be (a step's calls with their prompts' new messages)
MAX_RECORD = 64 << 20


class IntentFiles:
    """The agents' intent logs under ``data_dir/agents``; files stay open between steps."""

    def __init__(self, data_dir: Path) -> None:
        self.root = Path(data_dir) / "agents"
        self._fds: dict[str, int] = {}
        #: per agent: the log's generation and where its next record goes
        self._ends: dict[str, tuple[int, int]] = {}
        #: a server drives agents from several threads: no file is closed (past
        #: ``_MAX_OPEN``) while another thread writes through it
        self._lock = threading.Lock()

    def path(self, agent_id: str) -> Path:
        # an id that is not a plain name still gets a file of its own, inside the folder
        name = agent_id if _SAFE_ID.fullmatch(agent_id) else \
            hashlib.sha256(agent_id.encode()).hexdigest()[:32]
        return self.root / name / "step-intent"

    def write(self, agent_id: str, record: dict[str, Any], *, restart: bool = True) -> None:
        """Append ``record`` to the agent's log; ``restart``: it is the first record since
        the agent's last commit (a new generation, from the start of the file)."""
        payload = orjson.dumps(record)
        with self._lock:
            end = None if restart else self._ends.get(agent_id)
            generation, offset = end if end is not None else \
                (int.from_bytes(os.urandom(8), "big"), 0)
            data = _HEADER.pack(MAGIC, generation, len(payload),
                                zlib.crc32(payload, generation & 0xFFFFFFFF)) + payload
            fd = self._fds.get(agent_id)
            if fd is None:
                fd = self._open(agent_id)
            os.pwrite(fd, data, offset)
            self._ends[agent_id] = (generation, offset + len(data))

    def clear(self, agent_id: str) -> None:
        """The agent's records are committed: the log reads as empty (until the next
        record), so an episode deleted from the database later does not come back."""
        with self._lock:
            self._ends.pop(agent_id, None)
            fd = self._fds.get(agent_id)
            os.pwrite(fd if fd is not None else self._open(agent_id), bytes(len(MAGIC)), 0)

    def continue_log(self, agent_id: str, generation: int, end: int) -> None:
        """Append after a log another process left (``read_log``), not over it."""
        with self._lock:
            self._ends[agent_id] = (generation, end)

    def _open(self, agent_id: str) -> int:
        path = self.path(agent_id)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        if len(self._fds) >= _MAX_OPEN:
            self._close_all()
        self._fds[agent_id] = fd
        return fd

    def read(self, agent_id: str) -> list[dict[str, Any]]:
        """The records of the agent's log, in order (none when there is no file)."""
        return self.read_log(agent_id)[0]

    def read_log(self, agent_id: str) -> tuple[list[dict[str, Any]], int, int]:
        """The records of the agent's log, its generation and where it ends. Read a record
        at a time (``pread``): what follows the last one (a longer log's stale tail, up to
        the file's end) is not read; the file was read whole."""
        try:
            fd = os.open(self.path(agent_id), os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except (FileNotFoundError, NotADirectoryError):
            return [], 0, 0
        try:
            return _records(fd)
        finally:
            os.close(fd)

    def remove(self, agent_id: str) -> None:
        with self._lock:
            fd = self._fds.pop(agent_id, None)
            self._ends.pop(agent_id, None)
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


def _records(fd: int) -> tuple[list[dict[str, Any]], int, int]:
    """``read_log`` of the open file ``fd``."""
    head = os.pread(fd, _HEADER.size, 0)
    if head[:4] == _OLD_MAGIC:
        return _old_record(fd, head), 0, 0
    records: list[dict[str, Any]] = []
    offset, generation = 0, None
    while len(head) == _HEADER.size:
        magic, found, length, crc = _HEADER.unpack(head)
        if magic != MAGIC or found != (generation if generation is not None else found) \
                or length > MAX_RECORD:
            break
        start = offset + _HEADER.size
        record = _payload(os.pread(fd, length, start), length, crc, found & 0xFFFFFFFF)
        if record is None:
            break
        records.append(record)
        generation, offset = found, start + length
        head = os.pread(fd, _HEADER.size, offset)
    return records, generation or 0, offset


def _payload(payload: bytes, length: int, crc: int, seed: int) -> dict[str, Any] | None:
    """A record's payload, or None when it is torn (short, CRC) or not a JSON object."""
    if len(payload) != length or zlib.crc32(payload, seed) != crc:
        return None
    try:
        record = orjson.loads(payload)
    except orjson.JSONDecodeError:
        return None
    return record if isinstance(record, dict) else None


def _old_record(fd: int, head: bytes) -> list[dict[str, Any]]:
    """A file written before the log: one record, or none when it is torn."""
    if len(head) < _OLD_HEADER.size:
        return []
    _, length, crc = _OLD_HEADER.unpack_from(head)
    if length > MAX_RECORD:
        return []
    record = _payload(os.pread(fd, length, _OLD_HEADER.size), length, crc, 0)
    return [] if record is None else [record]
