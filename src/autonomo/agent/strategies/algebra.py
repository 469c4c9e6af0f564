"""Values computed from a file the task reads, with what the task itself states.

A two-step task asks for a value no file holds: the total of a column shared among the
number of people the task gives ("we were three"), a runtime in minutes written in the
shape of the task's example ("like 1h 05m"), the dishes of a menu whose allergens hold the
value the task names, the names of a settings file's ``KEY=value`` lines, the open boxes
of a markdown task list. A 135M model cannot compute them; asked for free text it writes
an operand (413.4, 142) or a word of the task. Each value here is computed exactly
(``Decimal``), typed, and keyed as a ``Fact``, so that ``ranking.rank`` and then the model's
likelihood choose among a few computed candidates — nothing here writes free text.

What is computed is decided by structure: a number the task states and the numbers of a
column or of a file's lines; a duration example in the task and a number in the file; a
value the task states that some records hold and others do not. The keys use closed,
documented lexicons:

- the English cardinal words (``two`` … ``twelve``) for a count the task writes in words;
- a share is offered only when the task says one of ``per each apiece share shared split
  divide divided equally evenly quotient``, keyed ``per share split divide divided
  quotient`` and the total's ``sum total``;
- a duration: ``hours minutes seconds duration long time``;
- a key=value file's left sides: ``names keys variables fields settings``;
- a task list's boxes: ``unchecked open undone todo left remaining pending`` and
  ``checked done completed ticked closed``.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from contextlib import AbstractContextManager
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation, localcontext

from autonomo.agent.csv_text import table_rows
from autonomo.agent.strategies.facts import COUNT_WORDS, LIST_WORDS, Fact, fact, words

#: the cardinal words a task may write a count in ("we were three")
NUMBER_WORDS = {w: n for n, w in enumerate((
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve"))}
#: a number the task states: digits standing alone (not a piece of a name, date or code;
#: at most 15 of them, and 10 after the point), or a cardinal word
_STATED = re.compile(r"(?<![\w./:-])(\d{1,15}(?:\.\d{1,10})?)(?![\w/:-]|\.\w)|\b(" + "|".join(
    NUMBER_WORDS) + r")\b", re.IGNORECASE)
#: a number of the data computed with: at most 15 digits before the point and 10 after
#: (a longer one is no amount of a table, and ``Decimal`` rounds it within 28 digits)
_DECIMAL = re.compile(r"-?\d{1,15}(?:\.\d{1,10})?")
#: at most this many numbers are read from a column or a file's lines (records of a list)
MAX_NUMBERS = 500

#: (a share is of a total: its words too)
_SHARE = "per share split divide divided quotient sum total"
#: a task that shares something out says so ("each", "per person", "split evenly")
_SHARING = re.compile(r"\b(?:per|each|apiece|shared?|split|divided?|equally|evenly|quotient)\b",
                      re.IGNORECASE)
_DURATION = "hours minutes seconds duration long time"
_NAMES = "names keys variables fields settings"
_OPEN = "unchecked open undone todo left remaining pending"
_DONE = "checked done completed ticked closed"


def stated_numbers(task: str) -> list[tuple[str, Decimal]]:
    """The numbers a task states, as written and as values (counts above 1 only: a share
    among one is the total)."""
    out = []
    for found in _STATED.finditer(task):
        digits, word = found.groups()
        value = Decimal(digits) if digits else Decimal(NUMBER_WORDS[word.lower()])
        if value > 1:
            out.append((found.group(0), value))
    return list(dict.fromkeys(out))


def _places(cells: list[str]) -> int:
    """The most decimal places of the numbers as the data writes them."""
    return max((len(c.split(".", 1)[1]) for c in cells if "." in c), default=0)


#: a rounding the task states: "to 2 decimal places", "one decimal", "to the nearest whole
#: number", "as a whole number"
_ROUNDED = re.compile(r"\b(\d|" + "|".join(list(NUMBER_WORDS)[:7]) + r")\s+(?:decimal\b|"
                      r"(?:decimal\s+)?(?:places?|digits?)\s+after)|\b(?:to\s+)?(?:the\s+)?"
                      r"(?:nearest\s+)?(whole\s+number|integer)\b", re.IGNORECASE)


def stated_places(task: str) -> int | None:
    """The decimal places of a rounding the task states, if it states one."""
    found = _ROUNDED.search(task)
    if not found:
        return None
    said = found.group(1)
    if said is None:
        return 0
    return int(said) if said.isdigit() else NUMBER_WORDS[said.lower()]


def render(value: Decimal, places: int, stated: int | None = None) -> str:
    """``value`` with the ``stated`` decimals, else with ``places`` decimals (the data's),
    or as an integer when it is one; a non-integer value of integer data gets two places."""
    if stated is None and places == 0 and value == value.to_integral_value():
        return str(int(value))
    digits = stated if stated is not None else places or 2
    with _exact():
        return str(value.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def _exact() -> AbstractContextManager[Context]:
    """A decimal context wide enough for the sums and quotients of bounded numbers
    (``_DECIMAL``: 500 of at most 15 + 10 digits) to be exact before rounding."""
    return localcontext(prec=80)


def _numbers(cells: list[str]) -> list[Decimal] | None:
    """The cells as numbers, or None when one is not a number."""
    if not 1 < len(cells) <= MAX_NUMBERS or not all(_DECIMAL.fullmatch(c) for c in cells):
        return None
    try:
        return [Decimal(c) for c in cells]
    except InvalidOperation:
        return None


def shares(src: str, columns: list[tuple[str, list[str]]], task: str) -> list[Fact]:
    """The total of each list of numbers (``columns``: title and cells) divided by each
    count the task states, rounded as the data is, when the task shares something out;
    each needs the count in the task."""
    if not _SHARING.search(task):
        return []  # ("append the number 3 to numbers.txt" of 1 and 2: no share of 3)
    rounded = _ROUNDED.search(task)
    counts = [(said, n) for said, n in stated_numbers(task) if n == n.to_integral_value()
              and not (rounded and said in rounded.group(0))]
    out = []
    for title, cells in columns:
        numbers = _numbers(cells)
        if numbers is None:
            continue
        with _exact():
            total = sum(numbers, Decimal(0))
        for said, n in counts:
            if any(n == x for x in numbers):
                continue  # a value of the data is not a count given with it
            with _exact():
                shown = render(total / n, _places(cells), stated_places(task))
            made = fact(f"{title} numbers {_SHARE}", shown, src, own=title)
            out.append(Fact(made.key, made.value, made.source, words(said), made.label))
    return out


def rounded_means(src: str, columns: list[tuple[str, list[str]]], task: str) -> list[Fact]:
    """The mean of each list of numbers rounded as the task states (``facts`` offers it to
    four places); each needs the words of the rounding."""
    rounded = _ROUNDED.search(task)
    if rounded is None:
        return []
    out = []
    for title, cells in columns:
        numbers = _numbers(cells)
        if numbers is not None:
            with _exact():
                mean = sum(numbers, Decimal(0)) / len(numbers)
            made = fact(f"{title} numbers average mean", render(mean, 0, stated_places(task)),
                        src, own=title)
            out.append(Fact(made.key, made.value, made.source, words(rounded.group(0)),
                            made.label))
    return out


def line_slices(src: str, text: str, task: str) -> list[Fact]:
    """The first and the last ``n`` lines of a text, for each count ``n`` the task states
    that is less than its number of lines; each needs the count in the task."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    out = []
    for said, n in stated_numbers(task):
        if n != n.to_integral_value() or not 1 < n < len(lines):
            continue
        for key, part in (("first top head beginning", lines[:int(n)]),
                          ("last bottom tail end final", lines[-int(n):])):
            made = fact(f"{key} lines {LIST_WORDS}", "\n".join(part), src)
            out.append(Fact(made.key, made.value, made.source, words(said)))
    return out


#: a table: its header and the rows as long as it
Table = tuple[list[str], list[list[str]]]


def table(text: str) -> Table | None:
    """A CSV text's header and rows (as long as the header; at most ``MAX_NUMBERS``), read
    once for every computation here; None for fewer than two rows."""
    rows = table_rows(text, MAX_NUMBERS + 1)
    if len(rows) < 3:
        return None
    return rows[0], [r for r in rows[1:] if len(r) == len(rows[0])]


def number_columns(text: str, read: Table | None, csv: bool) -> list[tuple[str, list[str]]]:
    """The lists of numbers of a file: a CSV's columns (by title), or its lines."""
    if csv:
        if read is None:
            return []
        head, body = read
        return [(title, [r[i].strip() for r in body]) for i, title in enumerate(head)]
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return [("", lines)]


#: a two-part duration the task shows as an example: "1h 05m", "2 hours 5 minutes", "3m 07s"
_EXAMPLE = re.compile(
    r"(?<![\w:])(\d{1,3})(\s?)(h|hrs?|hours?|m|mins?|minutes?)(\s?)(\d{1,2})(\s?)"
    r"(m|mins?|minutes?|s|secs?|seconds?)\b", re.IGNORECASE)
#: at most this many amounts of a file are written as durations
MAX_AMOUNTS = 20
#: a number and its unit in a file: "142 min", "95 seconds"
_AMOUNT = re.compile(r"(?<![\w.:])(\d{1,6})\s?(mins?|minutes?|s|secs?|seconds?)\b",
                     re.IGNORECASE)


def _unit(unit: str) -> str:
    """A unit of time by its first letter: ``h``, ``m`` or ``s``."""
    return unit[0].lower()


def durations(src: str, text: str, task: str) -> list[Fact]:
    """Each amount of the file in the example's smaller unit ("142 min" for "1h 05m"),
    written in the example's shape ("2h 22m"); each needs the example's words."""
    out = []
    for example in _EXAMPLE.finditer(task):
        _, gap1, unit1, gap2, small, gap3, unit2 = example.groups()
        if _unit(unit1) + _unit(unit2) not in ("hm", "ms"):
            continue  # "1m 05m" is no duration
        width = len(small)
        for amount in itertools.islice(_AMOUNT.finditer(text), MAX_AMOUNTS):
            if _unit(amount.group(2)) != _unit(unit2):
                continue
            whole, part = divmod(int(amount.group(1)), 60)
            shown = f"{whole}{gap1}{unit1}{gap2}{part:0{width}d}{gap3}{unit2}"
            made = fact(f"{_DURATION} {unit1} {unit2}", shown, src)
            out.append(Fact(made.key, made.value, made.source, words(example.group(0))))
    return out


#: a ``KEY=value`` (or ``KEY: value``) line of a settings file; comments start with ``#``
_SETTING = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][\w.-]{0,60})\s*[=:]\s*(.*?)\s*$")


