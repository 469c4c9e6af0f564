"""CSV text from a task's phrases: a new table's header and rows, a new row of a table.

A 135M model asked for a CSV file writes the task's phrase on one line ("Mon Abebe, Tue
Carla"). A table has a shape a task fills plainly: its columns named after a word of
the lexicon below ("with the columns day and nurse"), its rows an enumeration of items
each holding one value per column ("Mon Abebe, Tue Carla", "A101 has 30 seats, B204 has
12"). A row added to an existing table takes, for each column, a word of the task like
the column's cells: one of its values when the column holds a few repeated ones
(yes/no), else a word of the same form (a capitalised name, a number, a code). Nothing
here knows a task.

Lexicon (closed): ``column``, ``columns``, ``header``, ``headers``, ``field``, ``fields``
introduce the columns; ``row``/``rows`` (and a colon after them) the rows.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable

from autonomo.agent.csv_text import table_rows

_COLUMNS = re.compile(
    r"\b(?:columns?|headers?|fields?)\s+(?:row\s+|line\s+)?(?:named\s+|called\s+|are\s+)?"
    r"(.+?)(?=\s*[;:.]\s|\s*[;:.]?$|,\s+and\b|\s+and\s+(?:(?:a|an|the|one|two|three|four|"
    r"five|six|\d+|data|some|these)\s+){0,2}rows?\b"
    r"|\s+(?:with|plus)\b)", re.IGNORECASE)
#: (a colon of a time, "06:10", is not one that introduces the rows)
_ROWS = re.compile(r"\brows?\b[^:]{0,40}?(?::(?!\d)\s*|\s+(?=\S+,\S))(.+)$", re.IGNORECASE)
#: words between the values of an item ("A101 has 30 seats")
_LINKING = {"a", "an", "the", "has", "have", "had", "is", "are", "was", "with", "of", "for",
            "at", "in", "on", "by", "to", "and", "gets", "get"}
_ITEM_SPLIT = re.compile(r",\s+|;\s*|\s+and\s+")
MAX_ROWS = 6
MAX_SAMPLED = 200


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def _text(rows: Iterable[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def header(task: str) -> list[str]:
    """The columns a task names after ``column(s)``/``header``/``fields``."""
    for found in _COLUMNS.finditer(task):
        names = []
        for name in re.split(r",\s*|\s+and\s+", found.group(1)):
            name = name.strip().strip("\"'`")
            if not re.fullmatch(r"[\w-]+", name) or name.lower() in ("row", "rows"):
                break  # the names end where the words are no longer one name each
            names.append(name)
        if 2 <= len(names) <= 12:
            return names
    return []


def _cells(item: str, columns: list[str]) -> list[str] | None:
    """An item's values, one per column: its cells when comma-joined ("Rex,dog"), else its
    words without the linking words and the columns' own names ("A101 has 30 seats"); of
    more words, the last ones when they hold a number or a capital ("then tent 2100")."""
    item = item.strip().rstrip(".").strip()
    if "," in item and " " not in item:
        cells = item.split(",")
    else:
        names = {_stem(c) for c in columns}
        cells = [w for w in item.split() if w.lower() not in _LINKING and _stem(w) not in names]
        if len(cells) > len(columns):  # a name of several capitalised words is one cell
            cells = re.sub(r"\b([A-Z][^\s\d]*)\s+(?=[A-Z][^\s\d]*\b)", "\\1\x00",
                           " ".join(cells)).replace("\x00", "\x01").split()
            cells = [c.replace("\x01", " ") for c in cells]
        # (a verb between the values: "Tariq runs leg 1" → Tariq, 1; only when the others
        # then fill the columns exactly)
        if len(cells) > len(columns) and len(
                kept := [c for c in cells if not re.fullmatch(r"[a-z]+", c)]) == len(columns):
            cells = kept
        last = cells[-len(columns):]
        if len(cells) > len(columns) and any(re.search(r"\d|^[A-Z]", c) for c in last):
            cells = last
    return cells if len(cells) == len(columns) and all(cells) else None


#: a header written as cells: words joined by commas ("item,weight")
_HEADER_CELLS = re.compile(r"(?<![\w,])([A-Za-z_][\w-]*(?:,[A-Za-z_][\w-]*)+)(?!\w|,\S)")


def new_table(task: str) -> list[str]:
    """A new CSV file's text: the header the task names (after a word of the lexicon, or
    written as cells) and the items after it that hold one value per column, as rows."""
    columns = header(task)
    found_columns = _COLUMNS.search(task) if columns else _HEADER_CELLS.search(task)
    if found_columns is None:
        return []
    columns = columns or found_columns.group(1).split(",")
    rest = task[found_columns.end():]
    found = _ROWS.search(rest) or re.search(r":(?!\d)\s*(.+)$", rest)
    body = found.group(1) if found else rest
    rows = [cells for item in _ITEM_SPLIT.split(body) if (cells := _cells(item, columns))]
    return [_text([columns, *rows[:MAX_ROWS]])]


# -- a row for an existing table ------------------------------------------------------------------

_TOKEN = re.compile(r"[\w@.:/+-]*\w")
#: a name of several words: capitalised words, short lower-case ones between ("Refuge du
#: Pic Blanc", "Isle of Man"), for a column whose cells are names of several words
_NAME_RUN = re.compile(r"\b[A-ZÀ-ÖØ-Þ][^\W_]*(?:\s+(?:[a-z]{1,3}\s+){0,2}[A-ZÀ-ÖØ-Þ][^\W_]*)+")


def _form(cell: str) -> str:
    """What a cell looks like: a number, a capitalised word, a lower-case word, a code."""
    cell = cell.strip()
    if re.fullmatch(r"-?\d+(?:\.\d+)?", cell):
        return "number"
    if re.fullmatch(r"[^\W\d_][^\W\d]*(?:\s+[^\W\d_][^\W\d]*)*", cell):
        return "Word" if cell[0].isupper() else "word"
    if re.fullmatch(r"[\w.-]+@[\w.-]+", cell):
        return "email"
    return "code" if re.search(r"\d", cell) and re.search(r"[A-Za-z]", cell) else "other"


def _numbers(cells: list[str], picked: list[str]) -> list[str]:
    """Of the numbers ``picked``, those written like the column's cells when some are: whole
    numbers for a column of counts, decimals for one of prices ("12 cartons at 1.85":
    12 is the quantity, 1.85 the price)."""
    whole = [re.fullmatch(r"-?\d+", c) is not None for c in cells]
    if all(whole) or not any(whole):
        like = [t for t in picked if (re.fullmatch(r"-?\d+", t) is not None) == whole[0]]
        return like or picked
    return picked


def _phrases(task: str, skip: set[str]) -> list[str]:
    """The runs of two or three words of the task that hold no digit nor a word that links
    or instructs ("oat milk" of "12 cartons of oat milk at 1.85 each"): the value of a
    column whose cells are several words."""
    runs: list[list[str]] = [[]]
    for word in re.findall(r"[^\s,;:.!?()]+", task):
        if word.lower() in skip or word.lower() in _LINKING or re.search(r"\d", word):
            runs.append([])
        else:
            runs[-1].append(word)
    return [" ".join(r) for r in runs if 2 <= len(r) <= 3]


def row_for(text: str, task: str, files: Iterable[str] = (),
            skipped: Iterable[str] = ()) -> list[str]:
    """Rows for the CSV ``text`` from the task's words: per column, one of its values when
    the column repeats a few (``yes``/``no``), else a word of the task of the same form as
    the column's cells and not one it holds yet in its first column (a new row names
    something new); words of ``skipped`` (an instruction's), the columns' names and file
    names left out. Each row as a line (without its newline)."""
    # (a sample of its rows: the columns' forms show in the first ones)
    sample = "\n".join(text[:MAX_SAMPLED * 200].splitlines()[:MAX_SAMPLED])
    rows = table_rows(sample)
    if len(rows) < 2 or len(rows[0]) < 2:
        return []
    head, body = rows[0], [r for r in rows[1:] if len(r) == len(rows[0])]
    for name in files:
        task = task.replace(name, " ")
    skip = {w.lower() for w in skipped} | {_stem(c) for c in head} | {c.lower() for c in head}
    tokens = [t for t in _TOKEN.findall(task) if t.lower() not in skip and _stem(t) not in skip]
    names = [m.group(0) for m in _NAME_RUN.finditer(task)]
    choices: list[list[str]] = []
    for col in range(len(head)):
        cells = [r[col].strip() for r in body]
        values = {c.lower() for c in cells}
        if len(values) < len(cells) or values <= {"yes", "no", "true", "false", "y", "n"}:
            picked = [t for t in tokens if t.lower() in values]
        else:
            forms = {_form(c) for c in cells}
            picked = [t for t in tokens if _form(t) in forms
                      and (col > 0 or t.lower() not in values)]
            if forms == {"number"}:
                picked = _numbers(cells, picked)
            spaced = any(" " in c for c in cells)
            if spaced and (runs := [r for r in names if r.lower() not in values
                                    and not {w.lower() for w in r.split()} & skip]):
                # (a name of several words, whole; not its words alone: "Pic")
                picked = runs + [t for t in picked if not any(t in r.split() for r in runs)]
            elif spaced and forms & {"word"} and (runs := [
                    r for r in _phrases(task, skip) if r.lower() not in values]):
                # (lower-case words: a thing's name of two words, "oat milk", first; alone
                # when every cell has several: a 135M model took "cartons" of "12 cartons of
                # oat milk")
                picked = runs + ([] if all(" " in c for c in cells) else [
                    t for t in picked if not any(t in r.split() for r in runs)])
        if not picked:
            return []
        choices.append(list(dict.fromkeys(picked))[:3])
    out: list[list[str]] = [[]]
    for options in choices:
        out = [[*r, o] for r in out for o in options if o not in r][:MAX_ROWS]
    return [_text([r]).rstrip("\n") for r in out]
