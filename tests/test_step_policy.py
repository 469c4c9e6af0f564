"""The step policy of a small model resolves the task's names against the workspace, and
its grammar cannot destroy a file the task does not designate (``strategies.grounding``,
``strategies.offered.ungrounded``). Wordings of this file's own, none from a task set."""

from __future__ import annotations

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.grounding import (
    Situation,
    may_print,
    named_folders,
    resolve,
    situation,
)
from autonomo.agent.strategies.names import related_names
from autonomo.agent.strategies.offered import ungrounded, unneeded
from autonomo.agent.strategies.repair import unwritten
from autonomo.config import Settings
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.registry import CommandRegistry, CommandResult

_SMALL = ("write_file", "read_file", "append_to_file", "delete_file", "copy_file",
          "rename_file", "execute_python_file", "list_folder", "replace_text", "finish")


def _commands() -> CommandRegistry:
    commands = CommandRegistry()
    for name in _SMALL:
        commands.register(builtin_registry().get(name))
    return commands


def _offer(state: AgentState, strategy=None) -> dict[str, dict]:
    """Command -> {parameter: its allowed values (None: free)} offered to a small model at
    this step, as the proposer asks for it (``strategy``: the run's, whose first look at the
    workspace is kept)."""
    strategy = strategy or create_strategy("one_shot", _commands(), compact=True)
    words = Settings().agent.small_model_command_words
    request = strategy.request(unneeded(state.task, words, str(state.workspace)), state)
    return {o["properties"]["name"]["const"]: {
        key: prop.get("enum") for key, prop in o["properties"]["args"]["properties"].items()}
        for o in request.schema["properties"]["command"]["anyOf"]}


def _step(state: AgentState, name: str, **arguments) -> None:
    state.episodes.append(Episode(
        number=len(state.episodes) + 1, action=Action(name=name, arguments=arguments),
        result=CommandResult(status="success", output="done")))


def test_a_file_named_apart_from_its_folder_is_the_one_in_that_folder(tmp_path):
    music = tmp_path / "music"
    music.mkdir()
    for name in ("desktop.ini", "track_01.flac", "track_02.flac"):
        (music / name).write_text("x\n")
    state = AgentState(tasks=["music/ still has a desktop.ini in it; delete that please"],
                       workspace=str(tmp_path))

    strategy = create_strategy("one_shot", _commands(), compact=True)
    offered = _offer(state, strategy)
    # (before: the folder's files were the task's, and a track could be deleted)
    assert offered["delete_file"]["path"] == ["music/desktop.ini"]
    (music / "desktop.ini").unlink()
    _step(state, "delete_file", path="music/desktop.ini")
    # once it is gone, its name is still not the other files' (before: they were next)
    assert "delete_file" not in _offer(state, strategy) or _offer(state, strategy)[
        "delete_file"]["path"] == ["music/desktop.ini"]


def test_a_name_is_resolved_only_inside_a_folder_the_task_names():
    files = ("a/notes.txt", "b/notes.txt", "docs/todo.md")
    assert resolve(("todo.md",), files, ("docs",)) == {"todo.md": "docs/todo.md"}
    assert resolve(("notes.txt",), files, ("a", "b")) == {}  # two of them: not one
    assert resolve(("todo.md",), files, ()) == {}  # no folder named: a new top-level file
    assert named_folders("copy it to drafts/ and to the Archive folder",
                         ["archive", "misc"]) == ("archive", "drafts")


def test_a_name_with_an_existing_twin_offers_the_rename_not_a_new_file(tmp_path):
    (tmp_path / "setup.cfg.txt").write_text("[metadata]\nname = demo\n")
    state = AgentState(tasks=["setup.cfg.txt has the wrong name, it is setup.cfg"],
                       workspace=str(tmp_path))

    assert related_names("setup.cfg.txt", "setup.cfg")
    offered = _offer(state)
    assert offered == {"rename_file": {"source": ["setup.cfg.txt"],
                                       "destination": ["setup.cfg"]}}


def test_a_folder_given_with_a_slash_is_where_the_copy_goes(tmp_path):
    (tmp_path / "ledger.csv").write_text("day,amount\nmon,3\n")
    state = AgentState(tasks=["keep a copy of ledger.csv in archive_2026/ as well"],
                       workspace=str(tmp_path))

    offered = _offer(state)
    # (before: the folder was no place and the source the only file to write to)
    assert offered["copy_file"] == {"source": ["ledger.csv"],
                                    "destination": ["archive_2026/ledger.csv"]}
    assert not {"write_file", "append_to_file"} & set(offered)


