"""Wrong results a small model plausibly writes, for tasks of wordings of i12v's own (no task
of the seen sets), and the right results of the same tasks (``fixtures/verify_results``).

A wrong one (``values``, ``files``, ``programs``): the value bare where a form, a label or a
unit was asked, a distractor value, the right value of the wrong row, a line or an item too
many or too few, a second change asked but not made, a copy whose text was to change, the
output of a run with other arguments or none. No verifier may confirm any of them: a
verified wrong result ends a run FINISHED while wrong, the worst failure. A right one
(``right``, ``right_programs``) stays verified: a verifier so strict that it confirms nothing
would pass the first test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autonomo.agent.verifying import verify
from autonomo.agent.verifying_snapshot import take

_CASES = Path(__file__).parent / "fixtures" / "verify_results"


def _load(*groups: str) -> list[dict]:
    return [json.loads(line) for group in groups
            for line in (_CASES / f"{group}.jsonl").read_text().splitlines() if line]


def _prints(program: str, args: tuple[str, ...]) -> str | None:
    """What the cases' programs print given ``args`` (a verifier's rerun, computed)."""
    numbers = [int(a) for a in args if a.lstrip("-").isdigit()]
    if program == "tally.py":
        return "usage: tally.py A B\n" if len(args) < 2 else f"sum {sum(numbers)}\n"
    if program == "primes_upto.py":
        top = numbers[0] if numbers else 10
        return "".join(f"{k}\n" for k in range(2, top + 1) if all(k % d for d in range(2, k)))
    if program == "greet.py":
        return f"Hello, {' and '.join(args) if args else 'stranger'}!\n"
    if program == "conv.py":
        return f"args: {' '.join(args)}\n"
    if program == "count.py":
        top = numbers[0] if numbers else 3
        return "COUNT\n" + "".join(f"{i}\n" for i in range(1, top + 1))
    return None


def _judge(tmp_path: Path, case: dict) -> tuple[bool, str]:
    """Verify the case's task after its ``act`` (path -> new text, None: deleted) changed
    its start ``files``."""
    ws = tmp_path / "ws"
    ws.mkdir()
    for name, text in case["files"].items():
        (ws / name).parent.mkdir(parents=True, exist_ok=True)
        (ws / name).write_text(text)
    start = take(ws)
    for name, text in case["act"].items():
        if text is None:
            (ws / name).unlink()
        else:
            (ws / name).parent.mkdir(parents=True, exist_ok=True)
            (ws / name).write_text(text)
    verdict = verify(case["task"], start, take(ws), (), _prints)
    return verdict.verified, verdict.why


WRONG = _load("values", "files", "programs")
RIGHT = _load("right", "right_programs")


@pytest.mark.parametrize("case", WRONG, ids=[c["id"] for c in WRONG])
def test_a_wrong_result_is_never_verified(tmp_path: Path, case: dict) -> None:
    verified, why = _judge(tmp_path, case)
    assert not verified, why


@pytest.mark.parametrize("case", RIGHT, ids=[c["id"] for c in RIGHT])
def test_the_right_result_of_the_same_tasks_is_verified(tmp_path: Path, case: dict) -> None:
    verified, why = _judge(tmp_path, case)
    assert verified, why


def test_the_cases_are_as_many_as_the_note_says() -> None:
    assert (len(WRONG), len(RIGHT)) == (347, 70)
