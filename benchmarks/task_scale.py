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

A ratio is before ÷ after: how many times faster it is now.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from autonomo.agent.strategies import grounding
from autonomo.agent.strategies import objects as adding

sys.path.insert(0, str(Path(__file__).parent))
from objects_before import objects_before  # (the reference, beside this file)


def _median_ms(call: Callable[[], object], times: int = 3) -> float:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        call()
        spent.append((time.perf_counter() - start) * 1000)
    return statistics.median(spent)


def _pair(name: str, before: Callable[[], object], after: Callable[[], object]) -> None:
    old, new = _median_ms(before), _median_ms(after)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", type=int, nargs="+", default=[100, 300])
    for count in parser.parse_args(argv).names:
        _figures(count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
