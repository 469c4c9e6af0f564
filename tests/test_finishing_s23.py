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


LOCK = {".~lock.rota.ods#": "lock", "rota.ods": "sheet", "notes.md": "n"}
DUP = {"minutes (copy).md": "m", "minutes.md": "m", "agenda.md": "a"}
#: names with brackets, "~" and "#" read whole against the workspace (the blind delete class)
NAMES = [
    pytest.param("Remove the stale lock file .~lock.rota.ods# and leave rota.ods alone", LOCK,
                 [("delete_file", {"path": ".~lock.rota.ods#"})], id="a-lock-file"),
    pytest.param("Delete 'minutes (copy).md', an accidental duplicate of minutes.md", DUP,
                 [("delete_file", {"path": "minutes (copy).md"})], id="a-bracketed-copy"),
]


@pytest.mark.parametrize(("task", "files", "plan"), NAMES)
def test_names_with_symbols_are_read_whole(tmp_path: Path, task: str, files: dict[str, str],
                                           plan: list[Step]) -> None:
    got, _status = play(tmp_path, task, files, plan)
    assert got == "ran", got


#: … and their wrong twins: the kept spreadsheet or the original deleted never ends FINISHED
NAMES_WRONG = [
    pytest.param("Remove the stale lock file .~lock.rota.ods# and leave rota.ods alone", LOCK,
                 [("delete_file", {"path": ".~lock.rota.ods#"}),
                  ("delete_file", {"path": "rota.ods"})], id="the-kept-sheet-too"),
    pytest.param("Remove the stale lock file .~lock.rota.ods# and leave rota.ods alone", LOCK,
                 [("delete_file", {"path": "rota.ods"})], id="the-sheet-instead"),
    pytest.param("Delete 'minutes (copy).md', an accidental duplicate of minutes.md", DUP,
                 [("delete_file", {"path": "minutes.md"})], id="the-original-instead"),
    pytest.param("Delete 'minutes (copy).md', an accidental duplicate of minutes.md", DUP,
                 [("delete_file", {"path": "minutes (copy).md"}),
                  ("delete_file", {"path": "agenda.md"})], id="another-file-too"),
]


@pytest.mark.parametrize(("task", "files", "plan"), NAMES_WRONG)
def test_damage_to_names_with_symbols_never_ends_finished(
        tmp_path: Path, task: str, files: dict[str, str], plan: list[Step]) -> None:
    got, status = play(tmp_path, task, files, plan)
    assert status != "finished", got


HIKE = {"hike.txt": "Name: Ridge loop\nLength: 95 min\nStart: 08:30\n"}
POINTS = {"club/points.csv": "date,round,points\n2026-01-01,1,48\n2026-01-01,2,61\n"
                             "2026-01-08,1,50\n2026-01-08,2,72\n"}
DINNER = {"bills/dinner.csv": "item,amount_eur\nstarters,22.40\nmains,96.00\nwine,38.00\n"}
#: computed answers the old rules refused without proof (they end unverified at least)
COMPUTED = [
    pytest.param("How long is the hike in hours and minutes? hike.txt gives its length in "
                 "minutes; write it like 1h 05m into hike_time.txt", HIKE,
                 [W("hike_time.txt", "1h 35m")], id="a-value-in-the-form-of-the-example"),
    pytest.param("How many rounds in club/points.csv scored over 50? Just the number into "
                 "over50.txt", POINTS, [W("over50.txt", "2")], id="a-count-is-no-keyed-value"),
    pytest.param("We were four at dinner. Split the total of bills/dinner.csv evenly - how "
                 "much does each of us owe? Write the per-person amount to bills/each.txt",
                 DINNER, [W("bills/each.txt", "39.10")], id="a-share-of-a-total"),
]


@pytest.mark.parametrize(("task", "files", "plan"), COMPUTED)
def test_computed_answers_are_not_refused(tmp_path: Path, task: str, files: dict[str, str],
                                          plan: list[Step]) -> None:
    got, _status = play(tmp_path, task, files, plan)
    assert got == "ran", got


COMPUTED_WRONG = [
    pytest.param("What length does hike.txt give? Write it to length.txt", HIKE,
                 [W("length.txt", "90 min")], "95 min", id="a-keyed-value-misread"),
    pytest.param("Add up the amounts in bills/dinner.csv and write the total to total.txt",
                 DINNER, [W("total.txt", "150")], "156.4", id="a-total-computed-wrong"),
]


@pytest.mark.parametrize(("task", "files", "plan", "says"), COMPUTED_WRONG)
def test_computed_wrong_is_still_refused(tmp_path: Path, task: str, files: dict[str, str],
                                         plan: list[Step], says: str) -> None:
    got, _status = play(tmp_path, task, files, plan)
    assert got.startswith("refused: ") and says in got, got
