"""A small model's grammar never holds a free path, a name given to a new file without an
ending is its path, a rename by a new ending is offered, and a move made as a copy can
still be completed (``strategies.names``, ``offered.ungrounded``, ``offered.moves_left``).
Wordings of this file's own, none from a task set."""

from __future__ import annotations

import pytest

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.names import given_names, naming_word
from autonomo.config import Settings
from autonomo.tools.grounding import GROUNDED_KEY
from autonomo.tools.registry import CommandResult
from test_step_policy import _commands, _offer, _step

_PATHS = ("path", "source", "destination")


def _free_paths(schema: dict) -> list[str]:
    """The path parameters of the commands in ``schema`` that are not a closed list."""
    free = []
    for option in schema["properties"]["command"]["anyOf"]:
        args = option["properties"]["args"]
        for variant in args.get("anyOf", [args]):
            for key, prop in variant["properties"].items():
                if key in _PATHS and "enum" not in prop:
                    free.append(f"{option['properties']['name']['const']}.{key}")
    return free


@pytest.mark.parametrize("task", [
    "Say something cheerful",  # no file named at all
    "Jot down that the boiler was serviced today",
    "Make a note called shed_key saying: under the blue pot",
])
def test_no_command_of_a_small_model_takes_a_free_path(tmp_path, task):
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    words = Settings().agent.small_model_command_words
    from autonomo.agent.strategies.offered import unneeded
    schema = strategy.request(unneeded(task, words, str(tmp_path)), state).schema
    assert _free_paths(schema) == []
    assert GROUNDED_KEY not in str(schema)


def test_a_name_given_without_an_ending_is_the_file_to_write(tmp_path):
    offer = _offer(AgentState(tasks=["Make a note called shed_key saying: under the blue pot"],
                              workspace=str(tmp_path)))
    assert offer["write_file"]["path"] == ["shed_key"]  # (before: free, "/path/to/x.json")
    (tmp_path / "notes").mkdir()
    assert given_names("call the file 'TODO' please", (), ()) == ("TODO",)
    assert given_names("name it v2_final, then stop", (), ()) == ("v2_final",)
    # plain words, a folder of the workspace, a name with an ending: none given here
    assert given_names("a file named after the city", (), ()) == ()
    assert given_names("the folder called notes_2 gets it", (), ("notes_2",)) == ()
    assert given_names("call it plan.md", (), ()) == ()


def test_naming_words_are_read_by_their_forms_not_inside_other_words():
    assert all(naming_word(w) for w in ("renamed", "rename", "calls", "naming", "named"))
    assert not any(naming_word(w) for w in ("username", "filename", "recall", "calm"))


def test_a_new_ending_said_alone_with_a_rename_is_the_new_name(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "howto.rst").write_text("How to\n======\n")
    offer = _offer(AgentState(tasks=["we write markdown now: docs/howto.rst has to be .md, "
                                     "rename it where it is"], workspace=str(tmp_path)))
    assert offer["rename_file"] == {"source": ["docs/howto.rst"],
                                    "destination": ["docs/howto.md"]}


def _copied(tmp_path, task: str, source: str, copy: str) -> AgentState:
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    (tmp_path / copy).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / copy).write_bytes((tmp_path / source).read_bytes())
    _step(state, "copy_file", source=source, destination=copy)
    return state


def test_a_move_made_as_a_copy_is_completed_by_removing_the_original_only(tmp_path):
    (tmp_path / "inbox").mkdir()
    (tmp_path / "inbox" / "march.pdf").write_text("invoice 3\n")
    (tmp_path / "inbox" / "april.pdf").write_text("invoice 4\n")
    task = "Move inbox/march.pdf over to a new paid/ folder"
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = _copied(tmp_path, task, "inbox/march.pdf", "paid/march.pdf")
    offer = _offer(state, strategy)
    # (before: only reads, read again until the step limit)
    assert offer["delete_file"] == {"path": ["inbox/march.pdf"]}
    # the copy changed since: removing the original would lose its text
    (tmp_path / "paid" / "march.pdf").write_text("something else\n")
    assert "delete_file" not in _offer(state, strategy)


def test_a_copy_the_task_asked_for_never_opens_a_removal(tmp_path):
    (tmp_path / "budget.ods").write_text("cells\n")
    task = "Keep a spare of budget.ods in a new spares/ folder"
    state = _copied(tmp_path, task, "budget.ods", "spares/budget.ods")
    assert "delete_file" not in _offer(state)


def test_a_key_after_a_name_value_is_no_file_name():
    assert given_names("store name Rosa, shoe_size 38 in a profile", (), ()) == ()
    assert given_names("name it as room_4", (), ()) == ("room_4",)


def test_a_renamed_file_is_not_renamed_back_to_the_name_it_had(tmp_path):
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "about.htm").write_text("<p>hi</p>\n")
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = AgentState(tasks=["site/about.htm wants the longer .html ending - rename it"],
                       workspace=str(tmp_path))
    assert _offer(state, strategy)["rename_file"]["destination"] == ["site/about.html"]
    (tmp_path / "site" / "about.htm").rename(tmp_path / "site" / "about.html")
    _step(state, "rename_file", source="site/about.htm", destination="site/about.html")
    # (before: about.html back to about.htm, then again, to the step limit)
    assert "rename_file" not in _offer(state, strategy)


