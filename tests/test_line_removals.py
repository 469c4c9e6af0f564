"""Lines removed from a file the task names: offered as one edit (every other line as it
was) and verified only when exactly those lines are gone (i12e's own wordings)."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.agent.strategies import edits, line_removals
from autonomo.agent.strategies.grounding import situation
from test_finishing_precise import play

RT = "replace_text"
HOSTS = "alpha 10.0.0.1\nbeta 10.0.0.2\ngamma 10.0.0.3\n"
SETUP = "PORT=80\nTRACE=on\nNAME=web\n"
TRIP = "# Trip\nday 1: Lyon\n\nday 2: Nice\n\n\nday 3: Arles\n"


def _edit(path: str, old: str, new: str) -> tuple[str, dict[str, str]]:
    return (RT, {"path": path, "old": old, "new": new})


@pytest.mark.parametrize(("task", "name", "text", "left"), [
    # (by what the line says, the file named last)
    ("Take out the line that reads TRACE=on from setup.env", "setup.env", SETUP,
     "PORT=80\nNAME=web\n"),
    # (by a part of it, quoted, the file named first)
    ("hosts.txt - drop the line containing 'beta', nothing else", "hosts.txt", HOSTS,
     "alpha 10.0.0.1\ngamma 10.0.0.3\n"),
    # (by its start)
    ("erase the line beginning with gamma in hosts.txt", "hosts.txt", HOSTS,
     "alpha 10.0.0.1\nbeta 10.0.0.2\n"),
    # (by its end)
    ("In hosts.txt, remove the line ending in 10.0.0.1 please", "hosts.txt", HOSTS,
     "beta 10.0.0.2\ngamma 10.0.0.3\n"),
    # (by its place)
    ("delete the first line of hosts.txt", "hosts.txt", HOSTS,
     "beta 10.0.0.2\ngamma 10.0.0.3\n"),
    ("Cut the final line from setup.env.", "setup.env", SETUP, "PORT=80\nTRACE=on\n"),
    ("remove line 2 from setup.env", "setup.env", SETUP, "PORT=80\nNAME=web\n"),
    # (the blank ones, several in a row)
    ("trip.md has empty lines; get rid of the empty lines in trip.md", "trip.md", TRIP,
     "# Trip\nday 1: Lyon\nday 2: Nice\nday 3: Arles\n"),
    # (the text before "line", a removal said after it)
    ("the TRACE=on line in setup.env has to go", "setup.env", SETUP, "PORT=80\nNAME=web\n"),
    # (said first, removed by a pronoun)
    ("setup.env has a line TRACE=on - please delete it", "setup.env", SETUP,
     "PORT=80\nNAME=web\n"),
    # (every line that fits)
    ("strip all lines containing 10.0.0 from hosts.txt except nothing", "hosts.txt", HOSTS, ""),
])
def test_the_lines_removed_are_the_one_edit_offered(task, name, text, left):
    found = edits.edits(text, task, [name], name)
    assert len(found) == 1 and len(found[0][1]) == 1
    old, (new,) = found[0]
    assert text.count(old) == 1
    assert text.replace(old, new) == left


@pytest.mark.parametrize(("task", "text"), [
    # (a singular line that fits two: which one is not known)
    ("delete the line with 10.0.0 from hosts.txt", HOSTS),
    # (a line that is not there: done, or another file's)
    ("remove the line that says DEBUG=1 from hosts.txt", HOSTS),
    # (a line removed already)
    ("Take out the line that reads TRACE=on from setup.env", "PORT=80\nNAME=web\n"),
])
def test_no_edit_when_the_lines_are_not_known_or_gone(task, text):
    assert line_removals.edit(text, task, ["hosts.txt", "setup.env"]) == ()


@pytest.mark.parametrize("task", [
    "Add a line that says TRACE=off to setup.env",
    "delete the files whose lines hold TRACE",
    "remove the trailing spaces on every line of setup.env",
    "Replace the line TRACE=on with TRACE=off in setup.env",
])
def test_other_acts_ask_no_line_removal(task):
    assert line_removals.selectors(task, ("setup.env",)) == []


def test_the_removal_is_of_the_file_its_sentence_names(tmp_path):
    (tmp_path / "a.txt").write_text("keep\nx\n")
    (tmp_path / "b.txt").write_text("x\nkeep\n")
    where = situation(tmp_path, "Leave a.txt as it is. In b.txt, delete the line that says x.",
                      existed=("a.txt", "b.txt"))
    assert [name for name, _ in where.edits] == ["b.txt"]


@pytest.mark.parametrize(("plan", "status"), [
    ([_edit("setup.env", "TRACE=on\n", "")], "finished"),
    # (a write of the file without it)
    ([("write_file", {"path": "setup.env", "content": "PORT=80\nNAME=web\n"})], "finished"),
    # (wrong: the text gone, an empty line left)
    ([_edit("setup.env", "TRACE=on", "")], "unverified"),
    # (wrong: another line removed)
    ([_edit("setup.env", "PORT=80\n", "")], "unverified"),
    # (wrong: two lines removed)
    ([("write_file", {"path": "setup.env", "content": "PORT=80\n"})], "unverified"),
    # (wrong: the whole file one line)
    ([("write_file", {"path": "setup.env", "content": "NAME=web"})], "unverified"),
    # (wrong: the value changed, the line kept)
    ([_edit("setup.env", "TRACE=on", "TRACE=off")], "unverified"),
])
def test_a_line_removal_is_finished_only_when_exactly_right(tmp_path: Path, plan, status):
    task = "Please take out the line saying TRACE=on from setup.env; the rest stays."
    _, got = play(tmp_path, task, {"setup.env": SETUP}, plan)
    assert (got == "finished") == (status == "finished")


def test_blank_lines_removed_in_part_are_not_finished(tmp_path: Path):
    task = "get rid of the empty lines in trip.md"
    _, got = play(tmp_path, task, {"trip.md": TRIP}, [_edit("trip.md", "\n\n", "\n")])
    assert got != "finished"
    _, got = play(tmp_path / "2", task, {"trip.md": TRIP},
                  [_edit("trip.md", "\nday 2: Nice\n\n\n", "day 2: Nice\n"),
                   _edit("trip.md", "Lyon\n\n", "Lyon\n")])
    assert got == "finished"


@pytest.mark.parametrize("task", [
    "in setup.env, delete the line with TRACE in it",
    "Remove the TRACE=on line from setup.env",
    "setup.env: erase line 2",
    "delete the last line of setup.env please",
    "Get rid of the line that says NAME=web in setup.env",
])
def test_a_line_removal_never_offers_the_files_deletion(tmp_path: Path, task):
    from test_stated_corrections import _offered_after
    offered = _offered_after(tmp_path, task, {"setup.env": SETUP, "setup.env.bak": SETUP}, [])
    assert "replace_text" in offered and "delete_file" not in offered
