"""Wrong results a verifier confirmed (i12z's attack of session 26's trains), with the right
results of the same tasks, which it must still confirm. Wordings of this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.agent.verifying import verify
from autonomo.agent.verifying_snapshot import take


def _verified(tmp_path: Path, task: str, start: dict[str, str], end: dict[str, str]) -> bool:
    shots = []
    for name, files in (("start", start), ("end", end)):
        folder = tmp_path / name
        folder.mkdir(parents=True)
        for path, text in files.items():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_text(text)
        shots.append(take(folder))
    return verify(task, shots[0], shots[1]).verified


#: a word of manner before a stated value is no part of it: "nothing but Lisbon" written
#: as it stands was confirmed
MANNER = [
    ("Put nothing but Lisbon in city.txt", "Lisbon", "nothing but Lisbon"),
    ("Write solely 7731 to pin.txt", "7731", "solely 7731"),
    ("please save exactly Green-Otter-5 to wifi.txt", "Green-Otter-5", "exactly Green-Otter-5"),
    ("Type just Thursday into day.txt", "Thursday", "just Thursday"),
    ("store purely amber in colour.txt", "amber", "purely amber"),
]


@pytest.mark.parametrize(("task", "right", "wrong"), MANNER)
def test_a_word_of_manner_before_a_value_is_not_written(tmp_path, task, right, wrong):
    name = task.split(" in ")[-1].split(" to ")[-1].split(" into ")[-1].strip()
    assert _verified(tmp_path / "r", task, {}, {name: right + "\n"})
    assert not _verified(tmp_path / "w", task, {}, {name: wrong + "\n"})


def test_a_capital_word_of_manner_starts_a_title(tmp_path):
    """("Only Connect" is a title: never cut to "Connect")."""
    task = "Write Only Connect to motto.txt"
    assert not _verified(tmp_path / "w", task, {}, {"motto.txt": "Connect\n"})


#: a text placed elsewhere than after the file's lines is never an append at the end
ELSEWHERE = [
    "Add Lisbon at the top of cities.txt",
    "Put Lisbon at the start of cities.txt",
    "Insert Lisbon before Porto in cities.txt",
    "Add Lisbon to cities.txt as its first line",
    "cities.txt needs Lisbon as the second line",
]


@pytest.mark.parametrize("task", ELSEWHERE)
def test_an_append_at_the_end_is_not_a_text_placed_elsewhere(tmp_path, task):
    start = {"cities.txt": "Porto\nFaro\n"}
    assert not _verified(tmp_path, task, start, {"cities.txt": "Porto\nFaro\nLisbon\n"})


@pytest.mark.parametrize("task", [
    "Add Lisbon to the end of cities.txt",
    "Append Lisbon to cities.txt",
    "add 'Top of the Morning' at the bottom of cities.txt",
    "Add 'Before Sunrise' to the end of cities.txt",
    "cities.txt needs Lisbon on a new last line",
])
def test_an_append_at_the_end_is_still_confirmed(tmp_path, task):
    value = task.split("'")[1] if "'" in task else "Lisbon"
    start = {"cities.txt": "Porto\nFaro\n"}
    assert _verified(tmp_path, task, start, {"cities.txt": f"Porto\nFaro\n{value}\n"})


LOGS = {"a.log": "x\n", "b.log": "y\n", "c.log": "z\n", "notes.txt": "n\n"}


@pytest.mark.parametrize("task", [
    "Delete every .log file except the newest",
    "remove the .log files other than the two biggest",
    "Clear out the .log files but keep the one from today",
    "delete all .log files, apart from the most recent",
    "Get rid of the .log files, excluding whichever is largest",
])
def test_a_removal_that_spares_files_by_a_description_is_not_confirmed(tmp_path, task):
    """Every .log file deleted was confirmed though the task spares one it describes."""
    assert not _verified(tmp_path, task, LOGS, {"notes.txt": "n\n"})


@pytest.mark.parametrize(("task", "kept"), [
    ("Delete a.log and b.log but not c.log", {"c.log", "notes.txt"}),
    ("remove the .log files but keep notes.txt", {"notes.txt"}),
    ("Delete the .log files and leave notes.txt alone", {"notes.txt"}),
    ("remove a.log and b.log, leaving c.log alone", {"c.log", "notes.txt"}),
    ("Get rid of a.log and b.log; keep c.log", {"c.log", "notes.txt"}),
])
def test_a_removal_that_spares_files_by_name_is_still_confirmed(tmp_path, task, kept):
    assert _verified(tmp_path, task, LOGS, {n: t for n, t in LOGS.items() if n in kept})


@pytest.mark.parametrize("task", [
    "Delete a.log but keep a copy in old/",
    "remove b.log, but make a backup of it first",
    "Back a.log up, then delete it",
    "delete c.log after you take a copy",
    "Remove a.log; save its copy as a.bak",
])
def test_a_removal_that_keeps_a_copy_is_not_confirmed_without_it(tmp_path, task):
    """Only the file gone was confirmed: the copy the task keeps was never made."""
    gone = next(n for n in ("a.log", "b.log", "c.log") if n in task)
    assert not _verified(tmp_path, task, LOGS, {n: t for n, t in LOGS.items() if n != gone})


START = {"a.bak": "x\n", "b.txt": "y\n", "build/x.lock": "l\n",
         "notes.txt": "line one\nTODO fix\nline three\n"}


@pytest.mark.parametrize(("task", "gone"), [
    ("If there's a b.bak file, remove a.bak", "a.bak"),
    ("If c.txt exists, delete a.bak", "a.bak"),
    ("Is there a c.bak? If so, delete b.txt", "b.txt"),
    ("if a .tmp file is there, get rid of b.txt", "b.txt"),
    ("In case there's a lock file in dist, remove a.bak", "a.bak"),
])
def test_a_removal_whose_condition_is_false_at_the_start_is_not_confirmed(tmp_path, task, gone):
    """The condition names a file that is not there: nothing was to be removed."""
    assert not _verified(tmp_path, task, START, {n: t for n, t in START.items() if n != gone})


@pytest.mark.parametrize("task", [
    "In notes.txt, delete the line with TODO and the last line",
    "In notes.txt, delete the line with TODO, then add DONE at the end",
    "delete the TODO line from notes.txt and also the first line",
    "Remove the line with TODO in notes.txt; then remove b.txt",
    "in notes.txt drop the line mentioning TODO and put it in todo.txt",
])
def test_a_line_removal_that_is_half_the_task_is_not_confirmed(tmp_path, task):
    """Only the TODO line removed, the rest of the task not done."""
    end = {**START, "notes.txt": "line one\nline three\n"}
    assert not _verified(tmp_path, task, START, end)


@pytest.mark.parametrize(("task", "written"), [
    ("Write 'port=N' to out.txt, N being the port in s.env plus one", "port=8080"),
    ("Write 'port=N' to out.txt, where N is the port in s.env minus 1", "port=8080"),
    ("Write 'port=N' to out.txt (N: the port in s.env + 1)", "port=8080"),
    ("Write 'port=N' to out.txt, N being the port in s.env written in words", "port=8080"),
    ("Write 'host=H' to out.txt, H being the host in s.env in capitals", "host=db"),
])
def test_a_placeholder_defined_with_an_operation_is_not_the_bare_value(tmp_path, task, written):
    """The value a template's placeholder stands for goes through what its definition says
    after the source: the bare value filled in is never confirmed."""
    start = {"s.env": "PORT=8080\nHOST=db\n"}
    assert not _verified(tmp_path, task, start, {**start, "out.txt": written + "\n"})


@pytest.mark.parametrize(("task", "offered"), [
    ("Write Only Connect to motto.txt", "Only Connect"),
    ("Write solely 7731 to pin.txt", "7731"),
    ("Type plainly Yes into a.txt", "Yes"),
    ("Put nothing but Lisbon in city.txt", "Lisbon"),
    ("Write Exactly Right to t.txt", "Exactly Right"),
])
def test_the_text_offered_is_the_text_confirmed_without_its_word_of_manner(tmp_path, task,
                                                                           offered):
    """One list of manner words for what is offered and what is confirmed: a capital one
    starts a title ("Only Connect" was offered as "Connect")."""
    from autonomo.agent.strategies.stated_text import stated

    name = next(w for w in task.split() if w.endswith(".txt"))
    assert stated(task, [name]) == [offered]
    if offered[0].islower() or offered.isdigit() or " " not in offered:
        assert _verified(tmp_path, task, {}, {name: offered + "\n"})
