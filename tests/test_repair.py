"""The step policy of a small model around a finish the record does not allow yet: the next
step acts on the files the objection names (``strategies.repair``); programs get all the
values the task states; a program the task moves is not run."""

from __future__ import annotations

import jsonschema

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.offered import objection_now, unneeded
from autonomo.config import Settings
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.registry import CommandRegistry, CommandResult

_SMALL = ("write_file", "read_file", "append_to_file", "delete_file", "copy_file",
          "rename_file", "execute_python_file", "list_folder", "replace_text", "finish")


def _strategy():
    commands = CommandRegistry()  # every command, whether or not a sandbox can run code here
    for name in _SMALL:
        commands.register(builtin_registry().get(name))
    return create_strategy("one_shot", commands, compact=True)


def _step(state: AgentState, name: str, output: str = "done", status: str = "success",
          **arguments) -> None:
    state.episodes.append(Episode(
        number=len(state.episodes) + 1, action=Action(name=name, arguments=arguments),
        result=CommandResult(status=status, output=output)))


def _offer(strategy, state: AgentState) -> dict[str, dict]:
    """Command -> its arguments' schema, as a small model is offered them this step (the
    commands the task's words do not call for left out, as the proposer does)."""
    words = Settings().agent.small_model_command_words
    request = strategy.request(unneeded(state.task, words, str(state.workspace)), state)
    return {o["properties"]["name"]["const"]: o["properties"]["args"]
            for o in request.schema["properties"]["command"]["anyOf"]}


def _program_task(tmp_path):
    """A task that runs a program and saves what it prints, and the strategy."""
    (tmp_path / "calc.py").write_text("print(6 * 7)\n")
    (tmp_path / "notes.txt").write_text("x\n")
    return _strategy(), AgentState(tasks=["Run calc.py and save what it prints in out.txt"],
                                   workspace=str(tmp_path))


def test_after_a_write_that_skipped_the_program_the_next_step_runs_it(tmp_path):
    strategy, state = _program_task(tmp_path)
    (tmp_path / "out.txt").write_text("6")
    _step(state, "write_file", path="out.txt", content="6")

    offered = _offer(strategy, state)
    assert list(offered) == ["execute_python_file"]  # no looking around, no finish
    assert offered["execute_python_file"]["properties"]["path"]["enum"] == ["calc.py"]


def test_once_the_program_ran_the_missing_output_is_what_is_written(tmp_path):
    strategy, state = _program_task(tmp_path)
    _step(state, "execute_python_file", "STDOUT:\n42\n", path="calc.py")

    assert "out.txt" in objection_now(state, frozenset(_SMALL), strategy._first_look(state))
    offered = _offer(strategy, state)
    assert set(offered) == {"write_file", "append_to_file"}
    assert offered["write_file"]["properties"]["path"]["enum"] == ["out.txt"]


def test_an_input_shown_whole_is_not_read_again_only_to_look_used(tmp_path):
    (tmp_path / "herbs.txt").write_text("parsley\nthyme\n")
    strategy = _strategy()
    state = AgentState(tasks=["Is basil in herbs.txt? Write yes or no in has.txt"],
                       workspace=str(tmp_path))
    (tmp_path / "has.txt").write_text("basil")
    _step(state, "write_file", path="has.txt", content="basil")

    assert "read_file" not in _offer(strategy, state)


def test_no_repair_before_anything_worked_nor_on_files_the_objection_does_not_name(tmp_path):
    for name in ("a.bak", "b.bak", "keep.txt"):
        (tmp_path / name).write_text("x")
    strategy = _strategy()
    state = AgentState(tasks=["Delete every .bak file"], workspace=str(tmp_path))
    offered = _offer(strategy, state)
    assert offered["delete_file"]["properties"]["path"]["enum"] == ["a.bak", "b.bak"]

    (tmp_path / "a.bak").unlink()
    _step(state, "delete_file", path="a.bak")
    offered = _offer(strategy, state)
    assert list(offered) == ["delete_file"]
    assert offered["delete_file"]["properties"]["path"]["enum"] == ["b.bak"]


