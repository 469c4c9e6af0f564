"""A workspace file whose name holds a space or an apostrophe, spelled unquoted by the task
("append done to log file.txt", "Delete Tom's notes.txt"), is the file it names: the shorter
name inside it (file.txt, notes.txt, also there) was offered to change instead, as a name at
the task's start or end read as quoted. Wordings of this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_do_no_harm import _harmable, _state, _tree

TREE = {"log file.txt": "x\n", "file.txt": "y\n", "Tom's notes.txt": "t\n", "notes.txt": "n\n"}


@pytest.mark.parametrize(("task", "offered"), [
    ("append done to log file.txt", {("append_to_file", "log file.txt")}),
    ("log file.txt: add the line done at the end", {("append_to_file", "log file.txt")}),
    ("Delete Tom's notes.txt", {("delete_file", "Tom's notes.txt")}),
    ("please remove Tom's notes.txt", {("delete_file", "Tom's notes.txt")}),
    ("Tom's notes.txt can go - delete it", {("delete_file", "Tom's notes.txt")}),
])
def test_a_spelled_name_is_the_file_not_the_name_inside_it(tmp_path: Path, task: str,
                                                           offered: set) -> None:
    _tree(tmp_path, TREE)
    assert _harmable(_state(task, tmp_path), tmp_path) == offered


def test_the_shorter_name_said_apart_is_still_its_own_file(tmp_path: Path) -> None:
    _tree(tmp_path, TREE)
    assert ("append_to_file", "file.txt") in _harmable(
        _state("append done to file.txt", tmp_path), tmp_path)
