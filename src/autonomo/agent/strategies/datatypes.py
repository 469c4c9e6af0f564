"""Values derived from a file by its data type: an INI file's sections, a TOML file's tables
and its requirement lists as package names, a Python module's functions, a table's columns
(distinct values, the rows a yes/no column marks, rows before or after a date), records'
lists put together, and the lines one list has that another lacks.

``facts`` keys what a file holds by the words around it; what a task asks of data is often
a value the file does not hold as such — "the distinct countries", "the hosts of [db]", "the
runtime dependencies, just the names", "who joined" between two lists. Each is computed here
from the data's structure (never from a task's wording) and keyed by the data's own names
(a section, a column, a key, the files' names) plus the plain words of the operation, so
that ``ranking.rank`` offers the ones the task's words point at and the model chooses.

Lexicon (closed, documented): ``distinct``/``different``/``unique`` (``facts``); a date
bound — ``before``, ``earlier than``, ``prior to``, ``until`` (earlier), ``after``,
``later than``, ``since`` (later); a list's difference — ``only``, ``not``, ``missing``,
``new``, ``difference``; a Python module's parts — ``functions``/``def``, ``classes``.
"""

from __future__ import annotations

import ast
import calendar
import configparser
import datetime as dt
import json
import re
import tomllib
from collections.abc import Iterable
from dataclasses import replace

from packaging.requirements import InvalidRequirement, Requirement

from autonomo.agent.csv_text import table_rows
from autonomo.agent.strategies.facts import (
    COUNT_WORDS,
    DISTINCT_WORDS,
    LIST_WORDS,
    SORTED_WORDS,
    Fact,
    fact,
    json_facts,
    number_facts,
)
from autonomo.agent.strategies.values import part_names, parts, scan

_YES = {"yes", "true", "y", "1", "x"}
_NO = {"no", "false", "n", "0", ""}
#: files larger than this are not parsed here
MAX_TEXT = 200_000
MAX_ITEMS = 200


def _src(name: str) -> str:
    return " ".join(re.findall(r"[A-Za-z]+|\d+", name.rsplit(".", 1)[0]))


