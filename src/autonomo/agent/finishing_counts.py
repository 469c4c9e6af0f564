"""A count is verified only when it is a count of the task's source.

A task asks how many (``how many``, ``number of``, ``count``) of something in a file it
names. The number the run wrote is accepted only if counting that file some plain way gives
it: its lines, its non-empty lines, its rows under a header, its words; a column's cells or
distinct values; a JSON list's items or a key's distinct values; the lines or rows holding
a word of the task; the occurrences of a literal the task quotes (``(def test_...)``); a
table's rows that hold a value the task says ("marked done (yes)"), and then only those.
A table's header is no row unless the task counts lines.
A quantity the source states ("the number of minutes", where it says "25 minutes") is a
value to look up, not a count: no verdict. Two words of the task narrow the ways: a literal
it quotes is what is counted, and "distinct"/"unique"/"different" ask for distinct values
only. A number no such count gives is not verified.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping

from autonomo.agent.finishing_record import Reader, Record, without

_ASKS_COUNT = re.compile(r"\b(?:how\s+many|number\s+of|count(?:s|ing)?)\s+(?:the\s+)?"
                         r"(?P<what>[a-z]+(?:\s+[a-z]+)?)", re.IGNORECASE)
_DISTINCT = re.compile(r"\b(?:distinct|unique|different)\b", re.IGNORECASE)
#: a literal the task quotes: in quotes, backticks or parentheses, with a symbol in it
_LITERAL = re.compile(r"`([^`\n]{2,60})`|'([^'\n]{2,60})'|\"([^\"\n]{2,60})\"|\(([^()\n]{2,60})\)")


def _literals(task: str) -> list[str]:
    """The code-like literals the task quotes, an ellipsis at the end dropped."""
    found = []
    for m in _LITERAL.finditer(task):
        text = next(g for g in m.groups() if g)
        text = re.sub(r"(?:\.\.\.|…)$", "", text.strip())
        if text and re.search(r"[^\w\s]|_", text):
            found.append(text)
    return found


def _table(text: str) -> list[list[str]]:
    if "," not in text.partition("\n")[0]:
        return []
    try:
        return [r for r in csv.reader(io.StringIO(text)) if any(c.strip() for c in r)]
    except csv.Error:
        return []


def _json_counts(text: str, distinct: bool) -> set[int]:
    try:
        data = json.loads(text)
    except ValueError:
        return set()
    counts: set[int] = set()
    items = data if isinstance(data, list) else list(data.values()) \
        if isinstance(data, dict) else []
    if not distinct:
        counts.add(len(items))
    keyed: dict[str, list[str]] = {}
    for item in items:
        for key, value in (item.items() if isinstance(item, dict) else []):
            values = value if isinstance(value, list) else [value]
            keyed.setdefault(key, []).extend(json.dumps(v) for v in values)
    for values in keyed.values():
        counts.add(len(set(values)))
        if not distinct:
            counts.add(len(values))
    return counts


def candidates(task: str, text: str) -> set[int]:
    """The counts of ``text`` the task may ask for (see the module's text)."""
    literals = _literals(task)
    if literals:
        return {n for lit in literals for n in (
            text.count(lit), sum(lit in line for line in text.splitlines()))}
    distinct = bool(_DISTINCT.search(task))
    lines = text.splitlines()
    full = [line for line in lines if line.strip()]
    rows = _table(text)
    said = {w.lower() for w in re.findall(r"[A-Za-z]{2,}", task)}
    if len(rows) > 1:
        # a value of the table the task says ("marked done (yes)"): the rows holding it
        picked = {w for w in said if any(c.strip().lower() == w for r in rows[1:] for c in r)}
        if picked:
            return {sum(any(c.strip().lower() == w for c in r) for r in rows[1:])
                    for w in picked}
    counts = _json_counts(text, distinct)
    if len(rows) > 1:
        for at in range(len(rows[0])):
            cells = [r[at].strip() for r in rows[1:] if at < len(r) and r[at].strip()]
            counts.add(len(set(cells)))
            if not distinct:
                counts.add(len(cells))
    counts.add(len({line.strip() for line in (full[1:] if len(rows) > 1 else full)}))
    if distinct:
        return counts
    counts.add(len(full) - 1)
    if len(rows) < 2 or said & {"line", "lines"}:
        # a table's header is no row, unless lines are counted; its words are its lines
        counts |= {len(lines), len(full), len(text.split())}
    for word in said - {"line", "lines"}:
        if len(word) < 3:
            continue
        stem = word[:-1] if word.endswith("s") else word
        holding = [line for line in (full[1:] if len(rows) > 1 else full)
                   if stem in line.lower()]
        if holding:
            counts |= {len(holding), len(holding) - 1,
                       len(re.findall(re.escape(stem), text, re.IGNORECASE))}
    return counts


def _count(task: str, named: Iterable[str], record: Record, read: Reader,
           starts: Mapping[str, str]) -> tuple[str, str, bool] | None:
    """(the number written, its source, whether a count of the source gives it) for a
    task that asks a count of one named source, with one number written; else None."""
    task = without(task, named)
    asked = _ASKS_COUNT.search(task)
    if asked is None:
        return None
    sources = [n for n in named if n in starts and starts[n] and n not in record.written]
    written = [t for p in sorted(record.written) if (t := read(p)) is not None]
    numbers = [n for t in written for n in re.findall(r"(?<![\w.:-])\d+(?![\w.:]\d)", t)]
    if len(sources) != 1 or len(numbers) != 1:
        return None
    text = starts[sources[0]]
    if any(re.search(rf"\d\s*{re.escape(w)}", text, re.IGNORECASE)
           for w in asked.group("what").split()):
        return None  # "the number of minutes" where it says "25 minutes": a value to look up
    return numbers[0], sources[0], int(numbers[0]) in candidates(task, text)


def count_verified(task: str, named: Iterable[str], record: Record, read: Reader,
                   starts: Mapping[str, str]) -> bool:
    """Whether the run wrote a count a plain count of the named source gives: positive
    evidence, which the guesses about numbers (``made_up_number`` …) give way to."""
    found = _count(task, named, record, read, starts)
    return found is not None and found[2]


#: words that ask for all the values, not some
_ALL = re.compile(r"\b(?:every|all|each|unique|distinct|list)\b", re.IGNORECASE)


def _keyed_values(data: object, key: str) -> list[str]:
    """The values under ``key`` in a JSON list of objects (or an object of them), lists
    flattened, as text."""
    items = data if isinstance(data, list) else list(data.values()) \
        if isinstance(data, dict) else []
    found: list[str] = []
    for item in items:
        if isinstance(item, dict) and key in item:
            value = item[key]
            found += [str(v) for v in (value if isinstance(value, list) else [value])
                      if isinstance(v, (str, int, float))]
    return found


def list_incomplete(task: str, named: Iterable[str], record: Record, read: Reader,
                    starts: Mapping[str, str]) -> str | None:
    """A task for every (unique) value of a key of a named JSON source ("every unique tag
    used in posts.json"), where the written list leaves some out."""
    if not _ALL.search(task):
        return None
    written = "\n".join(t for p in sorted(record.written) if (t := read(p)) is not None)
    words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", task)}
    for name in named:
        if not name.endswith(".json") or not starts.get(name) or name in record.written:
            continue
        try:
            data = json.loads(starts[name])
        except ValueError:
            continue
        keys = {k for item in (data if isinstance(data, list) else [data])
                if isinstance(item, dict) for k in item}
        for key in sorted(keys):
            if not {key.lower(), key.lower().rstrip("s"), key.lower() + "s"} & words:
                continue
            values = list(dict.fromkeys(_keyed_values(data, key)))
            left = [v for v in values if not re.search(
                rf"(?<![\w-]){re.escape(v)}(?![\w-])", written)]
            if values and written.strip() and left:
                return (f"Refused: the task asks for every {key} in {name}, but "
                        f"{', '.join(map(repr, left[:3]))} {'is' if len(left) == 1 else 'are'}"
                        " not in what you wrote. Write them all, then finish.")
    return None
