"""The shape of what the run wrote, against the shape the task asks for: an edit keeps the
rest of the file and changes the line the task points at, a list has as many items as the
task says, a CSV's header holds the columns the task names, a sorted list holds every
item of its source in order.

Positive-evidence rules (``finishing_evidence``): each returns the objection or None. The
lexicons are small and closed — words that ask for an edit, a whole rewrite, an order, the
nouns that measure rather than count — and documented where they are defined.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping

from autonomo.agent.finishing_changes import lost_keys
from autonomo.agent.finishing_record import (
    NUMBER_WORDS,
    PROGRAMS,
    Reader,
    Record,
    without,
    words,
)
from autonomo.agent.strategies import line_removals, scaled, stated_text
from autonomo.agent.task_text import REPLACING_WHOLE

#: words of a task that edits a file in place or adds to it (its other lines stay)
EDITING = frozenset({"add", "append", "insert", "set", "change", "update", "edit", "fix",
                     "correct", "modify", "bottom", "end", "entry", "row", "increase",
                     "decrease", "bump", "raise", "lower", "enable", "disable", "switch",
                     "turn", "rename", "typo", "replace"})
#: words of a task that rewrites a file or takes lines out of it (lines may go)
REWRITING = frozenset({"replace", "overwrite", "rewrite", "only", "clear", "empty", "sort",
                       "sorted", "reverse", "reversed", "reorder", "order", "remove",
                       "delete", "drop", "erase", "dedupe", "duplicate", "duplicates",
                       "unique", "contents", "content", "just", "truncate", "reset", "strip",
                       "trim", "clean", "keep", "instead", "whole", "entire", "shorten",
                       "cut", "filter", "move", "swap"})
#: words of a task about a table's header (its first line may change)
HEADER_WORDS = frozenset({"header", "headers", "heading", "headings", "column", "columns",
                          "field", "fields", "title", "titles"})
_TABLES = (".csv", ".tsv")
#: how much of a file's old text a write's record keeps (``write_file``'s ``replaced``)
KEPT_TEXT = 4000
#: stop words that select no line ("the", "his", …): only longer words select
_SHORT = 2


def _lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


def _key(line: str) -> str:
    """A line's key: its first field before ``=``, ``:``, ``,``, a tab or a space
    (``workers = 2`` -> ``workers``, ``Omar,9F`` -> ``omar``)."""
    return re.split(r"\s*[=:,\t]\s*|\s+", line.strip().strip("\"'{}[]"), maxsplit=1)[0].lower()


#: "replace the contents of X with", "overwrite X", "so it only says": the old text goes
_WHOLE_REWRITE = re.compile(
    r"\breplace\s+(?:the\s+|all\s+)?(?:whole\s+|entire\s+)?(?:contents?|text)\b|\boverwrite\b"
    r"|\bonly\s+(?:says?|contains?|holds?|has|reads?)\b|\brewrite\b", re.IGNORECASE)


def lost_lines(task: str, named: Iterable[str], record: Record, read: Reader,
               starts: Mapping[str, str] | None = None) -> str | None:
    """A file the task edits in place (or adds to), that the run wrote over — or changed
    by code (a shell line, a program): its text at the start, ``starts``, against now —
    and lost lines of: an old line neither still there nor changed in place (no new line
    has its key); for JSON, an old key gone. A task that rewrites or takes lines out may
    lose them."""
    asked = set(words(task))
    # "replace every Monday with Tuesday" edits in place; "replace the contents" rewrites
    if asked & (REWRITING - {"replace"}) or _WHOLE_REWRITE.search(task) \
            or REPLACING_WHOLE.search(task):
        return None
    for path in named:
        original, current = record.original(path), read(path)
        by_code = original is None and current is not None and path in (starts or {}) \
            and not any(w.path == path for w in record.writes) \
            and current != (starts or {})[path]
        if by_code:
            original = (starts or {})[path]
        elif not original or current is None or not any(
                w.path == path and not w.append for w in record.writes):
            continue
        old, new = _lines(original), _lines(current)
        if len(original) >= KEPT_TEXT:
            old = old[:-1]  # the record kept the start of the text only: its last line is cut
        kept_some = bool(set(old) & set(new))
        json_file = path.lower().endswith(".json")
        if (len(old) < 2 and not json_file) or not (asked & EDITING or kept_some):
            # "write X to notes.txt": a whole new text is what was asked; a one-line file's
            # new text is that line changed
            continue
        if json_file:
            lost = lost_keys(original, current)
        else:
            # (not the lines the task takes out: "drop the line saying X")
            gone = line_removals.removed(original, task, tuple(named), path) or []
            taken = {_lines(x)[0] for i, x in enumerate(original.splitlines()) if i in gone
                     and _lines(x)}
            lost = [line for line in old if line not in new and line not in taken
                    and not _counterpart(line, new, asked)]
        if lost:
            return (f"Refused: the task changes {path} in place, but your write replaced "
                    f"its text and {', '.join(repr(x[:60]) for x in lost[:3])} "
                    f"{'is' if len(lost) == 1 else 'are'} gone. Put the rest of its text "
                    "back (or change just the part the task names), then finish.")
    return None


def _counterpart(line: str, new: list[str], said: set[str]) -> bool:
    """Whether ``new`` has ``line`` changed in place: a line with its key, with more than
    half of its words (``Monday 7:00 gym`` -> ``Tuesday 7:00 gym``), or the same words but
    the task's (``Monday yoga`` -> ``Tuesday yoga``)."""
    mine = set(words(line))
    rest = mine - said
    return any(_key(other) == _key(line) or len(mine & set(words(other))) * 2 > len(mine)
               or (rest and rest == set(words(other)) - said) for other in new)


