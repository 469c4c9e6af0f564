"""What of a program's output a task asks to keep: all of it ("its output", "whatever it
prints"), or one part it names ("the word it reports as most common", "only the total",
"the last line"). A 135M model offered the whole line "most common: tide (4)" and a stray
"1" wrote "1"; offered the whole of four lines for "the name of the heaviest hive", it
wrote all four.

A part is found by the task's words, never by a task: the output line whose label shares a
word with the task ("heaviest: Heather" for "the heaviest hive"), or the line the task
counts to ("the last line"); of it, the piece of the kind the task's noun names (a number
for "total", a word for "word", a capitalised name for "name").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from autonomo.agent.finishing_record import WRITING
from autonomo.agent.strategies.facts import stem

#: words that point at all a program printed, not a part of it
WHOLE = re.compile(r"\b(?:them|all|everything|whole|its\s+(?:output|answer|result)|the\s+output|"
                   r"what(?:ever)?\s+(?:[\w./-]+\s+){0,3}(?:prints?|outputs?|shows?|says?|gives?|"
                   r"returns?|reports?))\b", re.IGNORECASE)
#: nouns of a part of a printed line, by the kind of piece they name
_NUMBERS = {"number", "total", "sum", "count", "amount", "figure", "price", "score",
            "average", "mean", "median", "percentage"}
_KINDS = {**dict.fromkeys(_NUMBERS, "number"), "word": "word", "name": "name",
          "line": "line"}
#: "the last line", "its first line": a line counted from an end
_COUNTED = re.compile(r"\b(last|final|first|top|bottom)\s+line\b", re.IGNORECASE)
#: words that ask for a part alone
_ONLY = re.compile(r"\b(?:only|just|nothing\s+else|alone)\b", re.IGNORECASE)
_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)*")
_WORD = re.compile(r"[^\W\d_][\w'-]*")
#: a line's label and its value: "heaviest: Heather", "mean = 4.5", "total - 12"
_LABELLED = re.compile(r"^\s*([^:=]{1,40}?)\s*(?::|=|\s-\s)\s*(.+)$")
#: words too common to key a line by
_COMMON = {"the", "a", "an", "it", "its", "and", "or", "of", "in", "on", "to", "is", "as",
           "that", "this", "which", "what", "for", "with", "by", "at", "be", "just", "only",
           "put", "write", "save", "store", "keep", "run", "prints", "print", "reports",
           "report", "says", "shows", "output", "outputs", "file", "nothing", "else", "into"}


def _words(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[^\W\d_]+", text.lower())} - _COMMON


#: a noun, then what prints it: "the total it prints", "the word word_freq.py reports"
_PRINTED_NOUN = re.compile(r"\b([A-Za-z]+)\s+(?:that\s+|which\s+)?(?:it|the\s+(?:script|program)|"
                           r"[\w./-]+\.py)\s+(?:prints|outputs|reports|shows|gives|says|"
                           r"returns|writes|displays|names)\b", re.IGNORECASE)


def _kind(task: str) -> str | None:
    """The kind of piece the task's noun of a part names (None: no such noun)."""
    # (the noun after "only"/"just" first: "only the total amount (the number)")
    after = re.search(r"\b(?:only|just)\s+(?:the\s+)?(?:\w+\s+)?(\w+)", task, re.IGNORECASE)
    if after and stem(after.group(1).lower()) in _KINDS:
        return _KINDS[stem(after.group(1).lower())]
    # (a noun of what is printed: "the number it prints", "the word it reports as …"; not
    # one that says what the program is given: "96 and 4 (total, then people)")
    kinds = [_KINDS[stem(m.group(1).lower())] for m in _PRINTED_NOUN.finditer(task)
             if stem(m.group(1).lower()) in _KINDS]
    if not kinds:
        return None
    return "number" if "number" in kinds else kinds[0]


