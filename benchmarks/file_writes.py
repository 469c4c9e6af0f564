"""What replacing a file whole costs: the ``write_file`` command (a new file renamed over the
old one, ``tools.atomic``) beside the truncate-then-write it replaced, on the same disk.

    python benchmarks/file_writes.py [--times 200] [--size 2000]

Prints ``name: value`` lines (median milliseconds of ``--times`` writes of ``--size`` bytes
over an existing file):

* ``write_file_ms``: the command, as an agent step runs it (path checks included);
* ``durable_write_file_ms``: the same with ``agent.fsync_steps`` (data and rename fsynced);
* ``in_place_write_ms``: open with ``O_TRUNC`` through the folder descriptor, write, close —
  what ``write_file`` did before (it lost the old text on a crash mid-write);
* ``atomic_vs_in_place``: ``write_file_ms`` / ``in_place_write_ms`` measured without the
  command's path checks (``atomic.write_whole`` against the in-place write), side by side;
* ``append_file_ms``: the ``append_to_file`` command, one line to a file of
  ``--append-size`` bytes, the file copied into a new one (all or nothing: what an append
  does to a file up to ``files.APPEND_COPY_FREE``, or with a text of 1/64 of it or more);
  ``append_in_place_ms``: the same command appending in place (what it does to a short text
  added to a larger file); ``append_copy_vs_in_place`` their ratio, interleaved
  (``--times`` / 4 appends each, three rounds);
* ``grow_log_ms``: a new log grown by ``--log-lines`` appends of a 100-byte line (copied up
  to ``files.APPEND_COPY_FREE``, then in place); ``grow_log_copy_always_ms`` the same with
  every append copied (the bound before, O(n²)); ``grow_log_vs_copy_always`` their ratio
  (two rounds, interleaved).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from autonomo import Settings
from autonomo.tools import atomic, files
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.context import CommandContext
from autonomo.tools.registry import CommandRegistry
from autonomo.tools.workspace import Workspace


def _median_ms(call: Callable[[], object], times: int) -> float:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        call()
        spent.append((time.perf_counter() - start) * 1000)
    return statistics.median(spent)


def _in_place(ws: Workspace, data: bytes) -> None:
    fd = ws.open_file(("a.txt",), write=True)
    try:
        atomic.write_all(fd, data)
    finally:
        os.close(fd)


def _grow_log(registry: CommandRegistry, ctx: CommandContext, log: Path, lines: int) -> float:
    """Milliseconds to grow a new log by ``lines`` appends of a 100-byte line."""
    log.unlink(missing_ok=True)
    arguments = {"path": log.name, "content": "l" * 99 + "\n"}
    start = time.perf_counter()
    for _ in range(lines):
        registry.execute("append_to_file", arguments, ctx)
    return (time.perf_counter() - start) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=200)
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--append-size", type=int, default=1024 * 1024)
    parser.add_argument("--log-lines", type=int, default=5000)
    args = parser.parse_args(argv)
    text = "x" * args.size
    data = text.encode()
    registry = builtin_registry()
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:  # the project's disk
        root = Path(folder, "workspace")
        root.mkdir()
        (root / "a.txt").write_text("old text\n")
        ws = Workspace(root)
        figures = {}
        for name, fsync in (("write_file_ms", False), ("durable_write_file_ms", True)):
            ctx = CommandContext(workspace=root, settings=Settings(
                data_dir=Path(folder, "data"), agent={"fsync_steps": fsync}))
            figures[name] = _median_ms(lambda ctx=ctx: registry.execute(
                "write_file", {"path": "a.txt", "content": text}, ctx), args.times)
        atomic_ms = in_place_ms = 0.0
        for _round in range(3):  # interleaved, so that a busy moment hits both alike
            atomic_ms += _median_ms(lambda: atomic.write_whole(ws, ("a.txt",), data),
                                    args.times)
            in_place_ms += _median_ms(lambda: _in_place(ws, data), args.times)
        (root / "log.txt").write_bytes(b"a log line\n" * (args.append_size // 11))
        ctx = CommandContext(workspace=root, settings=Settings(data_dir=Path(folder, "data")))
        line = b"one more line\n"
        copy_ms = append_ms = 0.0
        free = files.APPEND_COPY_FREE
        for _round in range(3):
            for copied in (True, False):
                # every file up to APPEND_COPY_MAX copied, or every one appended to in place
                files.APPEND_COPY_FREE = files.APPEND_COPY_MAX if copied else -1
                spent = _median_ms(lambda: registry.execute(
                    "append_to_file", {"path": "log.txt", "content": line.decode()}, ctx),
                    max(args.times // 4, 1))
                copy_ms, append_ms = (copy_ms + spent, append_ms) if copied else \
                    (copy_ms, append_ms + spent)
        grown: dict[bool, float] = {True: 0.0, False: 0.0}
        for _round in range(2):
            for always in (True, False):  # the bound as it was (copy each time) and as it is
                files.APPEND_COPY_FREE = files.APPEND_COPY_MAX if always else free
                grown[always] += _grow_log(registry, ctx, root / "grown.txt", args.log_lines)
        files.APPEND_COPY_FREE = free
    print(f"write_file_ms: {figures['write_file_ms']:.3f}")
    print(f"durable_write_file_ms: {figures['durable_write_file_ms']:.3f}")
    print(f"in_place_write_ms: {in_place_ms / 3:.3f}")
    print(f"atomic_vs_in_place: {atomic_ms / in_place_ms:.2f}")
    print(f"append_file_ms: {copy_ms / 3:.3f}")
    print(f"append_in_place_ms: {append_ms / 3:.3f}")
    print(f"append_copy_vs_in_place: {copy_ms / append_ms:.2f}")
    print(f"grow_log_ms: {grown[False] / 2:.1f}")
    print(f"grow_log_copy_always_ms: {grown[True] / 2:.1f}")
    print(f"grow_log_vs_copy_always: {grown[False] / grown[True]:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
