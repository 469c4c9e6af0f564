"""A program the task names, run again by the verifiers, in the sandbox, on a copy of the
workspace as it was at the task's start (``verifying_snapshot``): what it prints there is
derived independently of the agent (of its words, and of the runs it chose to make).

Bounded: only a start of at most ``MAX_FILES`` files, each kept whole as text (its digest
checked), is copied; the program gets ``TIMEOUT_S`` seconds, the tighter ``LIMITS`` and the
sandbox's output cap, and runs only in a sandbox that isolates (never on the host). It runs
twice: output that differs between the two (a program that draws random numbers or reads
the clock) derives nothing. No sandbox available, a failing program, a cut output: nothing.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath

import pluggy

from autonomo.agent.verifying_snapshot import Snapshot
from autonomo.config import SandboxConfig
from autonomo.errors import UserError

#: a program's path and arguments -> what it printed on the start workspace (None: nothing
#: derived)
Rerun = Callable[[str, tuple[str, ...]], "str | None"]

MAX_FILES = 200
TIMEOUT_S = 10.0
#: the rerun's own limits, tighter than a step's (it only has to print an answer)
LIMITS = {"cpu_seconds": 10, "max_processes": 32, "max_file_mb": 8, "max_write_mb": 64}


def _copy(start: Snapshot, folder: Path) -> bool:
    """Write the start's files into ``folder``; False when one is not kept whole."""
    if len(start.files) > MAX_FILES:
        return False
    for path, entry in start.files.items():
        parts = PurePosixPath(path).parts
        if entry.kind != "file" or entry.text is None or path.startswith("/") or ".." in parts \
                or hashlib.sha256(entry.text.encode()).hexdigest() != entry.digest:
            return False
        target = folder.joinpath(*parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(entry.text, encoding="utf-8", newline="")
    return True


def rerunner(start: Snapshot, config: SandboxConfig,
             plugins: pluggy.PluginManager | None = None) -> Rerun:
    """Run a program of ``start`` again (see the module's text), with the sandbox ``config``
    selects (network off, as configured or not)."""
    from autonomo.sandbox import create_sandbox  # the sandbox only for a finish that needs it

    bounded = config.model_copy(update={
        "timeout_s": min(config.timeout_s, TIMEOUT_S), "allow_network": False,
        **{name: min(getattr(config, name), limit) for name, limit in LIMITS.items()}})

    def once(program: str, args: tuple[str, ...]) -> str | None:
        try:
            return _once(program, args)
        except Exception:  # (a copy that fails, a sandbox that fails: nothing
            # is derived, the step goes on)
            return None

    def _once(program: str, args: tuple[str, ...]) -> str | None:
        with tempfile.TemporaryDirectory(prefix="autonomo-verify-") as tmp:
            if not _copy(start, Path(tmp)):
                return None
            try:
                box = create_sandbox(Path(tmp), bounded, plugins)
            except UserError:
                return None  # no sandbox may run here: nothing is run unprotected
            if box.isolating is not True:  # ("local", allowed unsandboxed): never on the host
                box.close()
                return None
            try:
                result = box.run([box.python, program, *args], timeout=bounded.timeout_s)
            finally:
                box.close()
        return result.stdout if result.ok and not result.truncated else None

    def rerun(program: str, args: tuple[str, ...]) -> str | None:
        first = once(program, args)
        return first if first is not None and once(program, args) == first else None

    return rerun
