"""A program run as the task gives it, and a part of what it printed kept: a command line
the task quotes or types out is run with its own arguments, by construction, and is no text
to write; a part the task names ("just the word", "only the total", "the last line") is the
text offered, alone; "its output" offers all of it, alone."""

from __future__ import annotations

import pytest

from autonomo.agent.finishing import finish_objection
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.printing import narrowed, parts
from autonomo.agent.strategies.programs import command_line, program_arguments
from test_repair import _offer, _step, _strategy


@pytest.mark.parametrize(("task", "args"), [
    ("`python3 grade.py scores.csv --curve 5` prints the grades; keep them in g.txt",
     ("scores.csv", "--curve", "5")),
    ('type "python grade.py -v" and save what it shows to g.txt', ("-v",)),
    ("Run python3 grade.py scores.csv > g.txt", ("scores.csv",)),
    ("please run python grade.py --term spring, then put its output in g.txt",
     ("--term", "spring")),
    ("the output of \u201cpython3 grade.py 'Year 9'\u201d goes into g.txt", ("Year 9",)),
    ("execute `./grade.py` and paste the result in g.txt", ()),
    ("python3 tools/grade.py 7 12 and store the answer in g.txt", ("7", "12")),
    # no command line: the program named in prose, or quoted alone
    ("Run grade.py with scores.csv and keep its output in g.txt", None),
    ("run 'grade.py' with 5 and save its output", None),
    ("grade.py prints the grades - put them in g.txt", None),
])
def test_the_arguments_of_a_command_line_the_task_gives(task, args):
    program = "tools/grade.py" if "tools/" in task else "grade.py"
    assert command_line(task, program) == args


def test_a_command_line_is_the_only_argument_list_offered(tmp_path):
    (tmp_path / "grade.py").write_text("import sys\nprint(' '.join(sys.argv[1:]))\n")
    (tmp_path / "scores.csv").write_text("a,1\n")
    (tmp_path / "old.csv").write_text("b,2\n")
    task = ("what are the grades? `python3 grade.py scores.csv --curve 5` prints them. "
            "Save it in g.txt")
    assert program_arguments(task, ("grade.py", "scores.csv", "g.txt"),
                             ["grade.py", "scores.csv", "old.csv"], ["5"]) == (
        "scores.csv", "--curve", "5")
    strategy = _strategy()
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    args = _offer(strategy, state)["execute_python_file"]["properties"]["args"]
    assert [o["const"] for o in args["anyOf"]] == [["scores.csv", "--curve", "5"]]
    # run as given and its output written: the command is no text to write, and the
    # program's argument is no program to run
    _step(state, "execute_python_file", "Exit code 0.\nSTDOUT:\nscores.csv --curve 5",
          path="grade.py", args=["scores.csv", "--curve", "5"])
    offered = _offer(strategy, state)
    assert offered["write_file"]["properties"]["content"]["enum"] == ["scores.csv --curve 5"]
    (tmp_path / "g.txt").write_text("scores.csv --curve 5")
    _step(state, "write_file", path="g.txt", content="scores.csv --curve 5")
    assert finish_objection(state, "", frozenset({"finish", "write_file"}), shown={}) is None


def test_a_run_without_the_command_lines_arguments_is_no_run_of_it(tmp_path):
    (tmp_path / "grade.py").write_text("import sys\nprint(len(sys.argv))\n")
    (tmp_path / "scores.csv").write_text("a,1\n")
    state = AgentState(tasks=["`python grade.py scores.csv` prints a number: put it in n.txt"],
                       workspace=str(tmp_path))
    _step(state, "execute_python_file", "Exit code 0.\nSTDOUT:\n1", path="grade.py", args=[])
    (tmp_path / "n.txt").write_text("1")
    _step(state, "write_file", path="n.txt", content="1")
    assert finish_objection(state, "", frozenset({"finish", "write_file"}), shown={})


_LINES = "alpha: 4\nbeta: 9\nbest: Ravenna (9)\nTOTAL 13"


@pytest.mark.parametrize(("output", "task", "want"), [
    (_LINES, "run s.py and put just the name of the best city in b.txt", ["Ravenna"]),
    (_LINES, "I only want the total from s.py -> t.txt", ["13"]),
    (_LINES, "s.py: copy the last line it prints into l.txt", ["TOTAL 13"]),
    ("winner: Okapi (12 votes)", "run s.py and write the word it names as winner to w.txt",
     ["Okapi"]),
    ("mean = 4.25\nmax = 9", "save only the mean that s.py reports, in m.txt", ["4.25"]),
    ("17", "Run s.py and write the number it prints to n.txt", ["17"]),
    # no part named, or none found
    (_LINES, "run s.py and keep its output in o.txt", []),
    (_LINES, "run s.py and put only the colour in c.txt", []),
])
def test_the_part_of_an_output_a_task_names(output, task, want):
    assert parts(output, task, ["s.py"]) == want