def test_a_copy_or_a_move_never_lands_on_a_file_that_is_there(tmp_path):
    (tmp_path / "hosts.txt").write_text("a\n")
    state = AgentState(tasks=["hosts.txt -> hosts.txt.orig, copy it, don't move it"],
                       workspace=str(tmp_path))
    strategy = create_strategy("one_shot", _commands(), compact=True)
    before = _offer(state, strategy)
    assert before["copy_file"]["destination"] == ["hosts.txt.orig"]

    (tmp_path / "hosts.txt.orig").write_text("a\n")
    _step(state, "copy_file", source="hosts.txt", destination="hosts.txt.orig")
    # the move of the original over its copy cannot be produced: it would lose hosts.txt
    assert "rename_file" not in _offer(state, strategy)
    # and with nothing else left (finish refused, the copy just made), a look stays: a
    # grammar of no command cannot be built
    request = strategy.request(frozenset(_SMALL) - {"rename_file"}, state)
    assert {o["properties"]["name"]["const"]
            for o in request.schema["properties"]["command"]["anyOf"]} <= {"read_file",
                                                                             "list_folder"}
    assert request.schema["properties"]["command"]["anyOf"]


def test_a_file_the_task_keeps_is_never_offered_for_removal(tmp_path):
    (tmp_path / "plan.txt").write_text("a\n")
    where = situation(tmp_path, "Remove clutter here, but keep plan.txt")
    assert where.values("removed_file") == []
    # (before: every file of the workspace once all the named ones were kept)
    assert {"delete_file", "rename_file"} <= ungrounded(_commands(), where)
    # nor written over or added to: a file it keeps is designated for no change
    assert {"write_file", "append_to_file"} <= ungrounded(_commands(), where)


def test_with_a_related_new_name_a_file_the_task_describes_may_still_be_renamed(tmp_path):
    (tmp_path / "draft_07.csv").write_text("q,a\n1,yes\n")
    state = AgentState(tasks=["draft_07.csv holds the survey answers; give it the name "
                              "survey.csv"], workspace=str(tmp_path))

    offered = _offer(state)
    assert offered["rename_file"] == {"source": ["draft_07.csv"],
                                      "destination": ["survey.csv"]}


def test_closed_kinds_with_no_value_leave_the_command_out():
    where = Situation(files=("a.txt",), named=("a.txt",), existed=("a.txt",))
    # the only destination would be a file that is there
    assert {"copy_file", "rename_file"} <= ungrounded(_commands(), where)
    assert "delete_file" not in ungrounded(_commands(), where)


def test_after_a_refused_finish_the_next_try_is_new_not_a_look_or_text_already_made(tmp_path):
    # (bus 9 at two stops: two candidates; the 9 the question states is none, it says which)
    (tmp_path / "buses.txt").write_text("Bus 14 leaves at 07:40 from stop B\n"
                                        "Bus 9 leaves at 08:05 from stop D\n"
                                        "Bus 9 leaves at 18:10 from stop E\n")
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = AgentState(tasks=["Which stop does bus 9 leave from (buses.txt)? Put the stop "
                              "in stop.txt"], workspace=str(tmp_path))
    first = _offer(state, strategy)["write_file"]["content"]
    assert len(first) > 1
    (tmp_path / "stop.txt").write_text(first[0])
    _step(state, "write_file", path="stop.txt", content=first[0])
    _step(state, "list_folder", path=".")

    offered = _offer(state, strategy)
    # (before: the listing again, and the same text again: the run ended "kept repeating")
    assert "list_folder" not in offered
    assert offered["write_file"]["content"] == first[1:]
    _step(state, "read_file", path="stop.txt")
    _step(state, "read_file", path="buses.txt")
    assert "read_file" not in _offer(state, strategy)


def test_a_file_the_task_neither_names_nor_describes_is_never_changed(tmp_path):
    (tmp_path / "groceries.txt").write_text("eggs\nflour\n")
    state = AgentState(tasks=["We ran out of oat milk, put that on the shopping list"],
                       workspace=str(tmp_path))

    # (before: added to, as the one file there; no word of its name is the task's)
    offered = _offer(state)
    assert "append_to_file" not in offered and "write_file" not in offered
    # described by the words of its name, it is the file added to
    (tmp_path / "shopping_list.txt").write_text("eggs\n")
    offered = _offer(state)
    assert offered["append_to_file"]["path"] == ["shopping_list.txt"]


