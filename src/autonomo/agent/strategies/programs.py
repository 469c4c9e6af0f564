"""Programs of the workspace read by their text: is a file code, may running it show anything."""

from __future__ import annotations

import ast
import re
import shlex
from collections.abc import Iterable
from pathlib import Path

from autonomo.agent.strategies.keyed import without as keyed_without
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


#: a command line the task quotes: `python3 a.py x`, "a.py --y z", 'python a.py'
_QUOTED = re.compile(r"`([^`\n]+)`|\"([^\"\n]+)\"|'([^'\n]+)'|\u201c([^\u201d\n]+)\u201d"
                     r"|\u2018([^\u2019\n]+)\u2019")
#: an interpreter typed before a program ("python3 a.py", "py a.py", "./a.py")
_INTERPRETER = r"(?:(?:python3?(?:\.\d+)?|py)\s+|\./)"
#: what ends a command line typed out in a sentence: a redirection, a pipe or another
#: command, a clause's end (a comma, a colon, a full stop, a dash between spaces)
_COMMAND_END = re.compile(r"\s*(?:[>|<;]|&&|[,:](?:\s|$)|\.(?:\s|$)|\s[-\u2013\u2014]+\s|\)|$)")
#: words that end a command line typed out in a sentence and go on with the task
_GOING_ON = frozenset({"and", "then", "to", "into", "in", "so", "which", "that", "it",
                       "its", "save", "store", "write", "put", "keep", "tells", "prints",
                       "gives", "outputs", "shows", "will", "should", "for", "as", "from"})


def _words_of(line: str) -> list[str] | None:
    """The words of a command line as a shell splits them (None when it cannot: an
    unclosed quote), cut at a redirection or the next command."""
    try:
        words = shlex.split(line)
    except ValueError:
        return None
    for i, word in enumerate(words):
        if word[:1] in "<>|;&" or word.startswith(("1>", "2>")):
            return words[:i]
    return words


def command_line(task: str, program: str) -> tuple[str, ...] | None:
    """The arguments of a command line that runs ``program``, as the task gives it: quoted
    whole ("`python sum.py blob.txt` prints it", '"a.py --team blue"') or typed out after
    an interpreter ("python3 a.py 12 4 > out.txt", "run python a.py -v, then ..."); None
    when the task gives none. A 135M model ran the program bare, then wrote a guess."""
    base = re.escape(program.rsplit("/", 1)[-1])
    # (the program by its path or its name, after an interpreter or at the line's start)
    at = re.compile(rf"^\s*{_INTERPRETER}?(?:[\w.-]+/)*{base}(?=\s|$)", re.IGNORECASE)
    for m in _QUOTED.finditer(task):
        line = next(g for g in m.groups() if g is not None)
        if (found := at.match(line)) and (words := _words_of(line[found.end():])) is not None \
                and (words or found.group(0).strip() != program.rsplit("/", 1)[-1]):
            return tuple(words)  # (a program's name quoted alone is no command line)
    typed = re.compile(rf"(?<![\w./-]){_INTERPRETER}(?:[\w.-]+/)*{base}(?=\s|$)", re.IGNORECASE)
    for m in typed.finditer(task):
        rest = task[m.end():]
        # (quoted words are one argument: a clause's end inside them is none)
        end = _COMMAND_END.search(re.sub(r"'[^']*'|\"[^\"]*\"", lambda q: "_" * len(q[0]), rest))
        words = _words_of(rest[:end.start() if end else len(rest)])
        if words is None:
            continue
        cut = next((i for i, w in enumerate(words) if w.lower() in _GOING_ON), len(words))
        return tuple(words[:cut])
    return None


def without_command_lines(task: str, programs: Iterable[str]) -> str:
    """``task`` with the command lines it quotes for ``programs`` blanked out: a command is
    no phrase to write (a 135M model was offered "`python    ` prints it")."""
    for name in programs:
        base = re.escape(name.rsplit("/", 1)[-1])
        task = re.sub(rf"[`\"'\u201c\u2018]\s*{_INTERPRETER}?(?:[\w.-]+/)*{base}\b"
                      r"[^`\"'\u201d\u2019\n]*[`\"'\u201d\u2019]", " ", task)
    return task


def given_command(task: str, named: tuple[str, ...], files: list[str]
                  ) -> tuple[str, ...] | None:
    """The arguments of the one command line the task gives for the programs it names that
    are there (``command_line``); None when it gives none, or lines that differ."""
    lines = {line for p in named if p.endswith(".py") and p in files
             and (line := command_line(task, p)) is not None}
    return next(iter(lines)) if len(lines) == 1 else None