@pytest.mark.parametrize(("task", "offered"), [
    ("Run s.py and save its output in o.txt", ("count: 42",)),
    ("whatever s.py prints goes to o.txt", ("count: 42",)),
    ("run s.py; put just the count in o.txt", ("42",)),
    ("run s.py and put the number it prints (only that) in o.txt", ("42",)),
    ("s.py prints something. Put it in o.txt", ("x", "y")),  # (as before)
])
def test_what_is_offered_of_an_output(task, offered):
    assert narrowed(["count: 42"], ("x", "y"), task, ["s.py"]) == offered


@pytest.mark.parametrize(("task", "lists"), [
    ('Run slug.py with the argument "Harbour Fair 2027" and keep its output in s.txt',
     [["Harbour Fair 2027"]]),
    ("slug.py takes one parameter: give it 'Harbour Fair' and save what it prints in s.txt",
     [["Harbour Fair"]]),
    ("pass 42 to slug.py, then store its output in s.txt", [["42"]]),
    ("run slug.py with the arguments 3 and 9; its answer goes in s.txt",
     [["3", "9"], ["3"], ["9"]]),
    ("feed slug.py the value 'Quay 7' and write the result to s.txt", [["Quay 7"]]),
    # no word of giving: none is offered too; a program that takes no arguments
    ("run slug.py with 5 and put its output in s.txt", [["5"], []]),
    ("slug.py takes no arguments: run it and put 5 plus its output in s.txt", [["5"], []]),
])
def test_a_program_the_task_gives_arguments_is_never_run_bare(tmp_path, task, lists):
    (tmp_path / "slug.py").write_text("import sys\nprint('-'.join(sys.argv[1:]).lower())\n")
    (tmp_path / "notes.txt").write_text("x\n")
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    args = _offer(_strategy(), state)["execute_python_file"]["properties"]["args"]
    assert [o["const"] for o in args["anyOf"]] == lists


_REPORT = "rows: 12\nmean: 4.5\nmax: 9"


@pytest.mark.parametrize(("task", "want"), [
    ("r.py prints 'rows', 'mean' and 'max'; write only the mean into m.txt", ["4.5"]),
    ("run r.py - I just want the max value in m.txt", ["9"]),
    ("Run r.py and put nothing but... only the rows figure, in m.txt", ["12"]),
    ("r.py reports rows and max; keep just the rows in m.txt", ["12"]),
    ("execute r.py and save only its mean to m.txt", ["4.5"]),
])
def test_only_the_labelled_value_the_task_asks_for(task, want):
    assert parts(_REPORT, task, ["r.py", "m.txt"]) == want


@pytest.mark.parametrize("task", [
    "run bill.py with the arguments 96 and 4 (total, then people) and save its answer in s.txt",
    "bill.py takes the total and the number of people: run it with 96 and 4, its result to s.txt",
    "Run bill.py 96 4 and put its output in s.txt",
])
def test_a_noun_of_what_the_program_is_given_asks_no_part(task):
    assert parts("each pays 24.00", task, ["bill.py", "s.txt"]) == []
    assert narrowed(["each pays 24.00"], ("24.00",), task, ["bill.py"]) == ("each pays 24.00",)


@pytest.mark.parametrize("task", [
    "python3 slug.py 'Harbour Fair' > s.txt",
    "run python slug.py 'Harbour Fair' and keep its output in s.txt",
    "Type python3 slug.py \"Harbour Fair\" > s.txt",
])
def test_a_typed_command_is_no_text_to_write(tmp_path, task):
    (tmp_path / "slug.py").write_text("import sys\nprint(sys.argv[1].lower())\n")
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    _step(state, "execute_python_file", "Exit code 0.\nSTDOUT:\nharbour fair", path="slug.py",
          args=["Harbour Fair"])
    (tmp_path / "s.txt").write_text("harbour fair\n")
    _step(state, "write_file", path="s.txt", content="harbour fair\n")
    assert finish_objection(state, "", frozenset({"finish", "write_file"}), shown={}) is None
