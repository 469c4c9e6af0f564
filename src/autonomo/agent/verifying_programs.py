"""What a program the task names prints, for the derived-value verifier
(``verifying_derived``): run again by the verifiers on the start workspace
(``verifying_rerun``), as a finish is always judged (``agent_verdict``); when that rerun
derives nothing (no sandbox may run it), nothing is derived. Only a caller of ``verify`` that
gives no rerunner at all (the tests) gets the run's own record of the sandbox's output
instead (never the agent's words).

The task's words must all be accounted for: words of running and printing, words of the
clauses that describe the program (a clause whose subject is its name: "tally.py counts the
votes in votes.txt"), and the answer file's. An output of several lines is taken whole only
when the task points at all of it ("them", "what it prints", "its output"): a task that
picks a part of it ("the last number it prints") is not judged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from autonomo.agent.finishing_record import without
from autonomo.agent.strategies.printing import WHOLE as _WHOLE
from autonomo.agent.strategies.programs import (
    arguments_as,
    given_command,
    given_files,
    named_arguments,
)
from autonomo.agent.verifying_rerun import Rerun
from autonomo.agent.verifying_snapshot import Snapshot
from autonomo.agent.verifying_sources import words

#: words of a program's run and of keeping what it prints ("run X and keep its output in F")
RUN_WORDS = {"run", "execute", "output", "outputs", "prints", "print", "printed", "gives",
             "script", "program", "result", "stdout", "shows", "what", "does", "with",
             "capture", "paste", "shown", "says", "returns", "whatever", "argument", "input",
             "parameter", "using", "command", "python", "python3", "line", "lines", "tells",
             "reports", "report", "everything", "whole", "all", "arguments", "args", "arg",
             "parameters", "complete", "full", "entire"}
_NUMBER = r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])"
#: a question the task asks (its sentence)
_QUESTION = r"(?:^|(?<=[.!?]\s))[^.!?]*\?"


#: words that give a program something to work on ("with your name", "giving it a date",
#: "for the year"): a task saying one while no argument is read from it
#: asks for a run this reading does not make (a bare run's output was confirmed)
_GIVING = re.compile(r"\b(?:with(?!\s+(?:python3?|no\s+(?:arguments?|args?|parameters?))\b)|"
                     r"giving|give\s+it|using|pass(?:ing)?|feed(?:ing)?|supply(?:ing)?|"
                     r"for(?!\s+(?:me|us)\b))\b", re.IGNORECASE)  # (not "the number it gives")


#: an output asked whole in words of its own ("its complete output", "the full output")
_ALL_OF_IT = re.compile(r"\b(?:complete|full|entire)\s+(?:output|printout)\b", re.IGNORECASE)


#: "the greeting it prints", "the line hello.py outputs": a noun naming what is printed,
#: which is all of it when it is one line with no label in it
_NAMED_OUTPUT = re.compile(r"\bthe\s+([A-Za-z]+)\s+(?:that\s+)?(?:it|the\s+(?:script|program)|"
                           r"[\w./-]+\.py)\s+(?:prints|outputs|shows|displays|writes)\b",
                           re.IGNORECASE)
_LABEL = re.compile(r"[:=]\s|\s-\s")
#: nouns that pick one part of a printed line, whatever it holds
_PARTS = {"number", "total", "count", "sum", "value", "amount", "figure", "word", "date",
          "time", "name", "price", "score", "answer"}


@dataclass(frozen=True)
class Run:
    """A program the run ran (``execute_python_file``), its arguments and what it printed
    (None when the record does not hold all of it)."""

    program: str
    args: tuple[str, ...]
    printed: str | None


def _describing(clause: str, program: str) -> bool:
    # (not a name heading the task: "dues.txt: which names are flagged OVERDUE?" asks)
    base = re.escape(program.rsplit("/", 1)[-1])
    return re.match(rf"\s*(?:the\s+)?(?:[\w.-]+/)*{base}\b(?!\s*(?::|-|–|—))", clause,
                    re.IGNORECASE) is not None


_CLAUSES = r"[.;!?]\s|\s-{1,2}\s|\n"


def described(task: str, program: str) -> set[str]:
    """The words of the task's clauses that begin with the program's name (they say what
    it does, not what to take of it)."""
    return {w for clause in re.split(_CLAUSES, task) if _describing(clause, program)
            for w in words(clause)}


def undescribed(task: str, program: str) -> set[str]:
    """The words of the task's other clauses (what it asks to take of the program's
    output): a describing clause's words do not account for them."""
    return {w for clause in re.split(_CLAUSES, task) if not _describing(clause, program)
            for w in words(clause)}


