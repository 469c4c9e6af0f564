"""What a task naming many files costs a step, before and after the near-linear rewrites, in
one run, side by side.

    python benchmarks/task_scale.py [--names 100 300]

For each count k of names, the task "add f0.txt add f1.txt … add f<k-1>.txt" in a workspace
holding those k files (one short line each). Prints ``name: value`` lines, medians of 3 calls,
milliseconds:

* ``objects_<k>_before_ms`` / ``objects_<k>_ms`` / ``objects_<k>_ratio``: ``objects.objects``
  as it was (``benchmarks/objects_before.py``, cubic) and as it is;
* ``situation_<k>_before_ms`` / ``situation_<k>_ms`` / ``situation_<k>_ratio``: a step's
  ``grounding.situation`` with the old ``objects`` put back, and as it is.

* ``read_<k>x<lines>_situation_ms``: a step's situation for "Read f0.txt, … and write the
  largest cost to m.txt" over k files of ``--lines`` lines; ``..._before_ms`` adds the edit
  search of each of those files, which the situation made before and then dropped (a file
  the task only reads is not one a step may change); ``..._ratio`` as above.

A ratio is before ÷ after: how many times faster it is now.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from autonomo.agent.strategies import edits, grounding
from autonomo.agent.strategies import objects as adding

sys.path.insert(0, str(Path(__file__).parent))
from huge_workspace import _median_ms  # (beside this file)
from objects_before import objects_before  # (the reference, beside this file)


def _pair(name: str, before: Callable[[], object], after: Callable[[], object]) -> None:
    old, new = _median_ms(before, 3), _median_ms(after, 3)
    print(f"{name}_before_ms: {old:.1f}")
    print(f"{name}_ms: {new:.1f}")
    print(f"{name}_ratio: {old / max(new, 1e-3):.1f}")


def _figures(count: int) -> None:
    """The figures for a task naming ``count`` files."""
    names = [f"f{i}.txt" for i in range(count)]
    task = " ".join(f"add {n}" for n in names)
    _pair(f"objects_{count}", lambda: objects_before(task, names),
          lambda: adding.objects(task, names))
    with tempfile.TemporaryDirectory() as tmp:
        for n in names:
            (Path(tmp) / n).write_text(f"line of {n}\n")

        def old_situation() -> object:
            now, adding.objects = adding.objects, objects_before
            try:
                return grounding.situation(tmp, task)
            finally:
                adding.objects = now

        _pair(f"situation_{count}", old_situation, lambda: grounding.situation(tmp, task))


def _read_figures(count: int, lines: int) -> None:
    """The figures for a task that reads ``count`` files of ``lines`` lines."""
    names = [f"f{i}.txt" for i in range(count)]
    texts = {n: "".join(f"item {j} costs {j * 3} euro on day {j % 28}\n" for j in range(lines))
             for n in names}
    task = f"Read {', '.join(names)} and write the largest cost to m.txt"
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in texts.items():
            (Path(tmp) / name).write_text(text)
        where = grounding.situation(tmp, task)
        assert where.edits == ()  # (the files are only read: no edit is searched)

        def before() -> None:
            grounding.situation(tmp, task)
            for text in texts.values():
                edits.edits(text, task, where.named)

        _pair(f"read_{count}x{lines}_situation", before, lambda: grounding.situation(tmp, task))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", type=int, nargs="+", default=[100, 300])
    parser.add_argument("--lines", type=int, default=200)
    args = parser.parse_args(argv)
    for count in args.names:
        _figures(count)
    _read_figures(100, args.lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