def test_a_program_the_task_moves_is_moved_not_run(tmp_path):
    (tmp_path / "tool.py").write_text("import os\nos.remove('x')\nprint('removed')\n")
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "other.sh").write_text("echo\n")
    strategy = _strategy()
    offered = _offer(strategy, AgentState(tasks=["Move tool.py into bin/ with the others"],
                                          workspace=str(tmp_path)))
    assert "execute_python_file" not in offered
    # names in a program's text are code, not files: the only place is the folder named
    assert offered["rename_file"]["properties"]["destination"]["enum"] == ["bin/tool.py"]
    assert "execute_python_file" in _offer(strategy, AgentState(
        tasks=["What does tool.py print?"], workspace=str(tmp_path)))


def test_a_program_may_be_given_every_value_the_task_states_in_its_order(tmp_path):
    (tmp_path / "split.py").write_text("import sys\nprint(float(sys.argv[1]) / "
                                       "int(sys.argv[2]))\n")
    strategy = _strategy()
    state = AgentState(tasks=["run split.py with the arguments 96 and 4 and save its answer "
                              "in share.txt"], workspace=str(tmp_path))
    args = _offer(strategy, state)["execute_python_file"]["properties"]["args"]
    assert situation(tmp_path, state.task).arguments == ("96", "4")
    for fits in (["96", "4"], ["96"], ["4"]):
        jsonschema.validate(fits, args)
    # (none: the task says it gives the program arguments, ``programs.arguments_as``)
    for wrong in (["4", "96"], ["96", "96"], ["12"], []):
        try:
            jsonschema.validate(wrong, args)
        except jsonschema.ValidationError:
            continue
        raise AssertionError(f"{wrong} fits {args}")


def test_a_new_name_without_rename_or_move_offers_the_rename(tmp_path):
    (tmp_path / "travel plans.txt").write_text("Lisbon\n")
    (tmp_path / "route.jsn").write_text("[]\n")
    (tmp_path / "mtg_0312.txt").write_text("minutes\n")
    strategy = _strategy()

    def rename(task: str) -> dict | None:
        offered = _offer(strategy, AgentState(tasks=[task], workspace=str(tmp_path)))
        return offered["rename_file"]["properties"] if "rename_file" in offered else None

    spaced = rename("the space in 'travel plans.txt' is annoying: call it travel_plans.txt")
    assert spaced["source"]["enum"] == ["travel plans.txt"]
    assert spaced["destination"]["enum"] == ["travel_plans.txt"]
    assert rename("route.jsn has the wrong extension; give it a proper .json one")[
        "destination"]["enum"] == ["route.json"]
    assert rename("Give mtg_0312.txt a clearer name: meeting_2024-03-12.txt")
    # a name to write, not a new name for a file
    assert rename("Write the name in mtg_0312.txt to who.txt") is None
    assert rename("What does route.jsn hold? Call the answer file out.txt and write it") \
        is None


def test_nothing_is_renamed_or_copied_onto_itself(tmp_path):
    (tmp_path / "bio.txt").write_text("Based in Leipzig since 2022.\n")
    offered = _offer(_strategy(), AgentState(
        tasks=["I moved! In bio.txt, change Leipzig to Valencia."], workspace=str(tmp_path)))
    assert "rename_file" not in offered
    assert "replace_text" in offered


def test_lines_added_to_a_file_are_not_written_over(tmp_path):
    (tmp_path / "birds.txt").write_text("robin\nmagpie\n")
    strategy = _strategy()
    state = AgentState(tasks=["Saw a wren today! Add it at the end of birds.txt, please."],
                       workspace=str(tmp_path))
    assert "write_file" not in _offer(strategy, state)  # the task adds: nothing written whole

    state = AgentState(tasks=["Tell birds.txt about the wren"], workspace=str(tmp_path))
    assert "write_file" in _offer(strategy, state)
    (tmp_path / "birds.txt").write_text("robin\nmagpie\nwren")
    _step(state, "append_to_file", path="birds.txt", content="wren")
    assert "write_file" not in _offer(strategy, state)  # it would lose robin and magpie