def setting_names(src: str, text: str) -> list[Fact]:
    """The names of a settings file's ``KEY=value`` lines, and their values, when most of
    its lines (not counting comments) are such lines."""
    lines = [line for line in text.splitlines()
             if line.strip() and not line.lstrip().startswith(("#", ";"))]
    pairs = [m.groups() for line in lines if (m := _SETTING.match(line))]
    if len(pairs) < 2 or 2 * len(pairs) < len(lines) + 1:
        return []
    return [fact(f"{_NAMES} {LIST_WORDS}", "\n".join(k for k, _ in pairs), src),
            fact(f"values {LIST_WORDS}", "\n".join(v for _, v in pairs if v), src)]


#: a markdown task-list item: "- [ ] text", "* [x] text"
_BOX = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\[([ xX])\]\s+(.*?)\s*$")


def boxes(src: str, text: str) -> list[Fact]:
    """How many task-list boxes are open and done, and their items."""
    found = [m.groups() for line in text.splitlines() if (m := _BOX.match(line))]
    out = []
    for label, mark in ((_OPEN, " "), (_DONE, "xX")):
        items = [item for box, item in found if box in mark]
        if found:
            out.append(fact(f"{label} boxes box items {COUNT_WORDS}", len(items), src))
        if items:
            out.append(fact(f"{label} boxes box items {LIST_WORDS}", "\n".join(items), src))
    return out