def ini_facts(src: str, text: str) -> list[Fact]:
    """An INI file's sections as objects (an entry without a value — a host of an inventory
    group — as a key of its section)."""
    parser = configparser.ConfigParser(allow_no_value=True, interpolation=None,
                                       delimiters=("=", ":"), strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    try:
        parser.read_string(text)
    except configparser.Error:
        return []
    data = {s: dict(parser.items(s, raw=True)) for s in parser.sections()}
    return json_facts(src, json.dumps(data)) if data else []


def _names(items: list[object]) -> list[str] | None:
    """The package names of a list of requirements ("click>=8.1" → ``click``)."""
    names = []
    for item in items:
        if not isinstance(item, str):
            return None
        try:
            names.append(Requirement(item).name)
        except InvalidRequirement:
            return None
    return names


def pins(text: str) -> dict[str, str]:
    """The version each package of a requirements text is pinned to ("numpy==1.26.4",
    "flask~=2.3"): the one version of its specifier, its operator apart; empty when most
    of its lines are no requirement with a version."""
    lines = [x.split("#", 1)[0].strip() for x in text.splitlines()]
    lines = [x for x in lines if x and not x.startswith("-")]
    found: dict[str, str] = {}
    for line in lines[:MAX_ITEMS]:
        try:
            specs = list(Requirement(line).specifier)
        except InvalidRequirement:
            continue
        if len(specs) == 1 and not specs[0].version.endswith("*"):
            found[Requirement(line).name] = specs[0].version
    return found if lines and 2 * len(found) >= len(lines) else {}


def pin_facts(src: str, text: str) -> list[Fact]:
    """Each package's pinned version (``pins``) under its name and the words of a version,
    without its operator: the version, not "=1.26.4"."""
    return [fact(f"{name} version pinned pin release", version, src, own=name)
            for name, version in pins(text).items()]


def toml_facts(src: str, text: str) -> list[Fact]:
    """A TOML file's tables (as JSON's), and of each list of requirements the packages'
    names alone ("name names package packages just only")."""
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return []
    out = json_facts(src, json.dumps(data, default=str))
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            stack += [(f"{path} {k}", v) for k, v in item.items()]
        elif isinstance(item, list) and len(item) > 1 and (names := _names(item)):
            out.append(fact(f"{path} name names package packages just only {LIST_WORDS}",
                            "\n".join(names), src))
    return out


def python_facts(src: str, text: str) -> list[Fact]:
    """A Python module's top-level functions and classes (names, how many), and its
    functions grouped by the first part of their names ("test_a", "test_b": the test
    functions)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    functions = [n.name for n in ast.walk(tree)
                 if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    classes = [n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    out: list[Fact] = []
    for label, names in (("functions function def defined defines", functions),
                         ("classes class defined defines", classes)):
        if names:
            out += [fact(f"{label} {LIST_WORDS}", "\n".join(names), src),
                    fact(f"{label} {COUNT_WORDS}", len(names), src)]
    groups: dict[str, list[str]] = {}
    for name in functions:
        if "_" in name.strip("_"):
            groups.setdefault(name.strip("_").split("_")[0], []).append(name)
    for prefix, names in groups.items():
        if 1 < len(names) < len(functions):
            out += [fact(f"{prefix} functions def {LIST_WORDS}", "\n".join(names), src,
                         own=prefix),
                    fact(f"{prefix} functions def {COUNT_WORDS}", len(names), src, own=prefix)]
    return out


# -- tables ---------------------------------------------------------------------------------------

_BOUND = re.compile(r"\b(before|earlier than|prior to|until|after|later than|since)\s+",
                    re.IGNORECASE)


def _day(text: str, late: bool) -> dt.date | None:
    """A date as written ("2026-10-22", "October 2026", "3 March 2025"); of a month without
    a day, its first day (its last with ``late``)."""
    text = text.strip()
    for form in ("%Y-%m-%d", "%d %B %Y", "%B %d, %Y", "%B %d %Y", "%d %b %Y", "%b %d, %Y"):
        try:
            return dt.datetime.strptime(text, form).date()
        except ValueError:
            pass
    for form in ("%B %Y", "%b %Y"):
        try:
            first = dt.datetime.strptime(text, form).date()
        except ValueError:
            continue
        last = calendar.monthrange(first.year, first.month)[1]
        return first.replace(day=last) if late else first
    return None


def date_bounds(task: str) -> list[tuple[bool, dt.date, str]]:
    """(later, date, as written) of each date bound the task states ("before October 2026")."""
    out = []
    for found in _BOUND.finditer(task):
        later = found.group(1).lower() in ("after", "later than", "since")
        value = next((v for v in scan(task[found.end():found.end() + 40])
                      if v.start == 0 and v.kind == "date"), None)
        if value and (day := _day(value.text, later)):
            out.append((later, day, value.text))
    return out


def table_facts(src: str, text: str, task: str) -> list[Fact]:
    """Of each column of a table: its distinct values (how many, which); of a yes/no column,
    the rows it marks yes (how many, and their other cells); of a date column, the rows
    before or after each date the task states (their other cells: "needs" the date)."""
    rows = table_rows(text)
    if len(rows) < 3:
        return []
    head, body = rows[0], [r for r in rows[1:] if len(r) == len(rows[0])][:MAX_ITEMS]
    bounds = date_bounds(task)
    out: list[Fact] = row_cells(src, [head] * len(body), [[c.strip() for c in r] for r in body])
    for col, title in enumerate(head):
        cells = [r[col].strip() for r in body]
        out += column_facts(src, title, cells)
        lowered = {c.lower() for c in cells}
        if lowered <= _YES | _NO and lowered & _YES and lowered & _NO:
            marked = [r for r in body if r[col].strip().lower() in _YES]
            out.append(fact(f"{title} rows {COUNT_WORDS}", len(marked), src, own=title))
            out += [fact(f"{title} {head[i]} {LIST_WORDS}",
                         "\n".join(r[i].strip() for r in marked), src, own=title)
                    for i in range(len(head)) if i != col]
        out += _rows_by_part(src, head, body, col)
        # (a date read of every cell only when the task states a date bound)
        if bounds and all(days := [_day(c, False) for c in cells]):
            for later, day, written in bounds:
                kept = [r for r, d in zip(body, days, strict=True)
                        if (d > day if later else d < day)]  # type: ignore[operator]
                made = [fact(f"{title} rows {COUNT_WORDS}", len(kept), src, own=title)]
                made += [fact(f"{title} {head[i]} {LIST_WORDS}",
                              "\n".join(r[i].strip() for r in kept), src, own=head[i])
                         for i in range(len(head)) if i != col]
                needs = frozenset(w.lower() for w in re.findall(r"[A-Za-z]+|\d+", written))
                out += [Fact(f.key, f.value, f.source, needs, f.label) for f in made]
    return out


def column_facts(src: str, title: str, cells: list[str]) -> list[Fact]:
    """Of a column's cells (a CSV column, a field of JSON records): its distinct values (how
    many, which, and sorted: "the distinct cities, alphabetical"), and all of them sorted
    ("the names, sorted")."""
    distinct = list(dict.fromkeys(cells))
    out: list[Fact] = []
    if 1 < len(distinct) < len(cells):
        out += [fact(f"{title} {DISTINCT_WORDS} {COUNT_WORDS}", len(distinct), src, own=title),
                fact(f"{title} {DISTINCT_WORDS} {LIST_WORDS}", "\n".join(distinct), src,
                     own=title),
                fact(f"{title} {DISTINCT_WORDS} {SORTED_WORDS} {LIST_WORDS}",
                     "\n".join(sorted(distinct, key=str.lower)), src, own=title)]
    if len(cells) > 1 and all(cells) and not all(re.fullmatch(r"-?[\d.]+", c) for c in cells):
        out.append(fact(f"{title} {SORTED_WORDS} {LIST_WORDS}",
                        "\n".join(sorted(cells, key=str.lower)), src, own=title))
    return out


def _rows_by_part(src: str, head: list[str], body: list[list[str]], col: int) -> list[Fact]:
    """Of a column of values of one shape (dates, e-mail addresses), the rows grouped by a
    part of the value (the year, the domain): how many, and their other cells; each group
    "needs" its part stated ("the members whose membership expires in 2026")."""
    found = [scan(r[col].strip()) for r in body]
    if not all(len(f) == 1 and f[0].text == r[col].strip() for f, r in zip(found, body,
                                                                          strict=True)):
        return []
    split = [parts(f[0]) for f in found]
    out: list[Fact] = []
    for n, (label, _) in enumerate(split[0] if split else ()):
        groups: dict[str, list[list[str]]] = {}
        for row, named in zip(body, split, strict=True):
            if n < len(named):
                groups.setdefault(named[n][1], []).append(row)
        if not 1 < len(groups) < len(body):
            continue
        for part, rows in groups.items():
            made = [fact(f"{title} {label} rows {COUNT_WORDS}", len(rows), src, own=title)
                    for title in head[col:col + 1]]
            made += [fact(f"{head[col]} {label} {head[i]} {LIST_WORDS}",
                          "\n".join(r[i].strip() for r in rows), src, own=head[i])
                     for i in range(len(head)) if i != col]
            out += [Fact(f.key, f.value, f.source, frozenset({name}), f.label)
                    for f in made for name in part_names(label, part)]
    return out


#: an ISO date inside a file's name ("2026-03-14_rent.pdf", "log-20260314" is not one)
_NAME_DATE = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")


def dated_files(files: Iterable[str]) -> list[Fact]:
    """The files of a folder whose names each hold one date, grouped by a part of it (the
    year, the month, the day): their names and how many, each group needing its part
    stated ("the invoices from March", "which logs are from 2025")."""
    folders: dict[str, list[str]] = {}
    for name in files:
        folder, _, base = name.rpartition("/")
        folders.setdefault(folder, []).append(base)
    out: list[Fact] = []
    for folder, names in folders.items():
        dates = [_NAME_DATE.findall(n) for n in names]
        if len(names) < 3 or any(len(d) != 1 for d in dates):
            continue
        split = [parts(scan(d[0])[0]) for d in dates]
        for n, (label, _) in enumerate(split[0]):
            groups: dict[str, list[str]] = {}
            for base, named in zip(names, split, strict=True):
                groups.setdefault(named[n][1], []).append(base)
            if not 1 < len(groups) < len(names):
                continue
            place = folder or "workspace"
            for part, group in groups.items():
                made = [fact(f"{place} files {label} {LIST_WORDS}", "\n".join(group)),
                        fact(f"{place} files {label} {COUNT_WORDS}", len(group))]
                out += [Fact(f.key, f.value, f.source, frozenset({w}), f.label)
                        for f in made for w in part_names(label, part)]
    return out


def _record_lists(data: object) -> list[list[dict[str, object]]]:
    """The lists of records (objects) in JSON data, at any depth (the first few)."""
    found, stack = [], [data]
    while stack and len(found) < 10:
        item = stack.pop()
        if isinstance(item, dict):
            stack += list(item.values())[:MAX_ITEMS]
        elif isinstance(item, list):
            records = [r for r in item[:MAX_ITEMS] if isinstance(r, dict)]
            if records:
                found.append(records)
            stack += item[:MAX_ITEMS]
    return found


def record_facts(src: str, text: str) -> list[Fact]:
    """Of each JSON list of records: the numbers of each key (their total, mean, most and
    least: the total quantity of an order's items) and, of each key holding lists, their
    items put together, each once (the distinct tags of posts), and how many."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    out = []
    for records in _record_lists(data):
        numeric = dict.fromkeys(k for r in records for k, v in r.items()
                                if isinstance(v, (int, float)) and not isinstance(v, bool))
        for key in numeric:
            cells = [str(r[key]) for r in records if isinstance(r.get(key), (int, float))]
            out += [Fact(f.key, f.value, f.source, label=frozenset({key.lower()}))
                    for f in number_facts(src, cells, key)]
        out += _merged(src, records)
        out += row_cells(src, [[str(k) for k in r] for r in records],
                         [[_plain(v) for v in r.values()] for r in records])
        for key in dict.fromkeys(k for r in records for k in r):
            cells = [_plain(r.get(key)) for r in records]
            # (of text fields: "the different products" are no distinct quantities)
            out += column_facts(src, key, cells) if all(cells) and not any(
                isinstance(r.get(key), (int, float)) for r in records) else []
    return out


def _plain(value: object) -> str:
    """A JSON value as a cell ("" for an object, a list or null)."""
    if isinstance(value, bool):
        return json.dumps(value)
    return str(value) if isinstance(value, (str, int, float)) else ""


#: a record of more fields than this is no row one names by its other values; a table of more
#: rows than this is not read so
MAX_FIELDS = 12
MAX_RECORDS = 50


def _distinctive(cells: list[str]) -> list[set[str]]:
    """Of each cell of a column, the words of it no other cell of the column holds (of text
    cells: "kettle, blue" beside "kettle, green" is told apart by "blue")."""
    held = [{w.lower() for w in re.findall(r"[A-Za-z]+", c)} for c in cells]
    return [{w for w in own if not any(w in other for n, other in enumerate(held) if n != at)}
            for at, own in enumerate(held)]


def row_cells(src: str, heads: list[list[str]], rows: list[list[str]]) -> list[Fact]:
    """Each cell of each record (a JSON object of a list, a CSV row) keyed by its field's
    name and the record's other values, one of which it "needs" the task to say by a word
    only that record has there: "the tracking number of the blue kettle" is the tracking of the
    record whose item is "kettle, blue", not the green kettle's (a value many records share,
    "Lyon" of three parcels, names none of them)."""
    out: list[Fact] = []
    if not 1 < len(rows) <= MAX_RECORDS or any(len(r) > MAX_FIELDS for r in rows):
        return out
    width = max(len(r) for r in rows)
    marks = [_distinctive([r[col] if col < len(r) else "" for r in rows]) for col in range(width)]
    for n, (head, row) in enumerate(zip(heads, rows, strict=True)):
        for at, (name, cell) in enumerate(zip(head, row, strict=False)):
            if not cell.strip():
                continue
            others = [c for col, c in enumerate(row) if col != at]
            made = fact(f"{name} {' '.join(others)}", cell.strip(), src, own=name)
            said = sorted({w for col in range(len(row)) if col != at for w in marks[col][n]})
            out += [replace(made, needs=frozenset({word})) for word in said[:3]]
    return out
    for head, row in zip(heads, rows, strict=True):
        if len(row) > MAX_FIELDS:
            continue
        for at, (name, cell) in enumerate(zip(head, row, strict=False)):
            others = " ".join(c for i, c in enumerate(row) if i != at)
            if cell.strip() and others.strip():
                out.append(fact(f"{name} {others}", cell.strip(), src, own=name))
    return out


def _merged(src: str, records: list[dict[str, object]]) -> list[Fact]:
    keys = dict.fromkeys(k for r in records for k, v in r.items() if isinstance(v, list))
    out = []
    for key in keys:
        items = [str(i) for r in records if isinstance(held := r.get(key), list)
                 for i in held if isinstance(i, (str, int, float))]
        distinct = list(dict.fromkeys(items))
        if distinct:
            out += [fact(f"{key} {DISTINCT_WORDS} all every {LIST_WORDS}", "\n".join(distinct), src,
                         own=key),
                    fact(f"{key} {DISTINCT_WORDS} {COUNT_WORDS}", len(distinct), src, own=key)]
    return out


def typed_facts(name: str, text: str, task: str) -> list[Fact]:
    """The facts of ``name``'s text by its data type."""
    if len(text) > MAX_TEXT:
        return []
    src, lower = _src(name), name.lower()
    if lower.endswith((".ini", ".cfg", ".conf")):
        return ini_facts(src, text)
    if lower.endswith(".toml"):
        return toml_facts(src, text)
    if lower.endswith(".py"):
        return python_facts(src, text)
    if lower.endswith(".csv"):
        return table_facts(src, text, task)
    if lower.endswith(".json"):
        return record_facts(src, text)
    return pin_facts(src, text)


def differences(texts: Iterable[tuple[str, str]]) -> list[Fact]:
    """Of two files of short lines (lists of names, words): the lines each has that the
    other lacks, keyed by both files' names ("in b not in a")."""
    lists = [(name, [line.strip() for line in text.splitlines() if line.strip()])
             for name, text in texts]
    lists = [(n, lines) for n, lines in lists
             if 1 < len(lines) <= MAX_ITEMS and all(len(x.split()) <= 4 for x in lines)]
    out = []
    for name, lines in lists:
        for other, theirs in lists:
            if other == name:
                continue
            held = {x.lower() for x in theirs}
            only = [x for x in lines if x.lower() not in held]
            if only and len(only) < len(lines):
                out.append(fact(f"{_src(name)} only not in missing difference {LIST_WORDS}",
                                "\n".join(only), f"{_src(name)} {_src(other)}",
                                own=_src(name)))
    return out
