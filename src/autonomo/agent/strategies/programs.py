"""Programs of the workspace read by their text: is a file code, may running it show anything."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

from autonomo.agent.strategies.looking import Reads

#: programs: names in their text ("os.path") are code, not files the task points at
_PROGRAMS = (".py", ".js", ".ts", ".sh", ".rb", ".pl")

#: the largest program whose code is parsed (``may_print``); a bigger one may print
MAX_PARSED = 64_000
#: module-level statements that do nothing when the module runs (definitions, imports)
_DEFINING = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_QUIET = (*_DEFINING, ast.Pass)


def may_print(code: str) -> bool:
    """Whether running a Python program may show or change anything: its module level does
    more than define, import and assign values without a call (read by its syntax tree, not
    by the names of its calls: a CSV writer or a logger acts as much as print). Code that
    does not parse may do anything. A test module, a module of functions, a version file do
    nothing when run: what a task asks of them is in their text (a 135M model ran
    test_geometry.py to count its tests and wrote what it printed)."""
    if len(code) > MAX_PARSED:
        return True  # (parsing a big file every step would cost seconds)
    try:
        for node in ast.parse(code).body:
            if isinstance(node, _QUIET) or (
                    isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
                continue  # (a docstring)
            if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign) and not any(
                    isinstance(n, ast.Call | ast.Await | ast.Yield) for n in ast.walk(node)):
                continue
            return True
        return False
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True  # (a hostile file nests deep enough to exhaust the parser)


def is_code(name: str, text: str) -> bool:
    """Whether a file is a program: by its ending, a ``#!`` line, or a Python text that
    imports or defines something (a script called ``cleanup``; not a text naming a file)."""
    if name.lower().endswith(_PROGRAMS) or text.startswith("#!"):
        return True
    for whole in (text, text.rsplit("\n\n", 1)[0]):  # (a preview may be cut)
        try:
            return any(isinstance(node, _DEFINING) for node in ast.parse(whole).body)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    return False


def silent_programs(workspace: Path | str, names: tuple[str, ...] | list[str],
                    reads: Reads | None = None) -> tuple[str, ...]:
    """The Python programs among ``names`` the workspace has whose code shows nothing when
    run (``may_print``; ``reads``: as this look read them)."""
    reads, out = reads or Reads(workspace), []
    for name in names:
        if not name.endswith(".py"):
            continue
        if (code := reads.text(name)) is None:
            continue
        if not may_print(code):
            out.append(name)
    return tuple(out)


#: words before a file that give it to a program as its input ("run a.py with b.txt", "on
#: b.txt", "using b.txt", "pass b.txt to a.py"): prepositions of means and verbs of giving
_GIVING = frozenset({"with", "on", "using", "over", "pass", "passing", "feed", "feeding",
                     "give", "giving"})
#: words that may stand between such a word and the files ("with the file b.txt", "pass it
#: the input file b.txt", "on a.txt and b.txt")
_GIVEN_BETWEEN = frozenset({"the", "a", "an", "it", "its", "file", "files", "path", "input",
                            "argument", "arguments", "data", "and", ","})
#: what follows a file given as an argument ("b.txt as its argument", "as the only input")
_AS_ARGUMENT = re.compile(r"\s*as\s+(?:its|the|an?)\s+(?:first\s+|only\s+)?"
                          r"(?:argument|input|parameter)\b", re.IGNORECASE)


def given_files(task: str, named: tuple[str, ...], files: list[str]) -> list[str]:
    """The files of the workspace the task gives a program it names as an argument, in a
    sentence that names the program (a 135M model ran the program bare, then wrote its
    guesses at the output when that failed): a data file after "with", "on", "using" or a
    verb of giving, and each joined to it by "and" or a comma ("run m.py on a.txt and
    b.txt"), or one followed by "as its argument"."""
    order = sorted(dict.fromkeys(named), key=len, reverse=True)
    marked = task.replace("\x00", " ")
    for i, name in enumerate(order):
        marked = marked.replace(name, f" \x00{i} ")
    found = []
    for sentence in re.split(r"[.;!?](?:\s|$)", marked):
        parts = re.split(r"\x00(\d+)", sentence)  # (words, a name's index, words, ...)
        names = [order[int(i)] for i in parts[1::2]]
        if not any(n.endswith(".py") and n in files for n in names):
            continue  # (no program named there: "on" and "with" give it nothing)
        giving = False
        for before, name, after in zip(parts[0::2], names, parts[2::2], strict=False):
            for word in re.findall(r"[a-z']+|,", before.lower()):
                giving = word in _GIVING or (giving and word in _GIVEN_BETWEEN)
            if (giving or _AS_ARGUMENT.match(after)) and name in files \
                    and not name.endswith(_PROGRAMS):
                found.append(name)
    return list(dict.fromkeys(found))


def program_arguments(task: str, named: tuple[str, ...], files: list[str],
                      stated: Iterable[str]) -> tuple[str, ...]:
    """The values a program the task names may be given, when it names one that is there:
    a stated value of one word, or a text it quotes whole ("'Weekend in Oslo'"), and a data
    file it gives the program (``given_files``), in the task's order when it gives one."""
    if not any(n.endswith(".py") and n in files for n in named):
        return ()
    values = [t for t in stated if " " not in t or any(f"{q}{t}{q}" in task for q in "'\"")]
    given = [f for f in given_files(task, named, files) if f not in values]
    if not given:
        return tuple(dict.fromkeys(values))
    return tuple(dict.fromkeys(sorted([*values, *given], key=lambda v: (
        task.find(v) if v in task else len(task)))))
