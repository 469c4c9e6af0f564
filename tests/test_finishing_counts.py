"""A count is verified only when some plain count of the task's source gives it
(``finishing_counts``): then the guesses about numbers give way. A count no plain count
gives is no longer refused (the reading of what is counted was a guess: a filter it did not
know refused right counts); the positive verifiers judge it (``test_finishing_precise``)."""

from __future__ import annotations

from pathlib import Path

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.finishing_counts import candidates, count_verified
from autonomo.agent.finishing_record import Record
from autonomo.agent.strategies.grounding import mentioned_files
from autonomo.tools.registry import CommandResult
from test_finishing_whole import _rule

TRIPS = "name,city\nAna,Porto\nBen,Oslo\nCai,Porto\nDee,Lima\nEd,Oslo\n"
BOT = ("import os\n\n\ndef on_start():\n    pass\n\n\ndef on_stop():\n    pass\n\n\n"
       "def helper():\n    pass\n")


def _verified(tmp: Path, task: str, before: dict[str, str], steps: list) -> bool:
    """Whether ``count_verified`` takes the number the steps wrote for a count of the
    source (and no rule refuses the finish)."""
    tmp.mkdir()
    assert _rule(tmp, task, before, steps) is None
    record = Record.of([Episode(number=i, action=Action(name=n, arguments=a),
                                result=CommandResult.ok(o, replaced=None))
                        for i, (n, a, o) in enumerate(steps, 1)])
    return count_verified(task, mentioned_files(task), record,
                          lambda p: (tmp / p).read_text(), before)


def test_the_ways_to_count_a_source() -> None:
    task = "How many different cities appear in trips.csv?"
    assert candidates(task, TRIPS) == {5, 3}
    assert 6 in candidates("How many lines does trips.csv have?", TRIPS)
    assert candidates("How many handlers (def on_...) are in bot.py?", BOT) == {2}
    assert candidates("How many keys in the list?", '[{"k": [1, 2]}, {"k": [2]}]') >= {2}


def test_a_distinct_count_is_no_line_count(tmp_path: Path) -> None:
    task = "How many different cities appear in trips.csv? Save the count in cities.txt"
    read = ("read_file", {"path": "trips.csv"}, TRIPS)
    wrong = [read, ("write_file", {"path": "cities.txt", "content": "6"}, "")]
    assert not _verified(tmp_path / "w", task, {"trips.csv": TRIPS}, wrong)
    right = [read, ("write_file", {"path": "cities.txt", "content": "3"}, "")]
    assert _verified(tmp_path / "r", task, {"trips.csv": TRIPS}, right)


def test_a_quoted_pattern_is_what_is_counted(tmp_path: Path) -> None:
    task = "How many handlers (def on_...) does bot.py define? Write the number to n.txt"
    read = ("read_file", {"path": "bot.py"}, BOT)
    wrong = [read, ("write_file", {"path": "n.txt", "content": "3"}, "")]
    assert not _verified(tmp_path / "w", task, {"bot.py": BOT}, wrong)
    right = [read, ("write_file", {"path": "n.txt", "content": "2"}, "")]
    assert _verified(tmp_path / "r", task, {"bot.py": BOT}, right)


def test_every_value_of_a_key_is_listed(tmp_path: Path) -> None:
    task = "Put each distinct author from books.json in authors.txt, one per line"
    books = '[{"title": "A", "author": "Ng"}, {"title": "B", "author": ["Ito", "Ng"]}]'
    read = ("read_file", {"path": "books.json"}, books)
    some = [read, ("write_file", {"path": "authors.txt", "content": "Ng\n"}, "")]
    assert _rule(tmp_path, task, {"books.json": books}, some) == "list_incomplete"
    every = [read, ("write_file", {"path": "authors.txt", "content": "Ng\nIto\n"}, "")]
    assert _rule(tmp_path, task, {"books.json": books}, every) is None
