"""Old contradiction rules (``agent/finishing*.py``), session 23: right work they refused
without proof, each with a wrong twin still refused or left unverified. Wordings are this
file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from finish_fresh_cases import Step, W
from test_finishing_precise import play

PACE = {"pace.py": "import sys\nn = int(sys.argv[1])\nprint(f'{n} laps = {n * 0.4:.1f} km')\n"}
NEWS = {"NEWS": "v1: first\n", "docs/NEWS": "old\n"}


def _run(path: str, *args: str) -> Step:
    return ("execute_python_file", {"path": path, "args": list(args)})


#: (task, files, plan, the run ends FINISHED)
RIGHT = [
    pytest.param("pace.py takes a number of laps as its argument. Run it for 12 laps and save "
                 "what it prints to pace.txt", PACE,
                 [_run("pace.py", "12"), W("pace.txt", "12 laps = 4.8 km")], True,
                 id="a-number-given-to-a-program-is-no-count"),
    pytest.param("Give the top-level NEWS file a .txt extension, so that it is NEWS.txt", NEWS,
                 [("rename_file", {"source": "NEWS", "destination": "NEWS.txt"})], True,
                 id="a-new-ending-given-to-a-plain-name-said-to-be-a-file"),
]


@pytest.mark.parametrize(("task", "files", "plan", "finished"), RIGHT)
def test_right_work_is_not_refused(tmp_path: Path, task: str, files: dict[str, str],
                                   plan: list[Step], finished: bool) -> None:
    got, status = play(tmp_path, task, files, plan)
    assert got == "ran", got
    assert (status == "finished") is finished, status


#: (task, files, a wrong plan, what the refusal must say)
WRONG = [
    pytest.param("pace.py takes a number of laps as its argument. Run it for 12 laps and save "
                 "what it prints to pace.txt", PACE,
                 [_run("pace.py", "3"), W("pace.txt", "3 laps = 1.2 km")], "12",
                 id="run-with-another-number"),
    pytest.param("Write 12 bird names to birds.txt, one per line", {},
                 [W("birds.txt", "wren\nkite\n")], "12", id="a-real-count-left-short"),
]


@pytest.mark.parametrize(("task", "files", "plan", "says"), WRONG)
def test_wrong_work_is_still_refused(tmp_path: Path, task: str, files: dict[str, str],
                                     plan: list[Step], says: str) -> None:
    got, _status = play(tmp_path, task, files, plan)
    assert got.startswith("refused: ") and says in got, got


def test_the_other_file_of_that_name_renamed_is_never_finished(tmp_path: Path) -> None:
    got, status = play(tmp_path, "Give the top-level NEWS file a .txt extension, so that it "
                       "is NEWS.txt", NEWS,
                       [("rename_file", {"source": "docs/NEWS", "destination": "NEWS.txt"})])
    assert status != "finished", got
