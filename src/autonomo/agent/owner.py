"""Which process drives an agent, and whether that process is still alive.

One driver per agent: ``AgentStore.acquire`` records the running process as the agent's
owner; a driver in another process is refused while the owner lives. (Within one process,
drivers are the program's own business: the server serialises a task's steps itself.)
A process killed with SIGKILL cannot clean up, so liveness is checked, not assumed: same
host, same pid, and the same process start time (a pid can be reused by another process).
"""

from __future__ import annotations

import json
import os
import socket
import uuid
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path


def _process_start(pid: int) -> str | None:
    """The kernel's start time of ``pid`` (clock ticks since boot); None if there is no such
    live process. A zombie (killed, not yet reaped) counts as dead."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()  # the command name may hold spaces or ')'
    if fields[0] in ("Z", "X"):
        return None
    return fields[19]


def _has_proc() -> bool:
    return Path("/proc/self/stat").is_file()


@dataclass(frozen=True)
class Owner:
    pid: int
    host: str
    #: the process start time ('' where /proc is missing)
    started: str
    #: one per run: only the run that holds the agent releases it
    token: str
    since: str

    @classmethod
    def this_process(cls, token: str | None = None) -> Owner:
        pid = os.getpid()
        return cls(pid=pid, host=socket.gethostname(),
                   started=_process_start(pid) or "", token=token or uuid.uuid4().hex,
                   since=datetime.now(UTC).isoformat(timespec="seconds"))

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | None) -> Owner | None:
        if not text:
            return None
        try:
            return cls(**json.loads(text))
        except (TypeError, ValueError):
            return None

    def alive(self) -> bool:
        """Whether the owning process still runs. On another host this cannot be checked:
        it counts as alive."""
        if self.host != socket.gethostname():
            return True
        if _has_proc():
            return self.started != "" and _process_start(self.pid) == self.started
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True

    def same_process(self, other: Owner) -> bool:
        return (self.pid, self.host, self.started) == (other.pid, other.host, other.started)

    def describe(self) -> str:
        return f"process {self.pid} on {self.host} (since {self.since})"
