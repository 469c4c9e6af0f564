"""The verifier of a flipped mark: a checklist item ticked or unticked, a line commented
out or back in, as the task asks, nothing else changed; and a program's whole output kept
as the task's own command line prints it."""

from __future__ import annotations

import pytest

from autonomo.agent.verifying import Run, verify
from autonomo.agent.verifying_snapshot import take

_LIST = "# Trip\n- [x] book ferry\n- [ ] renew passport\n- [ ] buy adapter plug\n"
_CONF = "# server settings\nport = 8080\n# log_level = debug\nworkers = 4\n"


def _judge(tmp_path, task, name, before, after) -> bool:
    (tmp_path / name).write_text(before)
    (tmp_path / "other.md").write_text(before)
    start = take(tmp_path)
    (tmp_path / name).write_text(after)
    return verify(task, start, take(tmp_path)).verified


@pytest.mark.parametrize(("task", "old", "new", "ok"), [
    ("in trip.md tick off 'renew passport'", "[ ] renew", "[x] renew", True),
    ("Mark renew passport as done in trip.md", "[ ] renew", "[x] renew", True),
    ("trip.md: untick book ferry, it is not done yet", "[x] book", "[ ] book", True),
    ("check off 'buy adapter plug' in trip.md", "[ ] buy", "[x] buy", True),
    ("the passport item of trip.md: tick it", "[ ] renew", "[x] renew", False),  # (no item)
    ("in trip.md tick off 'renew passport'", "[ ] buy", "[x] buy", False),  # (another item)
    ("trip.md: untick book ferry", "[ ] renew", "[x] renew", False),
    ("in trip.md tick off 'book ferry'", "[x] book", "[ ] book", False),  # (the other way)
])
def test_a_box_flipped_as_the_task_asks(tmp_path, task, old, new, ok):
    assert _judge(tmp_path, task, "trip.md", _LIST, _LIST.replace(old, new)) is ok


@pytest.mark.parametrize(("task", "old", "new", "ok"), [
    ("uncomment log_level in app.conf", "# log_level", "log_level", True),
    ("app.conf: enable log_level again by removing the #", "# log_level", "log_level", True),
    ("comment out the workers line in app.conf", "workers = 4", "# workers = 4", True),
    ("comment out the workers line in app.conf", "port = 8080", "# port = 8080", False),
    ("uncomment log_level in app.conf", "# server settings", "server settings", False),
    ("comment out log_level in app.conf", "# log_level", "log_level", False),
])
def test_a_line_commented_as_the_task_asks(tmp_path, task, old, new, ok):
    assert _judge(tmp_path, task, "app.conf", _CONF, _CONF.replace(old, new)) is ok


def test_a_whole_output_is_verified_with_the_command_lines_arguments(tmp_path):
    (tmp_path / "grade.py").write_text("import sys\nprint('graded', sys.argv[1:])\n")
    (tmp_path / "scores.csv").write_text("a,1\n")
    start = take(tmp_path)
    printed = "graded ['scores.csv', '-v']"
    (tmp_path / "g.txt").write_text(printed + "\n")
    task = "Who passed? `python3 grade.py scores.csv -v` tells you: keep its output in g.txt"
    runs = [Run("grade.py", ("scores.csv", "-v"), printed)]
    assert verify(task, start, take(tmp_path), runs).verified
    # (run bare, it prints something else: not what the task's command line prints)
    assert not verify(task, start, take(tmp_path), [Run("grade.py", (), "graded []")]).verified


_NOTE = "Plant the tomatos early.\nbuy oat milk\n"


@pytest.mark.parametrize(("task", "old", "new", "ok"), [
    ("note.txt: \u201ctomatos\u201d should read \u201ctomatoes\u201d", "tomatos", "tomatoes", True),
    ("in note.txt, tomatos should say tomatoes", "tomatos", "tomatoes", True),
    ("note.txt: swap the oat milk line for soy milk", "oat milk", "soy milk", True),
    ("swap oat milk with rice milk in note.txt", "oat milk", "rice milk", True),
    ("in note.txt, tomatos should say tomatoes", "tomatos", "tomato", False),
    ("note.txt: swap the oat milk line for soy milk", "oat milk", "soy", False),
])
def test_a_stated_pair_said_another_way(tmp_path, task, old, new, ok):
    assert _judge(tmp_path, task, "note.txt", _NOTE, _NOTE.replace(old, new)) is ok


@pytest.mark.parametrize("task", [
    "run tide.py and capture everything it prints in t.txt",
    "execute tide.py; put the whole of what it prints in t.txt",
    "What are the tides today? Run tide.py and save its output to t.txt",
])
def test_all_a_program_prints_kept(tmp_path, task):
    (tmp_path / "tide.py").write_text("print('high 06:10')\nprint('low 12:25')\n")
    start = take(tmp_path)
    (tmp_path / "t.txt").write_text("high 06:10\nlow 12:25\n")
    runs = [Run("tide.py", (), "high 06:10\nlow 12:25")]
    assert verify(task, start, take(tmp_path), runs).verified
    (tmp_path / "t.txt").write_text("high 06:10\n")
    assert not verify(task, start, take(tmp_path), runs).verified


_W = '{\n  "title": "Sales",\n  "colour": "teal",\n  "size": 3\n}\n'
_Y = "title: Sales\ncolour: teal\nsize: 3\n"


@pytest.mark.parametrize(("task", "name", "before", "after", "ok"), [
    ("In w.json rename the key colour to color", "w.json", _W, _W.replace('"colour"', '"color"'),
     True),
    ('w.json: the key "colour" should be spelled "color"', "w.json", _W,
     _W.replace('"colour"', '"color"'), True),
    ("rename colour to color in w.yaml", "w.yaml", _Y, _Y.replace("colour:", "color:"), True),
    ("the colour field of w.yaml should be called color", "w.yaml", _Y,
     _Y.replace("colour:", "color:"), True),
    ("In w.json rename the key colour to color", "w.json", _W,
     _W.replace('"colour": "teal"', '"color": "navy"'), False),  # (the value changed too)
    ("In w.json rename the key colour to color", "w.json", _W, _W.replace('"size"', '"color"'),
     False),  # (another key)
    ("rename colour to color in w.yaml", "w.yaml", _Y, _Y.replace("colour: teal", "colour: color"),
     False),
])
def test_a_key_renamed_as_the_task_asks(tmp_path, task, name, before, after, ok):
    assert _judge(tmp_path, task, name, before, after) is ok


def test_a_file_renamed_is_no_key_renamed(tmp_path):
    text = '{"config": 1}\n'
    assert not _judge(tmp_path, "rename config.json to settings.json", "config.json", text,
                      '{"settings": 1}\n')
