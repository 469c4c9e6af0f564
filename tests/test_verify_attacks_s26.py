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