#: an argument a task names in words: one after "the argument"/"the parameter" ("with the
#: argument PANTRY"), several after the plural ("with the arguments 3 and north"), or one
#: given before "as its argument" ("pass 12 as its argument", not "takes a number of laps
#: as its argument"); quoted text is one argument
_ONE = r"(?:\"[^\"\n]+\"|'[^'\n]+'|`[^`\n]+`|[^\s,;:!?'\"`]*[^\s,.;:!?'\"`])"
_NAMED_ARGUMENTS = re.compile(
    rf"(?:\b(?:argument|parameter|arg|flag|option)\s+(?P<one>{_ONE})"
    rf"|\b(?:arguments|parameters|args)\s+(?P<many>{_ONE}(?:\s*(?:,|\band\b)\s*{_ONE})*)"
    rf"|\b(?:pass(?:ing)?|us(?:e|ing)|giv(?:e|ing)|supply(?:ing)?|feed(?:ing)?|provid(?:e|ing)"
    rf"|with)\s+(?:it\s+)?(?P<before>{_ONE})\s+as\s+(?:its|the|an?)\s+(?:first\s+|only\s+)?"
    rf"(?:argument|parameter|input)\b)", re.IGNORECASE)
#: words that are not an argument where one is named ("the argument that ...", "the
#: arguments and save ...")
_NOT_AN_ARGUMENT = _GOING_ON | {"the", "a", "an", "of", "is", "are", "was", "be", "given",
                                "on", "with", "what", "this", "those", "these"}


def named_arguments(task: str) -> tuple[str, ...]:
    """The arguments the task names in words for a program ("run a.py with the argument
    PANTRY", "with the arguments 3 and north", "pass 12 as its argument"), quotes taken
    off, in the task's order; a plural's list stops at the first item that is a word of
    the sentence going on ("the arguments 3 and save its output": 3)."""
    found: list[str] = []
    for m in _NAMED_ARGUMENTS.finditer(task):
        items = [m.group("one") or m.group("before")] if not m.group("many") else re.split(
            r"\s*(?:,|\band\b)\s*", m.group("many"))
        for item in items:
            if not item or item.lower() in _NOT_AN_ARGUMENT:
                break
            found.append(item.strip("'\"`"))
    return tuple(dict.fromkeys(found))


#: words that say a program is given arguments ("with the argument 'X'", "pass it 12")
_GIVES = re.compile(r"\b(?:arguments?|parameters?|args?|pass(?:ing)?|feed(?:ing)?)\b",
                    re.IGNORECASE)


def arguments_as(task: str, named: tuple[str, ...], files: list[str]) -> str:
    """How a program the task names takes the arguments offered: "line", a command line the
    task gives (``given_command``), that list only; "given", the task says it gives it
    arguments (never none); "" otherwise (all, each, or none)."""
    if given_command(task, named, files) is not None:
        return "line"
    said = keyed_without(task, named)
    if re.search(r"\b(?:no|without|any)\s+(?:arguments?|args?|parameters?)\b", said, re.I):
        return ""  # ("it takes no arguments")
    return "given" if _GIVES.search(said) else ""


def program_arguments(task: str, named: tuple[str, ...], files: list[str],
                      stated: Iterable[str]) -> tuple[str, ...]:
    """The values a program the task names may be given, when it names one that is there:
    a stated value of one word, or a text it quotes whole ("'Weekend in Oslo'"), and a data
    file it gives the program (``given_files``), in the task's order when it gives one; a
    command line the task gives (``command_line``): its arguments as given."""
    if not any(n.endswith(".py") and n in files for n in named):
        return ()
    if (line := given_command(task, named, files)) is not None:
        return line
    stated = [*named_arguments(task), *stated]  # (named as arguments: offered first)
    values = [t for t in stated if " " not in t or any(f"{q}{t}{q}" in task for q in "'\"")]
    # (not a word of a text given whole: "2026" of "'Lantern Market 2026'")
    values = [v for v in values if not any(
        " " in o and re.search(rf"(?<![\w.]){re.escape(v)}(?![\w.])", o) for o in values
        if o != v)]
    given = [f for f in given_files(task, named, files) if f not in values]
    if not given:
        return tuple(dict.fromkeys(values))
    return tuple(dict.fromkeys(sorted([*values, *given], key=lambda v: (
        task.find(v) if v in task else len(task)))))