def test_a_program_that_printed_several_lines_offers_them_whole(tmp_path):
    (tmp_path / "weekdays.py").write_text("for d in ('Mon', 'Tue', 'Wed'):\n    print(d)\n")
    (tmp_path / "gauge.py").write_text("print('pressure: 2.1')\nprint('temp: 19')\n")
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = AgentState(tasks=["run weekdays.py; whatever it shows goes to days.txt"],
                       workspace=str(tmp_path))
    state.episodes.append(Episode(number=1, action=Action(
        name="execute_python_file", arguments={"path": "weekdays.py"}), result=CommandResult(
        status="success", output="Exit code 0.\nSTDOUT:\nMon\nTue\nWed\n")))
    # (before: "Mon", "Tue", "Wed" as well: written one by one, each over the last)
    assert _offer(state, strategy)["write_file"]["content"] == ["Mon\nTue\nWed"]
    state = AgentState(tasks=["run gauge.py and put the temp it reports in t.txt"],
                       workspace=str(tmp_path))
    state.episodes.append(Episode(number=1, action=Action(
        name="execute_python_file", arguments={"path": "gauge.py"}), result=CommandResult(
        status="success", output="Exit code 0.\nSTDOUT:\npressure: 2.1\ntemp: 19\n")))
    assert "19" in _offer(state, strategy)["write_file"]["content"]


def test_a_dotfile_to_make_in_an_empty_workspace_is_the_file_to_write(tmp_path):
    offer = _offer(AgentState(tasks=["start a .dockerignore that leaves out *.tmp files"],
                              workspace=str(tmp_path)))
    assert offer["write_file"]["path"] == [".dockerignore"]  # (before: a free path)


def test_a_program_run_with_every_argument_since_the_last_change_is_not_run_again(tmp_path):
    (tmp_path / "tax.py").write_text("import sys\nprint(float(sys.argv[1]) * 1.2)\n")
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = AgentState(tasks=["run tax.py with 50 and keep what it prints in tax.txt"],
                       workspace=str(tmp_path))
    assert "execute_python_file" in _offer(state, strategy)
    for args in (["50"], []):
        state.episodes.append(Episode(number=len(state.episodes) + 1, action=Action(
            name="execute_python_file", arguments={"path": "tax.py", "args": args}),
            result=CommandResult(status="error", output="Exit code 1.")))
    state.episodes.append(Episode(number=3, action=Action(
        name="read_file", arguments={"path": "tax.py"}), result=CommandResult(
        status="success", output="import sys")))
    # (before: the same two runs again, to the step limit)
    assert "execute_python_file" not in _offer(state, strategy)
    _step(state, "write_file", path="tax.py", content="print(60.0)\n")
    assert "execute_python_file" in _offer(state, strategy)  # changed: a run may differ


def test_an_identifier_in_a_task_naming_no_file_is_the_file_to_write(tmp_path):
    from autonomo.agent.strategies.names import loose_names
    offer = _offer(AgentState(tasks=["jot lunch at noon into memo_tue"], workspace=str(tmp_path)))
    assert offer["write_file"]["path"] == ["memo_tue"]
    assert loose_names("note v3 is out, *.bak ignored, see .envrc") == (".envrc",)
    # a file merely there is never written to nor added to: the task does not designate it
    (tmp_path / "plan.txt").write_text("x\n")
    offer = _offer(AgentState(tasks=["jot lunch at noon into memo_tue"], workspace=str(tmp_path)))
    assert offer["write_file"]["path"] == offer["append_to_file"]["path"] == ["memo_tue"]


def test_a_verb_the_task_denies_opens_nothing(tmp_path):
    from autonomo.agent.strategies.offered import said
    (tmp_path / "mugs").mkdir()
    (tmp_path / "mugs" / "blue.jpg").write_text("jpeg\n")
    offer = _offer(AgentState(tasks=["mugs/blue.jpg goes under mugs/sold/ - a move, do not "
                                     "duplicate it"], workspace=str(tmp_path)))
    assert "rename_file" in offer and "copy_file" not in offer
    assert "fix" in said("it costs 4.10, not 3.90 - fix it")  # (a number between: not denied)
    assert "delete" not in said("never delete cache.db; clean the rest")


def test_a_no_that_answers_ends_at_its_comma(tmp_path):
    """"No, erase it": the "no" answers something, the verb after its comma is asked."""
    from autonomo.agent.strategies.offered import said
    assert "erase" in said("No, erase stale.log instead of keeping it")
    assert "copy" in said("No, the copy of a.txt goes in b.txt")
    assert "erase" not in said("no erasing stale.log, just list it")  # (still denied)
    (tmp_path / "stale.log").write_text("old\n")
    offer = _offer(AgentState(tasks=["No, erase stale.log instead of keeping it"],
                              workspace=str(tmp_path)))
    assert "delete_file" in offer


def test_a_whole_file_copy_with_no_text_to_write_offers_no_writing(tmp_path):
    (tmp_path / "hosts").write_text("127.0.0.1 localhost\n")
    offer = _offer(AgentState(tasks=["clone hosts to hosts.orig just in case"],
                              workspace=str(tmp_path)))
    # (before: writing its lines to hosts.orig as well)
    assert set(offer) == {"copy_file"}


def test_after_a_named_program_failed_to_run_its_text_is_what_is_written_from(tmp_path):
    (tmp_path / "sync.py").write_text("import paramiko\nimport yaml\n\nprint('synced')\n")
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = AgentState(tasks=["which libraries does sync.py import? one per line in libs.txt"],
                       workspace=str(tmp_path))
    state.episodes.append(Episode(number=1, action=Action(
        name="execute_python_file", arguments={"path": "sync.py"}), result=CommandResult(
        status="error", output="ModuleNotFoundError: No module named 'paramiko'")))
    offer = _offer(state, strategy)
    # (before: writing waited for a run that worked, the run was not offered again: the
    # model read sync.py until the loop guard stopped it)
    assert "execute_python_file" not in offer and "write_file" in offer
