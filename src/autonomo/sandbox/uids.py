"""One host uid per sandbox, leased from a range, when autonomo runs as root.

The process limit (``RLIMIT_NPROC``) counts every process of a uid on the machine, so sandboxes
sharing one uid share one limit: an agent's background job holding it made every other
agent's commands fail ("Cannot fork"). Each root-run sandbox therefore leases a uid of its own:
an exclusive ``flock`` on ``<uid>.lock`` in a root-only folder, held for the sandbox's life and
released by the kernel when the process ends, however it ends.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pwd
import stat
import tempfile
from pathlib import Path

from autonomo.errors import UserError


def _lock_folder() -> Path:
    """A folder only root can write (made if missing); refuse one that anybody else could
    have prepared."""
    base = Path("/run") if os.access("/run", os.W_OK) else Path(tempfile.gettempdir())
    folder = base / "autonomo-sandbox-uids"
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=0o700)
    st = os.stat(folder, follow_symlinks=False)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != 0 or st.st_mode & 0o022:
        raise UserError(
            f"{folder} is not a folder that only root can write; remove it so that autonomo "
            "can lease sandbox uids safely."
        )
    return folder


def _has_account(uid: int) -> bool:
    try:
        pwd.getpwuid(uid)
    except KeyError:
        return False
    return True


class UidLease:
    """A uid no other sandbox on this machine uses while the lease is held."""

    def __init__(self, first: int, count: int) -> None:
        folder = _lock_folder()
        for uid in range(first, first + max(1, count)):
            if _has_account(uid):
                continue  # a real account's processes would share the limit
            fd = os.open(folder / f"{uid}.lock",
                         os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            self.uid = uid
            self._fd: int | None = fd
            return
        raise UserError(
            f"All {count} sandbox uids from {first} are in use by other sandboxes; raise "
            "sandbox.sandbox_uid_count or close other agents."
        )

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.release()
