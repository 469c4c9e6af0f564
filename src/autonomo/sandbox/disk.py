"""Keep sandboxed commands from filling the disk.

Per file, ``RLIMIT_FSIZE`` (``sandbox.max_file_mb``, applied with the other limits) makes a
larger write or ``fallocate`` fail. For the total, this guard watches the free space of the file
system that holds the workspace while a command runs and kills the command when it drops by more
than ``sandbox.max_write_mb`` since the command started, or below ``sandbox.min_free_mb``.
Reading ``statvfs`` costs microseconds, so nothing walks the workspace; the price is that a drop
caused by another program on the same file system counts too (the limit errs on stopping).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from autonomo.config import SandboxConfig

_MB = 1024 * 1024
#: how often the free space is read while a command runs
POLL_S = 0.2


def free_bytes(path: Path) -> int:
    st = os.statvfs(path)
    return st.f_bavail * st.f_frsize


class DiskGuard:
    """Watches one command; ``tripped`` says why it was stopped (empty: it was not)."""

    def __init__(self, workspace: Path, config: SandboxConfig) -> None:
        self.workspace = workspace
        free = free_bytes(workspace)
        floor = min(config.min_free_mb * _MB, free)  # a floor above today's free space: none
        self.floor = max(free - config.max_write_mb * _MB, floor)
        self.max_write_mb = config.max_write_mb
        self.tripped = ""

    def watch(self, alive: Callable[[], bool], stop: Callable[[], None]) -> threading.Thread:
        """Poll in a thread while ``alive()``; call ``stop()`` once the limit is passed."""

        def run() -> None:
            event = threading.Event()
            while alive():
                if free_bytes(self.workspace) < self.floor:
                    self.tripped = (
                        f"Stopped: it wrote more than the sandbox's disk limit "
                        f"(sandbox.max_write_mb = {self.max_write_mb} MB per command, or the "
                        "disk's free-space floor sandbox.min_free_mb) and was killed."
                    )
                    stop()
                    return
                event.wait(POLL_S)

        thread = threading.Thread(target=run, daemon=True, name="autonomo-disk-guard")
        thread.start()
        return thread
