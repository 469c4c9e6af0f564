"""A quoted template filled in from a one-line file: not refused for the task's quotes
around it, and confirmed when it holds the whole value (a 135M model wrote the right
"Hi, <name>!" text, was refused, and overwrote it with worse ones). Wordings are this
file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from finish_fresh_cases import R, W
from test_finishing_precise import play

HOST = {"host.txt": "Tadeusz Wróbel\n"}
SIGN = "Read host.txt and put 'Thanks for hosting, <their name>!' into thanks.txt"


@pytest.mark.parametrize(("task", "files", "text"), [
    (SIGN, HOST, "Thanks for hosting, Tadeusz Wróbel!"),
    ("badge.txt should say \"Speaker: <the name>\", the name from host.txt", HOST,
     "Speaker: Tadeusz Wróbel"),
])
def test_a_filled_template_ends_finished(tmp_path: Path, task: str, files: dict[str, str],
                                         text: str) -> None:
    target = "thanks.txt" if "thanks" in task else "badge.txt"
    got, status = play(tmp_path, task, files, [R("host.txt"), W(target, text)])
    assert (got, status) == ("ran", "finished")


@pytest.mark.parametrize("text", ["Thanks for hosting, <their name>!", "Tadeusz Wróbel",
                                  "Thanks for hosting, Tadeusz!", "Thanks for hosting, Ada!"])
def test_a_wrong_fill_never_ends_finished(tmp_path: Path, text: str) -> None:
    _got, status = play(tmp_path, SIGN, HOST, [R("host.txt"), W("thanks.txt", text)])
    assert status != "finished", text


def test_a_part_of_the_name_is_not_confirmed(tmp_path: Path) -> None:
    """"<first name>" takes a part of the line: the whole line is not confirmed."""
    task = "Read host.txt and put 'Hi <first name>!' into hi.txt"
    _got, status = play(tmp_path, task, HOST, [R("host.txt"), W("hi.txt", "Hi Tadeusz Wróbel!")])
    assert status != "finished"