def wrong_line(task: str, named: Iterable[str], record: Record, read: Reader) -> str | None:
    """An edit that changed another line than the one the task points at: the header of a
    table when the task does not speak of columns, or only lines holding none of the task's
    words when some line of the file holds one ("Omar has moved to seat 14C": Omar's row)."""
    asked = set(words(task))
    for path in named:
        original, current = record.original(path), read(path)
        if not original or current is None or path not in record.written:
            continue
        old, new = _lines(original), set(_lines(current))
        if path.lower().endswith(".json"):  # (a key added after a line gives it a comma)
            old, new = [x.rstrip(",") for x in old], {x.rstrip(",") for x in new}
        changed = [line for line in old if line not in new]
        if not changed or len(changed) == len(old):
            continue  # nothing changed, or a whole rewrite (lost_lines judges it)
        if line_removals.selectors(task, tuple(named), path):
            continue  # lines the task removes (by their place, their words): not a row named
        table = path.lower().endswith(_TABLES) and len(old) > 1
        if table and old[0] in changed and not asked & HEADER_WORDS:
            return (f"Refused: you changed the first line of {path}, {old[0][:60]!r}, which "
                    "is its header, not a row of data. Put it back and change the row the "
                    "task means, then finish.")
        rows = old[1:] if table else old
        header = set(words(old[0])) if table else set()
        selectors = {w for w in asked - header if len(w) > _SHORT and not w.isdigit()
                     and 0 < sum(w in words(line) for line in rows) < len(rows)}
        if selectors and not any(selectors & set(words(line)) for line in changed):
            pointed = next(line for line in rows if selectors & set(words(line)))
            return (f"Refused: the task points at the line {pointed[:60]!r} of {path}, but "
                    f"you changed {changed[0][:60]!r}. Change the line the task means, then "
                    "finish.")
    return None


_NUMBERS = {**NUMBER_WORDS, "both": 2}
#: nouns that measure a value rather than count the items of a list
MEASURES = frozenset({"decimal", "decimals", "places", "digits", "digit", "minutes",
                      "hours", "days", "weeks", "months", "years", "seconds", "times",
                      "percent", "degrees", "words", "letters", "characters", "chars",
                      "spaces", "columns", "fields", "bytes", "files", "folders", "sentences",
                      "paragraphs", "euros", "dollars", "cents", "pounds", "meters", "metres",
                      "miles", "kilometres", "kilometers", "km", "kg", "grams", "litres",
                      "liters", "significant", "steps", "parts"})
_PLURAL = re.compile(r"^(?:[a-z]+s|[a-z]*(?:people|children|men|women|data))$")
#: words of a task that computes, picks or counts: its number is no length of a list
_COMPUTING = frozenset({"sum", "total", "product", "average", "mean", "difference", "which",
                        "how", "count", "compare", "largest", "smallest", "biggest",
                        "multiply", "add", "plus", "minus", "times", "among",
                        "first", "last", "top", "bottom", "every", "each"})


