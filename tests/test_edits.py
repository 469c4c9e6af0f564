"""replace_text: the command (confined, descriptor-based) and its grounding on a small model
(which piece of a named file is replaced, and by what)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.edits import edits, shape
from autonomo.agent.strategies.grounding import mentioned_files
from autonomo.agent.strategies.offered import says, unneeded
from autonomo.config import Settings
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.registry import CommandRegistry, CommandResult
from tool_helpers import make_ctx, run, swap_for_symlink


@pytest.fixture
def ctx(tmp_path: Path):
    return make_ctx(tmp_path)


def test_replace_text_replaces_every_occurrence_and_keeps_the_rest(ctx) -> None:
    (ctx.workspace / "s.txt").write_text("Mon gym\nWed choir\nMon piano\n")
    res = run(ctx, "replace_text", path="s.txt", old="Mon", new="Fri")
    assert res.status == "success" and "2 times" in res.output
    assert (ctx.workspace / "s.txt").read_text() == "Fri gym\nWed choir\nFri piano\n"
    assert res.data["replaced"] == "Mon gym\nWed choir\nMon piano\n"


def test_replace_text_names_what_is_missing_and_changes_nothing(ctx) -> None:
    (ctx.workspace / "s.txt").write_text("alpha\n")
    res = run(ctx, "replace_text", path="s.txt", old="beta", new="gamma")
    assert res.status == "error" and "does not contain 'beta'" in res.output
    assert (ctx.workspace / "s.txt").read_text() == "alpha\n"
    assert run(ctx, "replace_text", path="nope.txt", old="a", new="b").status == "error"
    assert run(ctx, "replace_text", path="s.txt", old="", new="b").status == "error"
    (ctx.workspace / "bin.dat").write_bytes(b"\xff\xfe\x00abc")
    res = run(ctx, "replace_text", path="bin.dat", old="abc", new="x")
    assert res.status == "error" and "UTF-8" in res.output


def test_replace_text_never_follows_a_symlink_out_of_the_workspace(ctx, tmp_path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("host secret")
    (ctx.workspace / "link.txt").symlink_to(outside)
    res = run(ctx, "replace_text", path="link.txt", old="secret", new="pwned")
    assert res.status == "error"
    assert outside.read_text() == "host secret"


def test_a_folder_swapped_for_a_symlink_after_the_check_is_refused(
        ctx, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The race made deterministic: 'd' is a real folder when the path is checked, then a
    link to a host folder before the file is opened."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("host secret")
    (ctx.workspace / "d").mkdir()
    (ctx.workspace / "d" / "secret.txt").write_text("mine secret")
    moved = swap_for_symlink(monkeypatch, ctx.workspace, "d", outside)
    res = run(ctx, "replace_text", path="d/secret.txt", old="secret", new="pwned")
    assert moved.exists()  # the swap happened
    assert res.status == "error" and "symbolic link" in res.output
    assert (outside / "secret.txt").read_text() == "host secret"
    assert (moved / "secret.txt").read_text() == "mine secret"


def test_a_file_swapped_for_a_symlink_after_the_check_is_refused(
        ctx, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host = tmp_path / "host.txt"
    host.write_text("host secret")
    (ctx.workspace / "f.txt").write_text("mine secret")
    moved = swap_for_symlink(monkeypatch, ctx.workspace, "f.txt", host)
    res = run(ctx, "replace_text", path="f.txt", old="secret", new="pwned")
    assert moved.exists() and os.path.islink(ctx.workspace / "f.txt")
    assert res.status == "error" and "symbolic link" in res.output
    assert host.read_text() == "host secret"


@pytest.mark.parametrize(("text", "task", "pair"), [
    ("Monday 9:00 gym\nWednesday choir\n", "Replace every Monday in s.txt with Tuesday",
     ("Monday", "Tuesday")),
    ("fruit,price\napples,1.20\npears,1.90\n", "Change the price of pears in p.csv to 2.40",
     ("1.90", "2.40")),
    ("You will recieve a badge.\n", "Fix the typo in w.txt: recieve should be receive",
     ("recieve", "receive")),
    ("[server]\nworkers = 2\nport = 8020\n", "Bump workers in app.ini from 2 to 8",
     ("workers = 2", "workers = 8")),  # "2" is also inside 8020: the line is replaced
    ('{"debug": false}\n', "In c.json, change debug to true", ("false", "true")),
    ("teh end of teh day\n", "The word teh in e.txt is misspelled; correct it to the.",
     ("teh", "the")),  # a correction may be a short word: it is spelled like the piece
    ("[meta]\nversion = 1.4.0\n", "Update the version in setup.cfg to 2.0.1",
     ("1.4.0", "2.0.1")),  # a version is a value, not a word
])
def test_the_piece_and_its_replacement_come_from_the_file_and_the_task(text, task, pair):
    found = edits(text, task, mentioned_files(task))
    # the first edit offered leaves what the expected pair leaves (a keyed file's edit
    # replaces the value's whole line: "version = 1.4.0", not "1.4.0")
    assert found and text.replace(found[0][0], found[0][1][0]) == text.replace(*pair)


def test_no_edit_is_offered_for_a_task_that_adds_or_reads():
    # a piece and a replacement may be found, but the task says no word of an edit
    needed = Settings().agent.small_model_command_words
    assert "replace_text" in unneeded("Append the line buy eggs to todo.txt", needed)
    assert "replace_text" not in unneeded("Replace milk with eggs in todo.txt", needed)
    assert edits("city: Lisbon\n", "Find the city in p.txt and write it to c.txt",
                 ["p.txt", "c.txt"]) == ()
    assert shape("2.5") == "number" and shape("false") == "boolean" and shape("Mon") == "word"


def _args(request, command: str) -> dict:
    options = request.schema["properties"]["command"]["anyOf"]
    return next(o for o in options
                if o["properties"]["name"]["const"] == command)["properties"]["args"]


def _offered(request) -> set[str]:
    return {o["properties"]["name"]["const"]
            for o in request.schema["properties"]["command"]["anyOf"]}


def test_a_small_model_edits_only_a_piece_of_the_file_with_the_task_s_replacement(tmp_path):
    (tmp_path / "s.txt").write_text("Monday gym\n")
    commands = builtin_registry().select(include=("write_file", "replace_text", "finish"))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=["Replace every Monday in s.txt with Tuesday"],
                       workspace=str(tmp_path))
    request = strategy.request(state=state)
    # an edit first: nothing written, no finish, until a piece has been replaced
    assert _offered(request) == {"replace_text"}
    assert _args(request, "replace_text")["properties"] == {
        "path": {"enum": ["s.txt"]}, "old": {"enum": ["Monday"]}, "new": {"enum": ["Tuesday"]}}
    (tmp_path / "s.txt").write_text("Tuesday gym\n")
    state.episodes.append(Episode(
        number=1, action=Action(name="replace_text", arguments={
            "path": "s.txt", "old": "Monday", "new": "Tuesday"}),
        result=CommandResult.ok("Replaced")))
    # done: never undone ("Tuesday" back to "Monday"), nothing more written
    assert _offered(strategy.request(state=state)) == {"finish"}


def test_a_large_model_gets_plain_strings():
    commands = builtin_registry().select(include=("replace_text",))
    strategy = create_strategy("one_shot", commands, compact=False)
    args = _args(strategy.request(), "replace_text")["properties"]
    assert all(args[k]["type"] == "string" and "enum" not in args[k]
               for k in ("path", "old", "new"))


def test_a_command_is_offered_for_any_form_of_its_words(tmp_path):
    assert says({"copied"}, "copy") and says({"running"}, "run") and says({"moved"}, "move")
    assert not says({"copyright"}, "copy") and not says({"settings"}, "set")
    needed = {"copy_file": ["copy"], "execute_python_file": ["run"]}
    assert unneeded("I'd like a.sh copied to b.sh", needed) == {"execute_python_file"}
    # a program the task names that the workspace holds may be run whatever the task says
    (tmp_path / "tip.py").write_text("print(3)\n")
    assert unneeded("What does tip.py print?", needed, str(tmp_path)) == {"copy_file"}
    assert "execute_python_file" in unneeded("Write add.py", needed, str(tmp_path))


def test_only_a_python_program_is_offered_to_run(tmp_path):
    (tmp_path / "story.txt").write_text("once\n")
    (tmp_path / "stats.py").write_text("print(1)\n")
    commands = CommandRegistry()  # both, whether or not a sandbox can run code here
    for name in ("write_file", "execute_python_file"):
        commands.register(builtin_registry().get(name))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=["Run stats.py (it reads story.txt) and save its output in o.txt"],
                       workspace=str(tmp_path))
    request = strategy.request(state=state)
    assert _offered(request) == {"execute_python_file"}  # run before anything is written
    assert _args(request, "execute_python_file")["properties"]["path"]["enum"] == ["stats.py"]
    (tmp_path / "stats.py").unlink()
    assert "execute_python_file" not in _offered(strategy.request(state=AgentState(
        tasks=["Write hi to o.txt"], workspace=str(tmp_path))))


def test_a_named_input_shown_cut_is_read_before_anything_is_written(tmp_path):
    (tmp_path / "long.txt").write_text("word " * 400)
    commands = builtin_registry().select(include=("read_file", "write_file", "finish"))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=["Write the last word of long.txt to w.txt"],
                       workspace=str(tmp_path))
    assert "write_file" not in _offered(strategy.request(state=state))
    state.episodes.append(Episode(number=1, action=Action(
        name="read_file", arguments={"path": "long.txt"}), result=CommandResult.ok("word")))
    assert "write_file" in _offered(strategy.request(state=state))


def test_a_line_in_the_shape_of_a_file_s_lines_is_added_not_written_over_it(tmp_path):
    (tmp_path / "log.txt").write_text("day 1: 20 pages\nday 2: 12 pages\n")
    commands = builtin_registry().select(
        include=("write_file", "append_to_file", "replace_text", "finish"))
    strategy = create_strategy("one_shot", commands, compact=True)
    needed = Settings().agent.small_model_command_words
    task = "log.txt: one more entry at the end, day 3: 41 pages"
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    offered = _offered(strategy.request(unneeded(task, needed), state))
    assert "append_to_file" in offered and "write_file" not in offered
    assert _args(strategy.request(unneeded(task, needed), state), "append_to_file")[
        "properties"]["content"]["enum"][0] == "day 3: 41 pages"
    # a new file to write: writing it stays
    task = "Write the last line of log.txt to last.txt"
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    assert "write_file" in _offered(strategy.request(unneeded(task, needed), state))


def test_a_program_may_be_given_a_value_the_task_states_as_its_argument(tmp_path):
    (tmp_path / "conv.py").write_text("import sys\nprint(int(sys.argv[1]) * 2)\n")
    commands = CommandRegistry()
    commands.register(builtin_registry().get("execute_python_file"))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=["Call conv.py with 21 as its argument; save it in o.txt"],
                       workspace=str(tmp_path))
    args = _args(strategy.request(state=state), "execute_python_file")
    assert args["required"] == ["path", "args"]
    # every value the task states, in the task's order (never none: the task says it gives
    # the program an argument, ``programs.arguments_as``)
    assert args["properties"]["args"]["anyOf"] == [{"const": ["21"]}]
    state = AgentState(tasks=["Call conv.py with 21; save it in o.txt"], workspace=str(tmp_path))
    assert _args(strategy.request(state=state), "execute_python_file")["properties"]["args"][
        "anyOf"] == [{"const": ["21"]}, {"const": []}]
    # no value stated: no arguments asked for (a small model fills them with noise)
    state = AgentState(tasks=["Run conv.py and save its output in o.txt"],
                       workspace=str(tmp_path))
    assert "args" not in _args(strategy.request(state=state), "execute_python_file")[
        "properties"]


@pytest.mark.parametrize(("task", "files", "offered"), [
    # no line in the file's shape to add: writing the file stays (i10x's fresh wordings;
    # "overwrite" asks for the whole text: nothing appended, i11w)
    ("Overwrite notes.txt with the word done", {"notes.txt": "old\nstuff\n"},
     {"write_file"}),
    ("Sort the lines of names.txt alphabetically", {"names.txt": "b\na\n"},
     {"write_file", "append_to_file"}),
    # a part of a file, or a text, is not a whole file to copy
    ("Copy Maria's email from contacts.csv into maria.txt",
     {"contacts.csv": "name,email\nMaria,m@x.org\n"},
     {"write_file", "append_to_file", "copy_file"}),
    ("Make a copy of data.csv called data_old.csv", {"data.csv": "a,b\n1,2\n"},
     {"copy_file"}),
])
def test_writing_stays_unless_a_whole_copy_or_a_shaped_line_is_asked_for(
        tmp_path, task, files, offered):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    commands = builtin_registry().select(
        include=("write_file", "append_to_file", "copy_file", "replace_text"))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    needed = Settings().agent.small_model_command_words
    assert _offered(strategy.request(unneeded(task, needed), state)) == offered


def test_a_file_written_whole_is_not_appended_to(tmp_path):
    commands = builtin_registry().select(include=("write_file", "append_to_file", "finish"))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=["Write the number 4 to n.txt"], workspace=str(tmp_path))
    assert "append_to_file" in _offered(strategy.request(state=state))
    (tmp_path / "n.txt").write_text("4")
    state.episodes.append(Episode(number=1, action=Action(
        name="write_file", arguments={"path": "n.txt", "content": "4"}),
        result=CommandResult.ok("Wrote 1 characters to n.txt.")))
    assert "append_to_file" not in _offered(strategy.request(state=state))
