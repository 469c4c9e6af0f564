"""Edits of one cell of a CSV table: the row the task names by one of its cells, the column
it names by its header or by one of the column's values.

"candidate C-118 moves to room B12", "mark order 1042 as shipped", "Omar's seat is 14C now":
a cell of the task's (``C-118``, ``1042``, ``Omar``) that one row alone holds picks the row;
the column is the one whose header the task says with a value right after it ("room B12",
"seat is 14C"), or, for a column of a few repeated values, the one holding a word of the
task ("shipped" of pending/shipped). The edit replaces that row's line by the same line with
that cell changed, and nothing else: another row that holds the new value ("B12" is also
C-131's room) is never a piece. Nothing here knows a task.
"""

from __future__ import annotations

import re

from autonomo.agent.csv_text import table_rows
from autonomo.agent.strategies.tables import _form

_TOKEN = re.compile(r"[\w@.:/+-]*\w")
#: words between a column's name and its new value ("room is now B12", "seat to 14C")
_LINKS = {"is", "are", "be", "to", "now", "becomes", "should", "will", "of", "at", "in",
          "=", "the", "a", "an", "new", "from"}
#: a table larger than this (in characters) is not searched
MAX_TEXT = 20000


def _row_line(lines: list[str], row: list[str]) -> str | None:
    """The one line of the table that is ``row`` written plainly (cells joined by commas)."""
    plain = ",".join(row)
    found = [line for line in lines if line.strip() == plain]
    return found[0] if len(found) == 1 else None


def _keys(body: list[list[str]], said: set[str]) -> list[tuple[int, str]]:
    """(row, cell) for each cell of the task that its column holds once: the rows it may
    name."""
    picked = []
    for col in range(len(body[0])):
        cells = [r[col].strip().lower() for r in body]
        picked += [(n, c) for n, c in enumerate(cells) if c in said and cells.count(c) == 1]
    return picked


def _changes(head: list[str], body: list[list[str]], row: list[str], tokens: list[str],
             key: str) -> dict[int, str]:
    """The cells of ``row`` the task gives a value, by column (never ``key``, the cell that
    names the row): a new value, or the one it holds already (the edit is made)."""
    changed: dict[int, str] = {}
    lowered = [t.lower() for t in tokens]
    for col, name in enumerate(head):
        cells = [r[col].strip() for r in body]
        if name.lower() in lowered:  # "room B12": the value after the column's name
            after = [t for t in tokens[lowered.index(name.lower()) + 1:][:4]
                     if t.lower() not in _LINKS]
            lowered_cells = [c.lower() for c in cells]
            # (not a value of a column of distinct values that another row holds: that
            # cell names its row, "candidate C-118", it is no new value)
            if after and after[0].lower() not in {h.lower() for h in head} and (
                    _form(after[0]) in {_form(c) for c in cells}) and not (
                    len(set(lowered_cells)) == len(cells) and after[0].lower() in lowered_cells):
                changed[col] = after[0]
        elif len({c.lower() for c in cells}) < len(cells):  # "as shipped": a repeated value
            news = {t.lower() for t in tokens if t.lower() in {c.lower() for c in cells}} - {key}
            if len(news) == 1:
                new = news.pop()
                changed[col] = next(c for c in cells if c.lower() == new)
    return {col: new for col, new in changed.items() if new.lower() != key}


def _found(text: str, task: str) -> tuple[set[tuple[int, int, str]], bool, list[list[str]]]:
    """(row, column, new value) of each cell the task gives a new value; whether the cell it
    names holds its value already; the table's body."""
    if len(text) > MAX_TEXT:
        return set(), False, []
    rows = table_rows(text)
    if len(rows) < 3 or len(rows[0]) < 2 or any(len(r) != len(rows[0]) for r in rows):
        return set(), False, []
    head, body = [h.strip() for h in rows[0]], rows[1:]
    tokens = _TOKEN.findall(task)
    found, made = set(), False
    for at, key in _keys(body, {t.lower() for t in tokens}):
        row = [c.strip() for c in body[at]]
        for col, new in _changes(head, body, row, tokens, key).items():
            if new == row[col]:
                made = True
            else:
                found.add((at, col, new))
    return found, made, body


def table_edit(text: str, task: str) -> tuple[list[tuple[str, tuple[str, ...]]], bool]:
    """``cell_edits`` and ``settled`` of one reading of the table (a step asks both)."""
    found, made, body = _found(text, task)
    done = made and not found
    if len(found) != 1:
        return [], done
    at, col, new = next(iter(found))
    row = [c.strip() for c in body[at]]
    line = _row_line(text.splitlines(), row)
    if line is None:
        return [], done
    return [(line, (",".join([*row[:col], new, *row[col + 1:]]),))], done


def settled(text: str, task: str) -> bool:
    """Whether the cell the task names holds the value it gives already, and no other is to
    change: the edit is made (no other piece of the table is to be replaced after it)."""
    return table_edit(text, task)[1]


def cell_edits(text: str, task: str) -> list[tuple[str, tuple[str, ...]]]:
    """(the row's line, (the line with the cell changed,)) for a task that names one row of
    the CSV ``text`` and a new value for one of its cells; empty otherwise."""
    return table_edit(text, task)[0]
