"""Positive verifier of a small data file the task creates: a CSV or a JSON file holding
exactly what the task states, compared parsed, not as text.

Derived from the task alone, by structure, never from what the agent wrote:

* a CSV: the task's comma-joined tokens ("the header name,hex and one row red,#ff0000"), in
  order, are the file's rows, and nothing more;
* a JSON list: the file's items are one enumeration of the task ("the numbers 1, 2 and 3"),
  whole (nothing before or after it in the same run), a number where the task writes one;
* a JSON object: the task's enumeration after the key words ("with name set to Ada and age
  set to 36", "where theme is dark and volume is 7", "with a_mm 114, b_mm 650 and mount
  "eq"") is made of exactly the file's pairs, each "key [is|set to|=|:] value", each key once.

A task that asks for an order or a change ("sorted", "reversed"), or denies something, is not
judged. Nothing else in the workspace may have changed.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from typing import Any

from autonomo.agent.verifying_snapshot import Changes, Snapshot
from autonomo.agent.verifying_task import negations, new_names
from autonomo.agent.verifying_verdict import Verdict

_ORDERING = re.compile(r"\b(?:sort|sorted|order|ordered|reverse|reversed|alphabetical\w*|"
                       r"shuffle\w*|unique|each|every|per)\b", re.IGNORECASE)
_ROWS = re.compile(r"(?<![^\s(:])[^\s,]+(?:,[^\s,]+)+(?=[\s.;:!?)]|$)")
#: (keys and values are matched with their case, the words around them in any case)
_JOIN = r"(?:\s*,\s*(?i:and\s+)?|\s+(?i:and)\s+)"
#: where an enumeration starts: no item before it
_ALONE = r"(?<![\w,])(?<!,\s)(?<!\band\s)(?<![-+.\d])"  # (not "1" of "-1")
#: the words of a task that only ask for the file and say how its values are laid out
_STRUCTURE = frozenset({
    "create", "make", "write", "save", "put", "store", "generate", "produce", "build",
    "new", "file", "files", "called", "named", "csv", "json", "object", "list", "array",
    "dict", "dictionary", "mapping", "maps", "map", "with", "containing", "contains",
    "holding", "holds", "having", "has", "where", "whose", "that", "which", "header",
    "headers", "column", "columns", "row", "rows", "line", "lines", "item", "items",
    "entry", "entries", "value", "values", "key", "keys", "pair", "pairs", "field",
    "fields", "number", "numbers", "string", "strings", "word", "words", "text", "the", "a",
    "an", "and", "its", "in", "into", "of", "to", "as", "is", "are", "be", "one", "then",
    "following", "these"
})
_CONNECT = r"(?:\s+(?i:is|are|set\s+to|equal\s+to|of|as|to|=|->)\s+|\s*[:=]\s*|\s+)"


def creating(task: str, start: Snapshot, now: Snapshot, changes: Changes) -> Verdict | None:
    """One new CSV or JSON file the task names, nothing else changed: its parsed content is
    exactly the rows, items or pairs the task states."""
    if changes.removed or changes.changed or len(changes.added) != 1:
        return None
    (path,) = changes.added
    kind = path.lower().rsplit(".", 1)[-1]
    if kind not in ("csv", "json") or path not in new_names(task, start.files):
        return None
    if _ORDERING.search(task) or negations(task, ()):
        return Verdict.no("create", "the task asks for more than the values it states")
    text = now.files[path].text
    if text is None:
        return Verdict.no("create", f"{path} is too big or not text")
    bare = task.replace(path, " ")
    why = _csv(bare, text) if kind == "csv" else _json(bare, text)
    if why:
        return Verdict.no("create", f"{path}: {why}")
    return Verdict.yes("create", f"{path} holds exactly what the task states, nothing else "
                                 "changed")


def _csv(task: str, text: str) -> str:
    try:
        rows = [[c.strip() for c in r] for r in csv.reader(io.StringIO(text))
                if any(c.strip() for c in r)]
    except csv.Error:
        return "it does not parse as CSV"
    found = list(_ROWS.finditer(task))
    # cell by cell: '"a,b",c' is two cells, not the task's a,b,c
    if not found or rows != [m.group().split(",") for m in found]:
        return "its rows are not the task's comma-joined rows, in order"
    return _more(task, [(m.start(), m.end()) for m in found])


def _more(task: str, spans: list[tuple[int, int]]) -> str:
    """What the task states besides ``spans`` (the values judged): a number, a quoted text or
    a name (a capital not starting a sentence) may be one more row, item or pair."""
    rest = list(task)
    for start, end in spans:
        # a plural right after "the" names what the values are ("the primes 2, 3 and 5")
        if label := re.search(r"\bthe\s+([a-z]+s)\s+$", task[:start]):
            start = label.start(1)
        rest[start:end] = " " * (end - start)
    text = "".join(rest)
    # (a word in capitals only is a kind's name: "JSON", "CSV")
    if m := re.search(r"\d|[\"“‘]|(?<![.!?:]\s)(?<!^)\b[A-Z](?![A-Z]+\b)\w*", text.strip()):
        return f"the task states more than the file holds ({m.group()!r} …)"
    # any other word may ask for more ("and add a third column for email")
    if left := [w for w in re.findall(r"[^\W\d_]+", text.lower()) if w not in _STRUCTURE]:
        return f"the task says more than the values it states ({left[0]!r} …)"
    return ""


def _token(value: Any) -> str | None:
    """How the task writes a scalar value (a string as is or quoted, a number as digits)."""
    if isinstance(value, bool) or value is None:
        return f"(?i:{json.dumps(value)})"
    if isinstance(value, (int, float)):
        return re.escape(json.dumps(value)) + r"(?:\.0+)?" if isinstance(value, int) \
            else re.escape(json.dumps(value))
    if isinstance(value, str) and value and not re.fullmatch(
            r"-?\d+(?:\.\d+)?|true|false|null|none|yes|no|on|off", value, re.IGNORECASE):
        return rf"[\"'“‘]?{re.escape(value)}[\"'”’]?"
    return None  # a string of digits or a literal: the task's number or boolean is not
    # told from a string


def _json(task: str, text: str) -> str:
    try:
        data = json.loads(text)
    except ValueError:
        return "it does not parse as JSON"
    if isinstance(data, list):
        tokens = [_token(v) for v in data]
        if not data or None in tokens or any(isinstance(v, (dict, list)) for v in data):
            return "its items are not plain values the task states"
        run = _JOIN.join(t for t in tokens if t is not None)
        found = re.search(rf"{_ALONE}{run}(?!\w|{_JOIN}[\w\"'])", task)
        if found is None:
            return "its items are not one whole enumeration of the task"
        return _more(task, [found.span()])
    if not isinstance(data, dict) or not data:
        return "it is no JSON list or object"
    pairs = []
    for key, value in data.items():
        token = _token(value)
        if token is None or isinstance(value, (dict, list)):
            return f"the value of {key} is not a plain value the task states"
        spelled = re.escape(key).replace("_", "[_ ]")
        pairs.append(rf"(?i:the\s+)?[\"'“‘]?{spelled}[\"'”’]?{_CONNECT}{token}")
    # every pair once, in any order, as one enumeration of the task
    for order in _orders(pairs):
        if found := re.search(rf"{_ALONE}(?:{_JOIN.join(order)})(?!\w|{_JOIN}[\w\"'])",
                              task):
            return _more(task, [found.span()])
    return "its pairs are not exactly the task's enumeration of keys and values"


def _orders(pairs: list[str]) -> list[tuple[str, ...]]:
    """The pairs in every order (more than 4 pairs: only the file's order and reversed)."""
    if len(pairs) <= 4:
        return list(itertools.permutations(pairs))
    return [tuple(pairs), tuple(pairs[::-1])]