def stated_counts(task: str) -> list[tuple[int, str]]:
    """(how many, what) for each count the task gives a list: ``three rows``, ``two
    packages``, ``3 random whole numbers`` (up to two words between)."""
    found: list[tuple[int, str]] = []
    # the number and its noun with nothing but words between ("hammers 4, nails 250": none);
    # a part of a time, a date or a ratio is no count ("22:30 on weekdays")
    low = task.lower()
    for m in re.finditer(r"(?<![\w.,:/-])\w+\b(?![:.,/]\d)", low):
        token = m.group()
        number = _NUMBERS.get(token) or (int(token) if token.isdigit() and len(token) <= 2
                                         else 0)
        following = re.match(r"(?:\s+[a-z'-]+){1,3}", low[m.end():])
        if number < 2 or following is None:
            continue
        for noun in following.group().split():
            if noun in MEASURES or noun in {"of", "and", "to", "in", "or", "than"}:
                break
            if _PLURAL.match(noun) and len(noun) > 3:
                found.append((number, noun))
                break
    return found


def items_of(path: str, text: str) -> set[int]:
    """How many items ``text`` holds read as a list: a JSON list's or object's length, a
    table's rows (with or without its first line), the non-blank lines, or — one line
    only, not a requirements file — its comma- or semicolon-separated parts."""
    lines = _lines(text)
    if path.lower().endswith(".json"):
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            return set()
        return {len(value)} if isinstance(value, list | dict) else {1}
    if path.lower().endswith(_TABLES):
        return {len(lines), max(len(lines) - 1, 0)}
    counts = {len(lines)}
    if path.lower().endswith((".toml", ".ini", ".cfg")):
        # (its tables or sections: "two tables in db.toml: [main] … and [backup] …")
        counts.add(len(re.findall(r"^\s*\[[^\]\n]+\]\s*$", text, re.MULTILINE)))
    if len(lines) == 1 and "requirements" not in path.lower():
        counts.add(len([p for p in re.split(r"[,;]", lines[0]) if p.strip()]))
    if lines and re.fullmatch(r"[#=*\-\s\w]+:?", lines[0]) and len(lines) > 1 \
            and not re.match(r"\s*(?:\d+[.)]|[-*•])\s", lines[0]):
        counts.add(len(lines) - 1)  # a title line above the list
    return counts


def wrong_count(task: str, named: Iterable[str], record: Record, starts: Mapping[str, str],
                read: Reader) -> str | None:
    """The task says how many items a new file gets (``three rows``, ``two packages``) and
    the one file the run wrote for it holds another number of them."""
    if set(words(task)) & _COMPUTING or "?" in task:
        return None
    for whole in stated_text.stated(task, named):
        task = task.replace(whole, " ")  # ("with the text: 3 barnacles left": no count)
    counts = stated_counts(scaled.without(task))  # ("subtract 6 from the crates": no count)
    targets = [p for p in named if p in record.written and p not in starts
               and not p.endswith((".py", ".sh"))]
    if len(counts) != 1 or len(targets) != 1:
        return None
    (number, noun), path = counts[0], targets[0]
    if any(str(number) in [str(a) for a in e.action.arguments.get("args") or ()]
           for e in record.episodes if e.action.name == "execute_python_file"):
        return None  # the number was given to a program ("run it for 18 knots"): no count
    if (text := read(path)) is None:
        return None
    have = items_of(path, text)
    if have and number not in have:
        return (f"Refused: the task asks for {number} {noun}, but {path} holds "
                f"{min(have, key=lambda n: abs(n - number))}: {text.strip()[:120]!r}. Write "
                f"one per line (or item), {number} in all, then finish.")
    return None


_COLUMNS = re.compile(
    r"\b(?:columns?|headers?|headings?|fields?)\s+(?:named\s+|called\s+)?"
    r"(?P<names>[\w-]+(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+)[\w-]+)+)", re.IGNORECASE)


#: words that end a list of column names ("columns item and qty and a row …")
_NOT_NAMES = frozenset({"a", "an", "the", "then", "with", "row", "rows", "one", "some"})


