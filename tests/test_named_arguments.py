"""An argument the task names in words ("with the argument NORTH", "the arguments 3 and 4",
"pass 'Sea Wall' as its argument") is offered to the program it names, and what the program
prints without it is never confirmed: the finish of a run that left it out is not FINISHED
(a blind run, holdout10, ended FINISHED with the output of a bare run)."""

from __future__ import annotations

import pytest

from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.programs import named_arguments
from autonomo.agent.verifying import verify
from autonomo.agent.verifying_snapshot import take

_ECHO = ("import sys\nargs = sys.argv[1:] or ['NONE']\n"
         "print('<' + '|'.join(a[::-1] for a in args) + '>')\n")


@pytest.mark.parametrize(("task", "named"), [
    ("Run flip.py with the argument NORTH and save its output to f.txt", ("NORTH",)),
    ("please execute flip.py with the arguments 3 and 4 and store what it prints in f.txt",
     ("3", "4")),
    ("run flip.py with the arguments 3, 4.5 and 5. Then put its output in f.txt",
     ("3", "4.5", "5")),
    ("pass 'Sea Wall' as its argument to flip.py; keep the output in f.txt", ("Sea Wall",)),
    ('flip.py takes a parameter: run it with the parameter "dry run" into f.txt',
     ("dry run",)),
    ("give flip.py the parameter 2.5 and write the answer to f.txt", ("2.5",)),
    ("run flip.py with the flag --fast, output to f.txt", ("--fast",)),
    ("use data.txt as the input for flip.py", ("data.txt",)),
    # no argument is named: a word that goes on with the sentence is none
    ("run flip.py with arguments and save what it prints in f.txt", ()),
    ("the argument that flip.py takes is a word; run it and save it in f.txt", ()),
    ("run flip.py; it takes no arguments. Output to f.txt", ()),
])
def test_the_arguments_a_task_names_in_words(task, named):
    assert named_arguments(task) == named


@pytest.mark.parametrize(("task", "args"), [
    ("Run flip.py with the argument NORTH and save its output to f.txt", ("NORTH",)),
    ("run flip.py with the arguments 3 and 4, store what it prints in f.txt", ("3", "4")),
    ("Pass 'Sea Wall' as its argument to flip.py and keep the output in f.txt",
     ("Sea Wall",)),
])
def test_the_named_arguments_are_offered_to_the_program(tmp_path, task, args):
    (tmp_path / "flip.py").write_text(_ECHO)
    where = situation(tmp_path, task)
    assert set(args) <= set(where.arguments)
    assert where.arguments_as == "given"  # (never a run without them)


def _verified(tmp_path, task: str, written: str) -> bool:
    ws = tmp_path / "ws"
    ws.mkdir(parents=True)
    (ws / "flip.py").write_text(_ECHO)
    start = take(ws)
    (ws / "f.txt").write_text(written)

    def rerun(program: str, args: tuple[str, ...]) -> str:
        return "<" + "|".join(a[::-1] for a in (args or ("NONE",))) + ">\n"

    return verify(task, start, take(ws), (), rerun).verified


@pytest.mark.parametrize(("task", "right"), [
    ("Run flip.py with the argument NORTH and save its output to f.txt", "<HTRON>"),
    ("execute flip.py with the argument KELP, then write what it prints into f.txt",
     "<PLEK>"),
])
def test_only_the_output_with_the_named_arguments_is_confirmed(tmp_path, task, right):
    assert not _verified(tmp_path / "bare", task, "<ENON>\n")  # (run without them)
    assert _verified(tmp_path / "given", task, right + "\n")


@pytest.mark.parametrize("task", [
    "Run flip.py with the argument that its notes name and save its output to f.txt",
    "run flip.py with arguments you think fit, keep what it prints in f.txt",
    "run flip.py with the arguments 3 and 4 and save its output to f.txt",
])
def test_a_bare_run_is_never_confirmed_when_the_task_gives_arguments(tmp_path, task):
    assert not _verified(tmp_path, task, "<ENON>\n")


@pytest.mark.parametrize("task", [
    "pace.py takes a number of laps as its argument. Run it for 12 laps into p.txt",
    "flip.py expects a word as its only argument; run it with 7",
    "it wants some text as the input",
])
def test_what_a_program_takes_described_as_its_argument_is_no_argument(task):
    assert not {"laps", "word", "text"} & set(named_arguments(task))
