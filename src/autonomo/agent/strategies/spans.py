"""Text a small model may put in a grounded text argument: spans of its situation.

A 135M model asked for the ``content`` of a file rambles ("Paris is a city of the world…")
or copies a file name into it. On a grammar-constrained model a text parameter marked
``"x-grounded": "text"`` is limited to the spans found here — words and phrases of the task,
the values of the files it has seen and the outputs of its commands that the task's words
point at (``facts``) — so the model chooses what to write instead of composing it. Code and
data files (see ``FREE_TEXT_SUFFIXES``) keep free text: their content is rarely a span.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from autonomo.agent.strategies.facts import FILLER

#: words a phrase of the task is not the content if it begins or ends with: fillers, the
#: verbs of an instruction, the words that introduce a file's name
_EDGES = FILLER | {"append", "add", "create", "make", "copy", "delete", "remove", "rename",
                   "move", "count", "list", "run", "called", "named", "containing", "text",
                   "word", "words", "line", "number", "file", "please", "saying", "says",
                   "reads", "reading", "phrase", "item", "contain", "contains", "holding",
                   "name", "value", "string", "entry", "you", "could", "can", "would",
                   "should", "must", "need", "i", "we", "end", "beginning", "bottom", "top",
                   "new", "row", "column", "cell", "header", "do", "what", "follow",
                   "instruction", "instructions", "sentence", "carry",
                   "them", "out", "last", "first"}
#: the words of an instruction (never the ends of a text it asks to write)
INSTRUCTION_WORDS = frozenset(_EDGES)

#: files whose content is written, not chosen (code, structured data)
FREE_TEXT_SUFFIXES = (".py", ".json", ".csv", ".js", ".ts", ".sh", ".html", ".css", ".yaml",
                      ".yml", ".toml", ".xml", ".ini", ".cfg", ".sql", ".md")
MAX_SPANS = 150
MAX_SPAN_CHARS = 300
_MAX_PHRASE_WORDS = 5
_QUOTED = re.compile(r"'([^']{1,200})'|\"([^\"]{1,200})\"")


def _clean(text: str) -> str:
    return text.strip().strip(".,;:!?").strip()


def task_spans(task: str, files: Iterable[str] = ()) -> list[str]:
    """Quoted texts, then phrases of up to five words between file names and punctuation,
    then single words (file names themselves excluded: they are paths, not content)."""
    names = set(files)
    spans: list[str] = [q.group(1) or q.group(2) for q in _QUOTED.finditer(task)]
    phrases: list[str] = []
    for clause in re.split(r"[.;:!?](?:\s|$)|,\s|\n", task):
        words = [w.strip(",.;:!?\"'()") for w in clause.split()]
        words = [w for w in words if w]
        runs: list[list[str]] = [[]]
        for word in words:
            if word in names or word.rstrip(".") in names:
                runs.append([])
            else:
                runs[-1].append(word)
        for run in runs:
            for size in range(min(_MAX_PHRASE_WORDS, len(run)), 0, -1):
                phrases += [" ".join(run[i:i + size]) for i in range(len(run) - size + 1)]
    spans += phrases
    # a phrase that begins or ends with a filler word ("the dog to") is a piece of the
    # sentence, not the text it asks for (quoted texts are kept whole)
    quoted = len(spans) - len(phrases)
    kept = [p for p in phrases
            if p.split()[0].lower() not in _EDGES and p.split()[-1].lower() not in _EDGES]
    # a piece of a longer phrase that is kept is not offered: a 135M model picks "dog" out
    # of "walk the dog" (the task states the numbers it means outright: ``literals``)
    return spans[:quoted] + [p for p in kept
                             if not any(p != q and f" {p} " in f" {q} " for q in kept)]


#: a number standing alone ("3", "-2.5"; not a piece of "v2", "2025-03-14", "bob,7" or
#: "PORT=8")
_NUMBER = re.compile(r"(?<![\w.=-])(?<!\S,)-?\d+(?:\.\d+)?(?![\w-]|,\S|\.\w)")
#: a setting written out: "TIMEOUT=30", "mode=fast"
_SETTING = re.compile(r"(?<![\w=])[A-Za-z_][\w.-]*=[^\s,;]*[^\s,;.]")


#: a code: letters and digits together ("B-14", "LX318", "v2.1"), not a file name
_CODE = re.compile(r"(?<![\w.-])(?=[\w.-]*\d)(?=[\w.-]*[A-Za-z])\w+(?:[.-]\w+)*(?![\w-])")


def codes(task: str, files: Iterable[str] = ()) -> list[str]:
    """The codes a task writes out (letters and digits together), file names left out."""
    for name in files:
        task = task.replace(name, " ")
    return [c for c in _CODE.findall(task) if not c.endswith(".")]


def is_number(text: str) -> bool:
    return _NUMBER.fullmatch(text) is not None


_AFTER_COLON = re.compile(r":\s+([^:\n]{1,200}?)[\s.]*(?:$|\n)")
_PLACEHOLDER = re.compile(r"[<{\[][^<>{}\[\]]{1,40}[>}\]]")


def literals(task: str, files: Iterable[str] = (), *, placeholders: bool = False) -> list[str]:
    """The texts a task states outright: quoted texts, the rest of a line after a colon
    ("a line that reads: …"), settings ("PORT=80"), numbers (not in its file names). A
    text holding a placeholder ("<the name>") is a template, not a text: only those with
    ``placeholders``."""
    for name in files:
        task = task.replace(name, " ")
    # "notes.txt: add a line …": a file name heading the task, then what to do with it
    told = re.sub(r"^\s*:", " ", task)
    found = ([q.group(1) or q.group(2) for q in _QUOTED.finditer(task)]
             + _AFTER_COLON.findall(told) + _SETTING.findall(task))
    if placeholders:
        return [t for t in found if _PLACEHOLDER.search(t)]
    return [t for t in found if not _PLACEHOLDER.search(t)] + _NUMBER.findall(task)


def choose(spans: Iterable[str]) -> tuple[str, ...]:
    """Unique, non-empty spans that fit, in order, at most ``MAX_SPANS``."""
    seen: dict[str, None] = {}
    for span in spans:
        span = span.strip()
        if span and len(span) <= MAX_SPAN_CHARS and span not in seen:
            seen[span] = None
            if len(seen) >= MAX_SPANS:
                break
    return tuple(seen)


def needs_free_text(path: str) -> bool:
    return path.lower().endswith(FREE_TEXT_SUFFIXES)