def missing_columns(task: str, named: Iterable[str], record: Record,
                    read: Reader) -> str | None:
    """The task names a table's columns (``columns day and nurse``, ``header name,age``)
    and the table the run wrote has no first line holding each of them as a cell."""
    tables = [p for p in named if p in record.written and p.lower().endswith(_TABLES)]
    for m in _COLUMNS.finditer(task):
        names: list[str] = []
        for name in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("names").lower()):
            if name in _NUMBERS or name in _NOT_NAMES:
                break
            names.append(name.strip())
        if len(names) < 2:
            continue
        for path in tables:
            first = (_lines(read(path) or "") or [""])[0]
            cells = {c.strip().strip("\"'").lower() for c in re.split(r"[,;\t]", first)}
            if missing := [n for n in names if n not in cells]:
                return (f"Refused: the task gives {path} the columns {', '.join(names)}, "
                        f"but its first line {first[:80]!r} lacks {', '.join(missing)}. "
                        "Write the header line, then the rows, then finish.")
    return None


#: words of a task that puts a file's items in another order
ORDER_WORDS = frozenset({"sort", "sorted", "order", "reverse", "reversed", "alphabetical",
                         "alphabetically", "ascending", "descending", "backwards",
                         "opposite", "reorder"})
_REVERSING = frozenset({"reverse", "reversed", "backwards", "opposite"})


def _number_key(item: str) -> tuple[float, ...] | None:
    """``1:34.2`` -> (1, 34.2), ``12`` -> (12,): the numbers an item is made of, when it is
    made of numbers only."""
    parts = re.findall(r"-?\d+(?:\.\d+)?", item)
    if not parts or re.sub(r"-?\d+(?:\.\d+)?|[:/.,\s]", "", item):
        return None
    return tuple(float(p) for p in parts)


def _ordered(items: list[str]) -> bool:
    """Whether ``items`` are sorted up or down, by text or by the numbers they are."""
    keys: list[list] = [[i.lower() for i in items], [len(i) for i in items]]
    cells = [re.split(r"\s*[,;\t]\s*", i) for i in items]
    for column in range(min(len(c) for c in cells) if cells else 0):
        values = [c[column] for c in cells]
        keys.append([v.lower() for v in values])
        if all(_number_key(v) is not None for v in values):
            keys.append([_number_key(v) for v in values])
    return any(len(set(k)) > 1 and (k == sorted(k) or k == sorted(k, reverse=True))
               for k in keys)


def unordered(task: str, named: Iterable[str], record: Record,
              starts: Mapping[str, str], read: Reader) -> str | None:
    """A task that puts the lines of a file in order (sorted, reversed) into a file: the
    result must hold every line of the source, in that order (a part of the list, or the
    list as it was, is not it). Skipped when the task picks a part (a number, ``top``)."""
    asked = set(words(task))
    if not asked & ORDER_WORDS or re.search(r"\d", without(task, named)) \
            or asked & {"top", "only", "unique", "duplicates", "distinct", "without"} \
            or any(w in _NUMBERS for w in asked):
        return None
    sources = [(n, _lines(t)) for n, t in starts.items() if len(_lines(t)) > 1]
    for path in [p for p in named if p in record.written]:
        if (text := read(path)) is None:
            continue
        got = _lines(text)
        for source, items in sources:
            body = items[1:] if source.lower().endswith(_TABLES) else items
            if source == path and not got:
                continue
            if len(got) == 1 and len(body) > 1 and got[0] in body:
                return (f"Refused: the task puts the {len(body)} lines of {source} in "
                        f"order, but {path} holds one of them: {got[0][:60]!r}. Write all "
                        "of them, one per line, in the order asked, then finish.")
            rows = got[1:] if source.lower().endswith(_TABLES) and got[:1] == items[:1] \
                else got
            if sorted(rows) != sorted(body):
                continue  # another text (a part, a transformation): other rules judge it
            reverse = asked & _REVERSING and not asked & {"sort", "sorted", "alphabetical",
                                                          "alphabetically"}
            if (rows != body[::-1]) if reverse else not _ordered(rows):
                return (f"Refused: {path} holds the lines of {source}, but not in the order "
                        f"the task asks ({' / '.join(rows[:4])[:100]!r}). Put them in "
                        "order, then finish.")
    return None


