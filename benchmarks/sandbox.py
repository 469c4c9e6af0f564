"""Cost of sandboxing one command: bubblewrap vs a plain host process, measured side by side.

    python benchmarks/sandbox.py [runs] [files]

Prints one ``name: value`` line per figure (milliseconds per command, median of ``runs``).
``bubblewrap_true_big_workspace_ms`` is the same command in a workspace of ``files`` files
(default 200,000): nothing may walk the workspace before a command.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from autonomo.config import SandboxConfig
from autonomo.sandbox.bubblewrap import BubblewrapSandbox, unavailable_reason
from autonomo.sandbox.local import LocalSandbox


def median_ms(box, command, runs: int, **kwargs) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        res = box.run(command, **kwargs)
        times.append((time.perf_counter() - started) * 1000)
        assert res.ok, res.describe()
    return statistics.median(times)


def main(runs: int = 20, files: int = 200_000) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        (ws / "a.txt").write_text("x")
        local = LocalSandbox(ws, SandboxConfig(backend="local", allow_unsandboxed=True))
        python = [local.python, "-c", "print(1)"]
        print(f"local_true_ms: {median_ms(local, ['true'], runs):.1f}")
        print(f"local_python_ms: {median_ms(local, python, runs):.1f}")
        reason = unavailable_reason(SandboxConfig())
        if reason:
            print(f"bubblewrap_unavailable: {reason}")
            return
        bwrap = BubblewrapSandbox(ws, SandboxConfig())
        print(f"bubblewrap_true_ms: {median_ms(bwrap, ['true'], runs):.1f}")
        print(f"bubblewrap_python_ms: {median_ms(bwrap, python, runs):.1f}")
        for index in range(files):
            folder = ws / f"d{index // 1000}"
            if index % 1000 == 0:
                folder.mkdir()
            (folder / f"f{index}").touch()
        big = median_ms(bwrap, ["true"], max(3, runs // 4))
        print(f"bubblewrap_true_big_workspace_ms: {big:.1f}")
        print(f"big_workspace_files: {files}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