def _recorded(program: str, stated: tuple[str, ...], runs: Sequence[Run]) -> str | None:
    mine = [r for r in runs if r.program == program]
    if not mine or any(r.printed is None for r in mine) or len({r.printed for r in mine}) > 1:
        return None
    if any(stated != tuple(a for a in r.args if re.fullmatch(r"\d+(?:\.\d+)?", a)
                           or a in stated) for r in mine):
        return None  # not run with the numbers the task gives (or with others)
    return mine[0].printed


def printed(task: str, start: Snapshot, required: set[str], names: list[str],
            runs: Sequence[Run], rerun: Rerun | None) -> tuple[str, str] | None:
    """(the program, what it prints) for the one program of the start the task names, run
    with the task's numbers as its arguments; None when that is not what the task asks or
    nothing is derived."""
    programs = [n for n in names if n.endswith(".py") and n in start.files]
    if len(programs) != 1:
        return None
    program = programs[0]
    # a word of the request must be a word of running or printing, whatever a describing
    # clause says ("tally.py prints the votes of Bob then of Alice. Write the votes of Alice")
    # (the numbers and the data files the task gives it, in the task's order)
    present = [p for p in names if p in start.files]
    given = given_files(task, tuple(names), present)
    # (and the arguments it names in words, "with the argument PANTRY": a number inside one
    # is no argument of its own)
    spoken = [(at, a) for a in named_arguments(task) if (at := task.find(a)) >= 0]
    stated = tuple(dict.fromkeys(v for _at, v in sorted(
        [(m.start(), m.group()) for m in re.finditer(_NUMBER, task)
         if not any(at <= m.start() < at + len(a) for at, a in spoken)]
        + [(task.find(f), f) for f in given] + spoken)))
    required = required - {w for _at, a in spoken for w in words(a)}
    # (a command line the task gives: its arguments as given, and its words are said)
    line = given_command(task, tuple(names), present)
    if not stated and line is None and (arguments_as(task, tuple(names), present) == "given"
                                        or _GIVING.search(without(task, names))):
        return None  # (the task gives it arguments this reading does not find)
    if line is not None:
        stated, required = line, required - {w for a in line for w in words(a)}
    if _WHOLE.search(re.sub(_QUESTION, " ", task)):
        # all it prints is asked: a question the task asks first is what the output
        # answers ("How many players are on blue? … store its output in b.txt")
        required -= {w for q in re.findall(_QUESTION, task) for w in words(q)}
    # the word after a number the program is given that the describing clause says too is
    # the argument's unit ("takes a number of laps … run it for 12 laps")
    units = {w for m in re.finditer(rf"{_NUMBER}\s+([A-Za-z]+)", task)
             for w in words(m.group(1))} & described(task, program)
    named = {w for m in _NAMED_OUTPUT.finditer(task) for w in words(m.group(1))}
    if {w for w in (required & undescribed(task, program)) - RUN_WORDS - units - named
            if len(w) > 1} \
            or {w for w in required - RUN_WORDS - described(task, program) - named
                if len(w) > 1}:
        return None
    output = rerun(program, stated) if rerun is not None else _recorded(program, stated, runs)
    if output is None or not output.strip():
        return None
    if named and (len(output.strip().splitlines()) > 1 or _LABEL.search(output)
                  or named & _PARTS):
        return None  # the noun may name a part of what it prints ("the total it prints")
    if len([x for x in output.splitlines() if x.strip()]) > 1 and not _WHOLE.search(task) \
            and not _ALL_OF_IT.search(task):
        return None  # several lines, and the task may want one of them
    return program, output.strip()