def _piece(value: str, kind: str) -> str | None:
    value = re.sub(r"\s*\([^()]*\)\s*$", "", value).strip()  # ("tide (4)": its count)
    if kind == "number":
        found = _NUMBER.findall(value)
        return found[0] if len(found) == 1 else None
    if kind == "name":
        names = re.findall(r"\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*", value)
        return names[0] if len(names) == 1 else (value if len(value.split()) == 1 else None)
    if kind == "word":
        found = _WORD.findall(value)
        return found[0] if len(found) == 1 else None
    return value or None


def parts(output: str, task: str, named: Iterable[str] = ()) -> list[str]:
    """The pieces of ``output`` the task asks for, when it names a part of it (none when
    it names none, or no line of the output is the one it means)."""
    kind = _kind(task)
    counted = _COUNTED.search(task)
    only = _ONLY.search(task)
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    if not lines or (kind is None and not counted and not only):
        return []
    if counted:
        line = lines[-1] if counted.group(1).lower() in ("last", "final", "bottom") else lines[0]
        return [line]
    said = task
    for name in named:
        said = said.replace(name, " ")
    # the words of the clause that asks for the part first ("… prints 'n: 5' and 'avg: 2.5';
    # write only the avg": avg, not n), then all the task's
    clause = re.split(r"[.;!?]\s|\s-\s", said[:only.start()])[-1] + said[only.start():] \
        if only else said
    for words in (_words(clause), _words(said)):
        found = _keyed(lines, words - {"line", "number", "word", "name"}, kind)
        if found is not None:
            return found
    return []


def _keyed(lines: list[str], told: set[str], kind: str | None) -> list[str] | None:
    """The one piece of the lines whose label (or words) share most of ``told``; [] when
    lines are keyed but give no one piece; None when no line is keyed."""
    keyed: list[tuple[int, str]] = []
    for line in lines:
        labelled = _LABELLED.match(line)
        label, value = labelled.groups() if labelled else ("", line)
        shared = _words(label or line) & told
        if not shared:
            continue
        if not label:  # ("TOTAL 25.9": the line without the task's words)
            value = " ".join(w for w in line.split() if stem(w.lower()) not in told)
        keyed.append((len(shared), value))
    if not keyed and len(lines) == 1:
        keyed = [(0, lines[0])]
    if not keyed:
        return None
    best = max(n for n, _ in keyed)
    found = [p for n, value in keyed if n == best
             and (p := _piece(value, kind or "line")) is not None]
    return list(dict.fromkeys(found)) if len(set(found)) == 1 else []


def narrowed(ran: Iterable[str], texts: tuple[str, ...], task: str,
             named: Iterable[str]) -> tuple[str, ...]:
    """The texts offered once a program the task names printed ``ran``: the part the task
    asks for alone; what it printed, whole, alone when the task points at all of it;
    ``texts`` otherwise."""
    ran = [r for r in ran if r.strip()]
    if not ran:
        return texts
    named = list(named)
    if WHOLE.search(task) and not _ONLY.search(task) and not _COUNTED.search(task):
        return tuple(ran)  # ("save its output": not the number its line holds)
    found = list(dict.fromkeys(p for out in ran for p in parts(out, task, named)))
    return tuple(found) if len(found) == 1 else texts


def made_by_programs(episodes: Iterable[Any], task_index: int, targets: Iterable[str],
                     existed: Iterable[str] | None, files: Iterable[str]) -> bool:
    """Whether every one of ``targets`` (files a write may go to) is a file a program the
    task ``task_index`` ran made: not there at the start (``existed``), written by no
    command, there now (``files``) after a run ("run a.py - it writes b.txt": b.txt is its
    output; a 135M model wrote the runner's "Exit code 0." over it)."""
    if existed is None or not (targets := set(targets)) or targets & set(existed) \
            or not targets <= set(files):
        return False
    ran = False
    done: set[str] = set()
    for e in episodes:
        if e.task_index != task_index or e.result is None or e.result.status != "success":
            continue
        ran = ran or e.action.name == "execute_python_file"
        if (key := WRITING.get(e.action.name)) is not None:
            done.add(str(e.action.arguments.get(key) or ""))
    return ran and not targets & done
