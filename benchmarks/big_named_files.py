"""What a large data file named by the task costs a step's situation, with and without the
bound on composed whole texts (``compose.MAX_WHOLE_CHARS``).

    python benchmarks/big_named_files.py [--rows 100000]

Prints ``name: value`` lines (median of 3 calls of ``grounding.situation``, milliseconds):
``json_situation_ms`` for "In wide.json, k5 = 7" on a JSON object of ``--rows`` keys,
``csv_situation_ms`` for "Add a row … to data.csv" on a CSV of ``--rows`` rows; each with
``_unbounded_ms`` beside it (the bound lifted, what a step cost before it), their ratios, and
``csv_longest_offered_chars`` / ``..._unbounded`` (the longest text offered for the file).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from autonomo.agent.strategies import compose, grounding


def _median_ms(ws: Path, task: str, times: int = 3) -> tuple[float, int]:
    spent, longest = [], 0
    for _ in range(times):
        start = time.perf_counter()
        where = grounding.situation(ws, task)
        spent.append((time.perf_counter() - start) * 1000)
        longest = max((len(t) for _, whole, added in where.composed for t in (*whole, *added)),
                      default=0)
    return statistics.median(spent), longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    rows = parser.parse_args().rows
    bound = compose.MAX_WHOLE_CHARS
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        (ws / "wide.json").write_text(json.dumps({f"k{i}": i for i in range(rows)}))
        (ws / "data.csv").write_text("id,city,score\n" + "".join(
            f"{i},city{i % 97},{i % 100}\n" for i in range(rows)))
        cases = {"json": "In wide.json, k5 = 7", "csv": f"Add a row {rows},Oslo,3 to data.csv"}
        for name, task in cases.items():
            compose.MAX_WHOLE_CHARS = bound
            ms, longest = _median_ms(ws, task)
            compose.MAX_WHOLE_CHARS = 10**12
            unbounded, longest_unbounded = _median_ms(ws, task)
            compose.MAX_WHOLE_CHARS = bound
            size = (ws / ("wide.json" if name == "json" else "data.csv")).stat().st_size
            print(f"{name}_file_bytes: {size}")
            print(f"{name}_situation_ms: {ms:.1f}")
            print(f"{name}_situation_unbounded_ms: {unbounded:.1f}")
            print(f"{name}_situation_vs_unbounded: {ms / unbounded:.2f}")
            print(f"{name}_longest_offered_chars: {longest}")
            print(f"{name}_longest_offered_chars_unbounded: {longest_unbounded}")


if __name__ == "__main__":
    main()
