"""``objects.objects`` as it was before it was made near-linear (main at e1388c4), kept
word for word as the reference the benchmark (``benchmarks/task_scale.py``) and the property
test (``tests/test_objects_scale.py``) compare the new one with. Not used by the agent.

For each writing verb of a clause, ``_end`` tested every later word against every name the
task gives: cubic in a task that names hundreds of files ("add f0.txt add f1.txt …").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from autonomo.agent.strategies.facts import FILLER
from autonomo.agent.strategies.objects import (
    _ANNOUNCED,
    _CLAUSE,
    _DESCRIBING,
    _PLACES,
    _QUOTED,
    _VERBS,
    MAX_OBJECT_WORDS,
    _as_lines,
    _position,
)


def objects_before(task: str, files: Iterable[str] = ()) -> list[str]:
    """The objects of the task's writing verbs, whole, in its order; an enumeration of short
    items as one item a line."""
    names = [n for n in files if n]
    out: list[str] = []
    for clause in _CLAUSE.finditer(task):
        text = clause.group(0)
        words = list(re.finditer(r"\S+", text))
        for i, verb in enumerate(words):
            if verb.group(0).lower().strip(",:") not in _VERBS or i + 1 >= len(words):
                continue
            if verb.group(0).endswith((",", ":")):
                continue  # ("add:" introduces what follows the colon: ``spans.literals``)
            end = _end(words, i + 1, names)
            if end is None:
                continue
            found = text[words[i + 1].start():words[end - 1].end()].strip(" ,;:")
            if found := _object_before(found, names):
                # (several items: one a line only; a 135M model took the phrase whole)
                out += _as_lines(found) or [found]
            break  # (one object a verb clause)
    return list(dict.fromkeys(out))


def _end(words: list[re.Match[str]], start: int, names: list[str]) -> int | None:
    """The index after the object's last word: before the preposition that leads to a file
    the clause names later, or before the file itself, or at the clause's end when it names
    no file after the object; None when the object would hold a file's name."""
    after_name = [j for j in range(start, len(words))
                  if any(n in words[j].group(0) for n in names)]
    last = after_name[0] if after_name else len(words)
    if last == start:
        return None
    for j in range(start + 1, last):
        if words[j].group(0).lower() in _PLACES and (after_name or _position(words[j + 1:])):
            return j
    return last


def _object_before(found: str, names: list[str]) -> str | None:
    """``found`` as an object, or None when it describes the text rather than being it."""
    # (the text after the noun that announces it: "the line 10.0.0.7 nas")
    found = _ANNOUNCED.sub("", found, count=1)
    if (quoted := _QUOTED.match(found)) is not None:
        return quoted.group(2)  # (what the quotes hold, as ``spans.literals`` has it)
    words = found.split()
    if not words or len(words) > MAX_OBJECT_WORDS or any(n in found for n in names):
        return None
    first = words[0]
    if first.lower() in _DESCRIBING | FILLER and not first[:1].isupper():
        return None
    if first.lower() in _DESCRIBING and len(words) == 1:
        return None
    return found.rstrip(".")
