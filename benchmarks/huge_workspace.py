"""What a huge workspace costs the host: one folder of many files, looked at the ways an
agent run looks at it.

    python benchmarks/huge_workspace.py [--files 100000] [--folders 50000]

Prints one ``name: value`` line per figure (median of 5 calls, milliseconds):

* ``situation_ms``: ``grounding.situation`` (computed about twice a step), which reads at
  most ``MAX_SCANNED`` names per folder; ``whole_folder_read_ms`` beside it: reading and
  sorting the whole folder, what each call cost before that bound;
  ``situation_vs_whole_read``: the ratio of the two.
* ``list_folder_recursive_ms``: the ``list_folder`` command, recursive, default output cap
  (it stops once the output is full).
* ``search_ms``: ``search_files`` for a text no file holds, in a second workspace of
  ``--folders`` folders with one small file each (it stops at ``SEARCH_MAX_FOLDERS`` folders
  and says so); ``unbounded_search_ms`` beside it: the same search with the bounds lifted,
  what each search cost before them (median of 3 each).
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
from autonomo.agent.strategies import grounding
from autonomo.tools import fstree, search
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.context import CommandContext


def _median_ms(call: Callable[[], object], times: int = 5) -> float:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        call()
        spent.append((time.perf_counter() - start) * 1000)
    return statistics.median(spent)


def _whole_read(root: Path) -> None:
    top = os.open(root, fstree.DIR_FLAGS)
    try:
        for _folder in fstree.walk(top, grounding.MAX_DEPTH):
            pass
    finally:
        os.close(top)


def _search_figures(folder: Path, count: int) -> tuple[float, float]:
    root = folder / "wide"
    root.mkdir()
    for i in range(count):
        (root / f"d{i:06d}").mkdir()
        (root / f"d{i:06d}" / "notes.txt").write_text("nothing to see\n")
    ctx = CommandContext(workspace=root, settings=Settings(data_dir=folder / "data2"))

    def searched() -> object:
        return builtin_registry().execute("search_files", {"content": "needle"}, ctx)

    bounded = _median_ms(searched, 3)
    bounds = search.SEARCH_MAX_FOLDERS, search.SEARCH_MAX_NAMES, search.SEARCH_MAX_READ
    search.SEARCH_MAX_FOLDERS = search.SEARCH_MAX_NAMES = search.SEARCH_MAX_READ = 10**12
    try:
        unbounded = _median_ms(searched, 3)
    finally:
        search.SEARCH_MAX_FOLDERS, search.SEARCH_MAX_NAMES, search.SEARCH_MAX_READ = bounds
    return bounded, unbounded


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--folders", type=int, default=50_000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder, "workspace")
        root.mkdir()
        for i in range(args.files):
            os.close(os.open(root / f"file-{i:07d}.txt", os.O_CREAT | os.O_WRONLY, 0o644))
        situation = _median_ms(lambda: grounding.situation(root, "Write hi to out.txt"))
        whole = _median_ms(lambda: _whole_read(root))
        ctx = CommandContext(workspace=root, settings=Settings(data_dir=Path(folder, "data")))
        listed = _median_ms(lambda: builtin_registry().execute(
            "list_folder", {"recursive": True}, ctx))
        searched, unbounded = _search_figures(Path(folder), args.folders)
    print(f"files: {args.files}")
    print(f"situation_ms: {situation:.1f}")
    print(f"whole_folder_read_ms: {whole:.1f}")
    print(f"situation_vs_whole_read: {situation / whole:.3f}")
    print(f"list_folder_recursive_ms: {listed:.1f}")
    print(f"folders: {args.folders}")
    print(f"search_ms: {searched:.1f}")
    print(f"unbounded_search_ms: {unbounded:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