def test_nothing_is_finished_before_something_worked(tmp_path):
    (tmp_path / "notes").mkdir()
    for day, text in (("mon", "x"), ("tue", "DELETE ME")):
        (tmp_path / "notes" / f"{day}.txt").write_text(text)
    strategy = _strategy()
    state = AgentState(tasks=["One of the files in notes/ says DELETE ME. Remove that file."],
                       workspace=str(tmp_path))
    assert "finish" not in _offer(strategy, state)  # the check has no file to object about
    _step(state, "read_file", "DELETE ME", path="notes/tue.txt")
    assert "finish" not in _offer(strategy, state)  # a look changes nothing
    (tmp_path / "notes" / "tue.txt").unlink()
    _step(state, "delete_file", path="notes/tue.txt")
    assert "finish" in _offer(strategy, state)


def test_what_a_program_printed_may_be_the_data_file_it_is_stored_in(tmp_path):
    (tmp_path / "mk.py").write_text('import json\nprint(json.dumps({"files": 3}))\n')
    strategy = _strategy()
    state = AgentState(tasks=["run mk.py - its output is JSON, store it in m.json"],
                       workspace=str(tmp_path))
    _step(state, "execute_python_file", 'Exit code 0.\nSTDOUT:\n{"files": 3}\n', path="mk.py")
    content = _offer(strategy, state)["write_file"]["properties"]["content"]
    assert content["enum"][0] == '{"files": 3}'


def test_a_program_is_not_run_again_with_the_arguments_it_failed_with(tmp_path):
    (tmp_path / "conv.py").write_text("import sys\nprint(float(sys.argv[1]) * 2)\n")
    strategy = _strategy()
    state = AgentState(tasks=["Call conv.py with 30 as its argument; out.txt gets its output"],
                       workspace=str(tmp_path))
    args = _offer(strategy, state)["execute_python_file"]["properties"]["args"]
    # (never none: the task gives it an argument, ``programs.arguments_as``)
    assert [o["const"] for o in args["anyOf"]] == [["30"]]
    _step(state, "execute_python_file", "Exit code 1.\nIndexError", "error", path="conv.py",
          args=[])
    offered = _offer(strategy, state)
    assert list(offered) == ["execute_python_file"]
    assert [o["const"] for o in offered["execute_python_file"]["properties"]["args"][
        "anyOf"]] == [["30"]]
    _step(state, "execute_python_file", "Exit code 0.\nSTDOUT:\n60.0", path="conv.py",
          args=["30"])
    content = _offer(strategy, state)["write_file"]["properties"]["content"]
    assert content["enum"] == ["60.0"]  # 30 was the program's input, not its answer


def test_a_file_and_a_folder_the_task_names_offer_the_move_whatever_the_verb(tmp_path):
    (tmp_path / "q3.txt").write_text("x\n")
    (tmp_path / "archive").mkdir()
    (tmp_path / "archive" / "q2.txt").write_text("y\n")
    strategy = _strategy()
    offered = _offer(strategy, AgentState(tasks=["From now on q3.txt lives in archive/"],
                                          workspace=str(tmp_path)))
    assert offered["rename_file"]["properties"]["destination"]["enum"] == ["archive/q3.txt"]
    # a copy asked for is a copy; a file inside the folder already is no file to move
    assert "rename_file" not in _offer(strategy, AgentState(
        tasks=["Copy q3.txt into archive/"], workspace=str(tmp_path)))
    assert "rename_file" not in _offer(strategy, AgentState(
        tasks=["Count the lines of archive/q2.txt into n.txt"], workspace=str(tmp_path)))