def kept_old(task: str, named: Iterable[str], record: Record, starts: Mapping[str, str],
             read: Reader) -> str | None:
    """A task that replaces a file's whole text, and the file still holds all of its old
    text next to the new (the run appended instead of writing it over)."""
    if not _WHOLE_REWRITE.search(task):
        return None
    for path in named:
        old = _lines(starts.get(path, ""))
        if not old or path not in record.written or (text := read(path)) is None:
            continue
        if all(line in _lines(text) for line in old) and len(_lines(text)) > len(old):
            return (f"Refused: the task replaces the text of {path}, but it still holds its "
                    f"old text {old[0][:60]!r}. Write the new text over it, then finish.")
    return None


#: words of a task that asks for every value of a column
_EVERY = frozenset({"every", "all", "each", "list"})
#: words of a task that picks some rows only
_FILTERING = frozenset({"where", "whose", "if", "over", "under", "above", "below", "more",
                        "less", "than", "only", "except", "but", "not", "unique",
                        "distinct", "without", "first", "last", "top", "which", "that",
                        "who", "with"})


def _singular(word: str) -> str:
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") \
        else word


def column_values(task: str, named: Iterable[str], record: Record,
                  starts: Mapping[str, str], read: Reader) -> str | None:
    """A task that asks for every value of a table's column (``every city from
    trips.csv``): the file the run wrote must hold that column's values, each of them."""
    asked = set(words(task))
    if not asked & _EVERY or asked & _FILTERING or re.search(r"\d", without(task, named)):
        return None
    wanted = {_singular(w) for w in asked}
    for source, text in starts.items():
        rows = [[c.strip() for c in line.split(",")] for line in _lines(text)]
        if not source.lower().endswith(_TABLES) or len(rows) < 2:
            continue
        columns = [i for i, cell in enumerate(rows[0]) if _singular(cell.lower()) in wanted]
        if len(columns) != 1:
            continue
        if any(_singular(c.lower()) in wanted for r in rows[1:]
               for i, c in enumerate(r) if i != columns[0]):
            continue  # a value of another column said ("the pilots"): only some rows
        values = [r[columns[0]] for r in rows[1:] if len(r) > columns[0]]
        for path in [p for p in named if p in record.written and p != source]:
            got = {i.strip().lower() for i in re.split(r"[\n,;]", read(path) or "")
                   if i.strip()}
            if missing := [v for v in values if v.lower() not in got]:
                return (f"Refused: the task asks for every {rows[0][columns[0]]} of "
                        f"{source}, but {path} lacks {', '.join(missing[:3])}. Write each "
                        "of them, then finish.")
    return None


_BETWEEN = re.compile(r"\bbetween\s+(-?\d+(?:\.\d+)?)\s+and\s+(-?\d+(?:\.\d+)?)",
                      re.IGNORECASE)


def out_of_bounds(task: str, record: Record, read: Reader) -> str | None:
    """A task that makes numbers up between two bounds (``3 random numbers between 1 and
    10``), and a number the run wrote outside them. Not for a task that computes from them
    (a sum, a count)."""
    bounds = _BETWEEN.search(task)
    if bounds is None or set(words(task)) & (_COMPUTING - {"between"}):
        return None
    low, high = sorted((float(bounds.group(1)), float(bounds.group(2))))
    for path in sorted(record.written):
        if path.endswith(PROGRAMS) or (text := read(path)) is None:
            continue
        for number in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])", text):
            if not low <= float(number) <= high:
                return (f"Refused: the task asks for numbers between {bounds.group(1)} and "
                        f"{bounds.group(2)}, but {path} holds {number}. Write numbers in "
                        "that range, then finish.")
    return None


_ONE_LINE = re.compile(r"\bthe\s+(?:first|last|second|third|final|top|bottom|\d+(?:st|nd|rd|th))"
                       r"\s+(?:line|entry|row)\s+(?:of|in|from)\s+(?P<source>[\w./-]+)",
                       re.IGNORECASE)


def more_than_a_line(task: str, named: Iterable[str], record: Record,
                     read: Reader) -> str | None:
    """A task that takes one line of a file (``the last line of steps.txt``) and a file the
    run wrote for it that holds several lines (the whole file copied)."""
    sources = {m.group("source").rstrip(".,") for m in _ONE_LINE.finditer(task)}
    if not sources:
        return None
    for path in [p for p in named if p in record.written and p not in sources]:
        if len(_lines(read(path) or "")) > 1:
            return (f"Refused: the task takes one line of {', '.join(sorted(sources))}, but "
                    f"{path} holds {len(_lines(read(path) or ''))} lines. Write just that "
                    "line, then finish.")
    return None
