"""After a failed act the next step can do something different: another candidate, not the
same act again. A program the task gives a data file as its argument is offered that file
(a 135M model ran it bare, it failed with its usage line, and the run wrote guesses at its
output until the step limit). Wordings are this file's own."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.narrowing import ground
from autonomo.agent.strategies.repair import failed_args
from autonomo.tools.grounding import GROUNDED_KEY
from autonomo.tools.registry import CommandResult

TALLY = "import sys\nprint(len(open(sys.argv[1]).read().split()))\n"
FILES = {"tally.py": TALLY, "data/votes.txt": "yes no yes\n", "notes.md": "n\n"}
_ARGS = {"type": "array", "items": {"type": "string"}, GROUNDED_KEY: "program_arguments"}


def _ws(tmp: Path) -> Path:
    for name, text in FILES.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(text)
    return tmp


@pytest.mark.parametrize("task", [
    "run tally.py with data/votes.txt as its argument and save what it prints to n.txt",
    "Run tally.py on data/votes.txt, keep the output in n.txt",
    "use tally.py with data/votes.txt and put the printed count in n.txt",
])
def test_a_data_file_given_to_the_program_is_an_argument(tmp_path: Path, task: str) -> None:
    where = situation(_ws(tmp_path), task)
    assert "data/votes.txt" in where.arguments, where.arguments
    assert "notes.md" not in where.arguments


def test_a_file_the_task_only_names_is_no_argument(tmp_path: Path) -> None:
    where = situation(_ws(tmp_path), "run tally.py and write what it prints into "
                                     "data/votes.txt's neighbour n.txt")
    assert "data/votes.txt" not in where.arguments, where.arguments


def test_after_a_bare_run_failed_only_the_file_is_offered(tmp_path: Path) -> None:
    task = "run tally.py with data/votes.txt as its argument and save what it prints to n.txt"
    ws = _ws(tmp_path)
    state = AgentState(tasks=[task], workspace=str(ws))
    state.episodes.append(Episode(number=1, action=Action(
        name="execute_python_file", arguments={"path": "tally.py", "args": []}),
        result=CommandResult.error("Running tally.py failed. Exit code 1.")))
    where = failed_args(situation(ws, task), state)
    offered = ground(copy.deepcopy(_ARGS), where)
    assert [c["const"] for c in offered["anyOf"]] == [["data/votes.txt"]], offered


def test_the_data_file_given_is_not_a_program_to_run(tmp_path: Path) -> None:
    """"run tally.py with data/votes.txt …": the finish check asked for data/votes.txt to be
    run, so the right run was never let finish."""
    from finish_fresh_cases import W
    from test_finishing_precise import play
    task = "run tally.py with data/votes.txt as its argument and save what it prints to n.txt"
    run = ("execute_python_file", {"path": "tally.py", "args": ["data/votes.txt"]})
    got, status = play(tmp_path / "right", task, FILES, [run, W("n.txt", "3\n")])
    assert got == "ran" and status == "finished", (got, status)
    got, status = play(tmp_path / "wrong", task, FILES, [run, W("n.txt", "2\n")])
    assert got.startswith("refused: ") and "printed" in got, got


def test_a_wrong_count_of_keys_is_not_told_to_list_them(tmp_path: Path) -> None:
    """"How many keys …": a refusal that orders the keys listed sends the model to write
    the wrong kind of answer."""
    from finish_fresh_cases import R, W
    from test_finishing_precise import play
    files = {"conf/site.json": '{"title": "t", "lang": "en", "theme": "dark"}'}
    got, _status = play(tmp_path, "How many keys does conf/site.json have? Put the count in "
                        "site_keys.txt", files, [R("conf/site.json"), W("site_keys.txt", "2")])
    assert "should list" not in got, got
