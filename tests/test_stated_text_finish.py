"""Right work on a stated text ends FINISHED, wrong work never does (i11w): each plan played
through the real ``Runner`` (``test_finish_fresh.play``). The wordings are new."""

from __future__ import annotations

import pytest

from test_finish_fresh import play

W, A = "write_file", "append_to_file"
TALLY = {"tally.txt": "Mon: 3 km\nWed: 5 km\n"}

#: (task, start files, plan, right?)
CASES = [
    ("note in boat.txt the text: keel checked, 2 bolts loose", {}, (W, "boat.txt",
     "keel checked, 2 bolts loose"), True),
    ("note in boat.txt the text: keel checked, 2 bolts loose", {}, (W, "boat.txt", "2"), False),
    ("Replace everything in tally.txt with this single line: Week off, no runs", TALLY,
     (W, "tally.txt", "Week off, no runs"), True),
    ("Replace everything in tally.txt with this single line: Week off, no runs", TALLY,
     (A, "tally.txt", "Week off, no runs"), False),
    ("tack 'Fri: 4 km' onto the end of tally.txt", TALLY, (A, "tally.txt", "Fri: 4 km"), True),
    ("tack 'Fri: 4 km' onto the end of tally.txt", TALLY, (W, "tally.txt", "Fri: 4 km"), False),
    ("could you put 'Fri: 4 km' on a new line after the last line of tally.txt?", TALLY,
     (A, "tally.txt", "Fri: 4 km"), True),
    ("could you put 'Fri: 4 km' on a new line after the last line of tally.txt?", TALLY,
     (A, "tally.txt", "4 km"), False),
    ("tally.txt needs Sun: rest added at the bottom", TALLY, (A, "tally.txt", "Sun: rest"), True),
    ("tally.txt needs Sun: rest added at the bottom", TALLY, (A, "tally.txt", "added"), False),
    ("create gate.txt containing just the padlock code 7-7-19", {}, (W, "gate.txt", "7-7-19"),
     True),
    ("create gate.txt containing just the padlock code 7-7-19", {},
     (W, "gate.txt", "just the padlock code 7-7-19"), False),
    # a text asked as lines is not one line
    ("Put the brew amounts in brew.txt, one per line: honey 40 g, green tea 5 g", {},
     (W, "brew.txt", "honey 40 g, green tea 5 g"), False),
]


@pytest.mark.parametrize(("task", "files", "step", "right"), CASES)
def test_a_stated_text_written_ends_finished_only_when_right(tmp_path, task, files, step, right):
    name, path, content = step
    _ws, finished, reply = play(tmp_path, task, files, [(name, {"path": path,
                                                                  "content": content})])
    assert finished is right, reply
