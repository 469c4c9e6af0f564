"""A file the task gives a program it names ("run tally.py on votes/june.txt") is offered as
the program's argument, by construction; it is no program to run itself; once the run with
it printed, what it printed is the text to write, whole, and the finish is accepted."""

from __future__ import annotations

import pytest

from agent_helpers import plugins, reply
from autonomo import AgentProfile, ScriptedModel, Settings, Workbench
from autonomo.agent.finishing_sources import programs
from autonomo.agent.runner import Runner
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.programs import given_files
from autonomo.agent.verifying import verify
from autonomo.agent.verifying_snapshot import take
from test_repair import _offer, _step, _strategy

_TALLY = ("import sys\nif len(sys.argv) < 2:\n    print('usage: tally.py FILE')\n"
          "    sys.exit(2)\nrows = [r for r in open(sys.argv[1]) if r.strip()]\n"
          "print(f'votes {len(rows)}')\nprint(f'first {rows[0].strip()}')\n")


@pytest.mark.parametrize(("task", "given"), [
    ("Run tally.py on votes/june.txt and put what it prints in tally.txt", ("votes/june.txt",)),
    ("please execute tally.py with the file votes/june.txt, saving its output as t.txt",
     ("votes/june.txt",)),
    ("run tally.py using votes/june.txt as input; store the result in t.txt",
     ("votes/june.txt",)),
    ("run tally.py on votes/june.txt and helper.txt, then write its output to t.txt",
     ("votes/june.txt", "helper.txt")),
    ("Pass votes/june.txt to tally.py and keep what it shows in t.txt", ("votes/june.txt",)),
    # the program reads it itself: nothing is given ("it reads")
    ("Run tally.py (it reads votes/june.txt) and put its output in t.txt", ()),
    # another sentence, with no program in it
    ("Run tally.py and put its output in t.txt. Compare it with votes/june.txt.", ()),
    # a file that is not there, or a program, is no input
    ("Run tally.py on votes/july.txt and put its output in t.txt", ()),
    ("Run tally.py with helper.py", ()),
    # a decimal point ends no sentence; a file before "as its argument"
    ("run tally.py with 2.5 and votes/june.txt", ("votes/june.txt",)),
    ("Give tally.py votes/june.txt as its only input", ("votes/june.txt",)),
])
def test_the_files_a_task_gives_a_program_it_names(task, given):
    named = ("tally.py", "votes/june.txt", "votes/july.txt", "helper.py", "helper.txt",
             "tally.txt", "t.txt")
    start = ["tally.py", "votes/june.txt", "helper.py", "helper.txt", "t.txt"]
    said = tuple(n for n in named if n in task)
    assert tuple(given_files(task, said, start)) == given


def test_a_value_and_a_file_are_offered_in_the_tasks_order(tmp_path):
    (tmp_path / "top.py").write_text(
        "import sys\nprint(open(sys.argv[2]).read()[:int(sys.argv[1])])\n")
    (tmp_path / "poem.txt").write_text("roses are red\n")
    where = situation(tmp_path, "Run top.py with 5 and poem.txt, then save its output in o.txt")
    assert where.arguments == ("5", "poem.txt")
    where = situation(tmp_path, "Run top.py with poem.txt and 5, then save its output in o.txt")
    assert where.arguments == ("poem.txt", "5")


def test_the_input_is_offered_and_the_run_is_never_without_it(tmp_path):
    (tmp_path / "votes").mkdir()
    (tmp_path / "votes" / "june.txt").write_text("ana\nbo\n")
    (tmp_path / "tally.py").write_text(_TALLY)
    strategy = _strategy()
    state = AgentState(tasks=["Run tally.py on votes/june.txt, keep its output in t.txt"],
                       workspace=str(tmp_path))
    offered = _offer(strategy, state)
    assert list(offered) == ["execute_python_file"]  # (run first: nothing to write yet)
    args = offered["execute_python_file"]["properties"]["args"]
    # (never without the file the task gives it: a 135M model ran it bare first)
    assert [o["const"] for o in args["anyOf"]] == [["votes/june.txt"]]
    _step(state, "execute_python_file", "Exit code 2.\nSTDOUT:\nusage: tally.py FILE", "error",
          path="tally.py", args=[])
    offered = _offer(strategy, state)
    assert list(offered) == ["execute_python_file"]  # (not written from the file's lines)
    assert [o["const"] for o in offered["execute_python_file"]["properties"]["args"][
        "anyOf"]] == [["votes/june.txt"]]
    _step(state, "execute_python_file", "Exit code 0.\nSTDOUT:\nvotes 2\nfirst ana\n",
          path="tally.py", args=["votes/june.txt"])
    content = _offer(strategy, state)["write_file"]["properties"]["content"]
    assert content["enum"][0] == "votes 2\nfirst ana"  # (what it printed, whole)