def _label_key(records: list[dict]) -> str | None:
    """The key whose values name the records: the first one holding a different text in
    each."""
    for key in dict.fromkeys(k for r in records for k in r):
        cells = [r.get(key) for r in records]
        if all(isinstance(c, str) and c for c in cells) and len(set(cells)) == len(cells):
            return str(key)
    return None


def _held(value: object) -> list[str]:
    """The scalar values a field holds (a list's items, or the value itself)."""
    items = value if isinstance(value, list) else [value]
    return [str(i) for i in items if isinstance(i, (str, int, float)) and not isinstance(
        i, bool)]


def record_filters(src: str, text: str, task: str) -> list[Fact]:
    """Of a JSON list of records: the names of the records whose field holds a value the
    task states (in a list or alone) that some records hold and others do not; each needs
    that value in the task."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    lists = [("", data)] if isinstance(data, list) else [
        (str(k), v) for k, v in data.items() if isinstance(v, list)] if isinstance(
        data, dict) else []
    said = words(task)
    out = []
    for path, items in lists:
        records = [r for r in items if isinstance(r, dict)][:MAX_NUMBERS]
        label = _label_key(records) if len(records) > 1 else None
        if label is None:
            continue
        for key in dict.fromkeys(k for r in records for k in r if k != label):
            held = [_held(r.get(key)) for r in records]
            for value in dict.fromkeys(v for h in held for v in h):
                if not words(value) or not words(value) <= said:
                    continue
                kept = [r[label] for r, h in zip(records, held, strict=True) if value in h]
                if 0 < len(kept) < len(records):
                    made = fact(f"{path} {key} {value} {label} {LIST_WORDS}",
                                "\n".join(kept), src, own=label)
                    counted = fact(f"{path} {key} {value} {COUNT_WORDS}", len(kept), src)
                    out += [Fact(f.key, f.value, f.source, words(value), f.label)
                            for f in (made, counted)]
    return out


#: more cells than this stated by the task: no row is designated (a wide table and a long
#: task would otherwise make cells x columns facts at every read)
MAX_PICKED_ROWS = 12


def row_lookups(src: str, read: Table, task: str, bounds: frozenset[str] = frozenset()
                ) -> list[Fact]:
    """Of a CSV: the other cells of the row whose cell, unique in its column, the task
    states ("the elapsed time at km 30"); each needs that cell in the task, so that it
    comes before a row picked by an extreme of the same columns. (Not by a number the task
    compares with, ``bounds``: "over 200" picks no row.)"""
    (head, body), said = read, words(task)
    picked = []
    for col in range(len(head)):
        cells = [r[col].strip() for r in body]
        seen = Counter(cells)
        picked += [(col, row, cell) for row, cell in zip(body, cells, strict=True)
                   if seen[cell] == 1 and cell not in bounds and words(cell)
                   and words(cell) <= said]
        if len(picked) > MAX_PICKED_ROWS:
            return []  # the task's words pick many rows: it designates none of them
    out = []
    for col, row, cell in picked:
        for i, other in enumerate(head):
            if i != col:
                made = fact(f"{head[col]} {cell} {other}", row[i].strip(), src, own=other)
                out.append(Fact(made.key, made.value, made.source, words(cell), made.label))
    return out


#: at most this many lines of a file are filtered by how they start or end
MAX_FILTERED = 300
#: a token the task says lines start or end with: "starting with URGENT", "that end in
#: '?'", "begin with #" — a quoted text, or a run of non-spaces (a word, "#", "TODO:")
#: without its sentence's punctuation
_AT_EDGE = re.compile(r"\b(?:(start|begin)|end)(?:s|ing|ning)?\s+(?:with|in)\s+(?:an?\s+|the\s+)?"
                      r"(?:'([^'\n]{1,40})'|\"([^\"\n]{1,40})\"|(\S{1,40}?)[.,;:!?)]*(?=\s|$))",
                      re.IGNORECASE)


def _begins(line: str, token: str, end: bool = False) -> bool:
    """``line`` starts (ends) with ``token``, case aside, a word whole."""
    line, token = line.lower(), token.lower()
    if end:
        return line.endswith(token) and not (
            token[0].isalnum() and line[:-len(token)][-1:].isalnum())
    return line.startswith(token) and not (
        token[-1].isalnum() and line[len(token):][:1].isalnum())


def line_filters(src: str, text: str, task: str) -> list[Fact]:
    """The lines that start, or end, with a token the task says they do ("the lines starting
    with URGENT", "lines ending in '?'"), how many, and the other lines; only for a token
    that splits the lines (some hold it there, some do not). Each needs the token's words."""
    lines = [line.strip() for line in text.splitlines() if line.strip()][:MAX_FILTERED + 1]
    if not 1 < len(lines) <= MAX_FILTERED:
        return []
    out = []
    for found in _AT_EDGE.finditer(task):
        start, *quoted = found.groups()
        token, end = next(g for g in quoted if g is not None), start is None
        kept = [line for line in lines if _begins(line, token, end)]
        if not 0 < len(kept) < len(lines):
            continue
        key = "end ending ends" if end else "start starting starts begin beginning begins"
        rest = [line for line in lines if line not in kept]
        # (the token keys the lines holding it: it is what they are asked by)
        made = [fact(f"{key} {token} lines {LIST_WORDS}", "\n".join(kept), src),
                fact(f"{key} {token} lines {COUNT_WORDS}", len(kept), src),
                fact(f"{key} not without except other rest lines {LIST_WORDS}",
                     "\n".join(rest), src)]
        out += [Fact(f.key, f.value, f.source, words(token)) for f in made]
    return out


#: "highest first", "smallest first": the order a task asks a list in; the superlatives
#: that put the most first and those that put the least first (others: either)
_ORDER = re.compile(r"\b(\w+est)(?:\s+\w+){0,2}?\s+(?:first|on\s+top|at\s+the\s+top)\b",
                    re.IGNORECASE)
_DOWN = {"highest", "largest", "biggest", "greatest", "longest", "heaviest", "oldest",
         "best", "richest", "tallest"}
_UP = {"lowest", "smallest", "least", "fewest", "shortest", "lightest", "youngest",
       "cheapest", "worst", "poorest"}


def column_orders(src: str, read: Table, task: str) -> list[Fact]:
    """Of a CSV, when the task asks for an order ("highest first"): each other column's
    cells in the order of a numeric column, the way the task's superlative says (both ways
    when it does not say which). Each is keyed by both columns' titles."""
    said = [m.lower() for m in _ORDER.findall(task)]
    if not said:
        return []
    ways = {w in _DOWN or w not in _UP for w in said}  # True: the most first
    head, body = read
    out = []
    for col, title in enumerate(head):
        numbers = _numbers([r[col].strip() for r in body])
        if numbers is None:
            continue
        for down in ways:
            order = sorted(range(len(body)), key=lambda i: numbers[i], reverse=down)
            way = " ".join(sorted(_DOWN if down else _UP))
            for other, name in enumerate(head):
                if other != col:
                    out.append(fact(f"{title} {name} {way} order sorted {LIST_WORDS}",
                                    "\n".join(body[i][other].strip() for i in order), src,
                                    own=name))
    return out


def algebra_facts(name: str, src: str, text: str, task: str,
                  bounds: frozenset[str] = frozenset()) -> list[Fact]:
    """The values of this module computed from one file's text for ``task`` (``bounds``:
    the numbers it compares with)."""
    lower = name.lower()
    csv = lower.endswith(".csv")
    read = table(text) if csv else None
    columns = number_columns(text, read, csv)
    out = (shares(src, columns, task) + rounded_means(src, columns, task)
           + durations(src, text, task))
    if not lower.endswith((".csv", ".json", ".yaml", ".yml")):
        out += line_slices(src, text, task) + line_filters(src, text, task)
    if read is not None:
        out += row_lookups(src, read, task, bounds) + column_orders(src, read, task)
    elif lower.endswith(".md"):
        out += boxes(src, text)
    elif lower.endswith(".json"):
        out += record_filters(src, text, task)
    elif not lower.endswith((".csv", ".py", ".yaml", ".yml", ".toml")):
        out += setting_names(src, text)
    return out