def test_once_lines_were_added_the_next_try_does_not_stack_more(tmp_path):
    (tmp_path / "buses.txt").write_text("Bus 14 leaves at 07:40 from stop B\n"
                                        "Bus 9 leaves at 08:05 from stop D\n")
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = AgentState(tasks=["when does bus 9 leave (buses.txt)? note it in leave.txt"],
                       workspace=str(tmp_path))
    first = _offer(state, strategy)["append_to_file"]["content"]
    (tmp_path / "leave.txt").write_text(first[0])
    _step(state, "append_to_file", path="leave.txt", content=first[0])

    offered = _offer(state, strategy)
    # a new file: written whole with another text, not a second line under the first (the
    # bus's time written, the one value the file gives, only the finish is left)
    assert "append_to_file" not in offered
    assert offered.get("write_file", {"path": ["leave.txt"]})["path"] == ["leave.txt"]
    assert "write_file" in offered or set(offered) == {"finish"}


def test_a_program_whose_code_prints_nothing_is_read_not_run_first(tmp_path):
    (tmp_path / "shapes_test.py").write_text(
        "def test_circle():\n    assert 1\n\n\ndef test_square():\n    assert 2\n")
    (tmp_path / "hello.py").write_text("import sys\nprint('hi', sys.argv[1:])\n")
    assert not may_print((tmp_path / "shapes_test.py").read_text())
    assert may_print((tmp_path / "hello.py").read_text())
    assert may_print("def broken(:\n")  # unknown: may do anything

    counted = _offer(AgentState(tasks=["how many tests are in shapes_test.py? the number "
                                       "goes to n_tests.txt"], workspace=str(tmp_path)))
    # (before: only the run was offered, and what it printed was written)
    assert "execute_python_file" not in counted
    assert {"write_file", "append_to_file"} <= set(counted)
    shown = _offer(AgentState(tasks=["what does hello.py show? keep it in shown.txt"],
                              workspace=str(tmp_path)))
    assert "execute_python_file" in shown  # and run before anything is written
    assert not {"write_file", "append_to_file"} & set(shown)


def test_a_data_file_that_was_there_is_not_written_over_with_free_text(tmp_path):
    (tmp_path / "stock.csv").write_text("item,count\napples,4\npears,2\nplums,9\n")
    state = AgentState(tasks=["stock.csv is out of date: we sold both pears"],
                       workspace=str(tmp_path))

    offered = _offer(state)
    # (before: any text up to 300 characters in place of the file's four rows)
    assert "write_file" not in offered


def test_a_hostile_or_huge_program_is_taken_as_one_that_may_print():
    assert may_print("1" + "+1" * 31_000)  # (the parser's recursion is exhausted)
    assert may_print("-" * 63_000 + "1")
    assert may_print("x = 1\n" * 20_000)  # too big to parse every step
    assert not may_print("x = 1\n")


def test_once_every_text_was_tried_none_is_written_back_and_reads_are_new_ones(tmp_path):
    (tmp_path / "buses.txt").write_text("Bus 14 leaves at 07:40 from stop B\n"
                                        "Bus 9 leaves at 08:05 from stop D\n")
    (tmp_path / "fares.txt").write_text("single 2.40\nday 6.10\n" + "x\n" * 400)
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = AgentState(tasks=["when does bus 9 leave (buses.txt)? note it in leave.txt"],
                       workspace=str(tmp_path))
    first = _offer(state, strategy)
    _step(state, "read_file", path="buses.txt")
    # a file read (and not changed since) is not offered again while another is
    where = unwritten(situation(tmp_path, state.task), state)
    assert where.values("existing_file") == ["fares.txt"]
    for text in first["write_file"]["content"]:
        (tmp_path / "leave.txt").write_text(text)
        _step(state, "write_file", path="leave.txt", content=text)

    # a finish refused (the proposer then leaves it out): every text was tried, none is
    # written back (before: the first, wrong, one over the last)
    words = Settings().agent.small_model_command_words
    exclude = unneeded(state.task, words, str(tmp_path)) | {"finish"}
    request = strategy.request(exclude, state)
    left = {o["properties"]["name"]["const"]
            for o in request.schema["properties"]["command"]["anyOf"]}
    assert left and not {"write_file", "append_to_file"} & left