@pytest.mark.parametrize(("task", "named", "expected"), [
    ("Run tally.py on votes/june.txt and put its output in t.txt",
     ("tally.py", "votes/june.txt", "t.txt"), ["tally.py"]),
    ("execute tally.py with june.txt as its argument", ("tally.py", "june.txt"), ["tally.py"]),
    ("run tally.py with the file june.txt, save its output in t.txt",
     ("tally.py", "june.txt", "t.txt"), ["tally.py"]),
    ("run a.py and b.py", ("a.py", "b.py"), ["a.py", "b.py"]),
])
def test_a_file_given_to_a_program_is_no_program_to_run(task, named, expected):
    assert programs(task, named) == expected


def test_a_run_with_the_input_it_was_given_is_finished(tmp_path):
    workspace = tmp_path / "ws"
    (workspace / "votes").mkdir(parents=True)
    (workspace / "votes" / "june.txt").write_text("ana\nbo\n")
    (workspace / "tally.py").write_text(_TALLY)
    model = ScriptedModel([
        reply("execute_python_file", path="tally.py", args=["votes/june.txt"]),
        reply("write_file", path="t.txt", content="votes 2\nfirst ana"),
        reply("finish", reason="t.txt holds what tally.py printed")])
    bench = Workbench.open(Settings(data_dir=tmp_path / "data"), plugins=plugins(),
                           models=(model, model, model))
    bench.memory = False
    agent = bench.new_agent("Run tally.py on votes/june.txt and keep its output in t.txt",
                            workspace=workspace, profile=AgentProfile(name="T", role="a test"))
    result = Runner(agent).run(max_steps=3)
    bench.close()
    assert [e.result.status for e in agent.state.episodes] == ["success"] * 3, \
        agent.state.episodes[-1].result.output
    assert result.status == "finished"


def _verified(tmp_path, task: str, written: str) -> tuple[bool, list[tuple[str, ...]]]:
    """Whether ``verify`` confirms ``written`` in t.txt, with a rerun that prints the votes
    only when given the votes file; and the argument lists it was run with."""
    ws = tmp_path / "ws"
    (ws / "votes").mkdir(parents=True)
    (ws / "votes" / "june.txt").write_text("ana\nbo\n")
    (ws / "tally.py").write_text(_TALLY)
    start = take(ws)
    (ws / "t.txt").write_text(written)
    given: list[tuple[str, ...]] = []

    def rerun(program: str, args: tuple[str, ...]) -> str:
        given.append(args)
        return "votes 2\nfirst ana\n" if args == ("votes/june.txt",) else "usage: tally.py FILE\n"

    return verify(task, start, take(ws), (), rerun).verified, given


@pytest.mark.parametrize("task", [
    "Run tally.py with votes/june.txt as its argument and save the output to t.txt",
    "run tally.py on votes/june.txt, keep what it prints in t.txt",
])
def test_what_a_program_given_a_file_prints_is_verified_with_that_file(tmp_path, task):
    verified, given = _verified(tmp_path, task, "votes 2\nfirst ana\n")
    assert verified and given == [("votes/june.txt",)]


def test_what_the_program_prints_without_the_file_is_not_verified(tmp_path):
    verified, _ = _verified(tmp_path, "Run tally.py with votes/june.txt as its argument and "
                            "save the output to t.txt", "usage: tally.py FILE\n")
    assert not verified
