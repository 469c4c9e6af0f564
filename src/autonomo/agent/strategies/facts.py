"""Facts of what a small model has seen, keyed by words, and ranked against its task.

A value the task asks for ("the city in person.txt", "the price of cheese", "the number of
lines") is usually a value of a file the agent can see, next to words the task also uses:
``city: Lisbon``, a CSV cell under ``price`` in the row of ``cheese``, a count of ``lines``.
Each fact here is such a value with the words around it; ``ranking.rank`` keeps the facts whose
words the task shares most, so a grammar-constrained model chooses among a few likely
values instead of every line it has seen. Nothing here knows a task: the keys are the
files' own words, plus the plain words of counting and listing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

import yaml

from autonomo.agent.csv_text import table_rows
from autonomo.agent.strategies.blocks import block_texts, headed, labelled, units
from autonomo.agent.strategies.values import parts, scan

_WORDS = re.compile(r"[A-Za-z]+|\d+")
_PAIR = re.compile(r"^\s*([\w .-]{1,40}?)\s*[:=]\s*(.+?)\s*$")
#: words a count or a list is asked with, whatever is counted or listed
_COUNTING = ("count", "number", "many", "total")
_LISTING = ("list", "name", "all", "one", "per", "line")
FILLER = {"a", "an", "the", "to", "in", "into", "of", "and", "or", "it", "its", "with", "from",
           "for", "on", "at", "by", "is", "as", "that", "this", "then", "each", "txt", "file",
           "write", "save", "put", "read", "find", "look", "up"}
MAX_FACTS = 6
_COUNT, _LIST = " ".join(_COUNTING), " ".join(_LISTING)
#: the labels of values computed from a file's lines and numbers (the operations' nouns)
_MEAN = "average mean"
_SORTED = "sorted sort alphabetical alphabetically order"
_DISTINCT = "distinct different unique"
_REVERSED = "reverse reversed opposite backwards"
#: the words of a flag set or not ("switched on" reads as enabled: ``SWITCHED``)
_ON = "true enabled active yes"
_OFF = "false disabled inactive"
#: a switch said in words: "switched on", "turned off" (for the facts: enabled/disabled; for a
#: file made: true/false)
SWITCHED = re.compile(r"\b(?:switched|turned|toggled|set|is|are)\s+(on|off)\b", re.IGNORECASE)
#: (a speed's or a time's ends depend on its unit: "fastest" is the least minutes and the
#: most km/h; those words ask for both ends)
_EITHER = "fastest faster slowest slower earliest earlier latest later quickest"
_LEAST = ("smallest smaller lowest lower minimum min least less fewest fewer shortest shorter "
          f"cheapest cheaper {_EITHER}")
_MOST = ("largest larger biggest bigger highest higher maximum max most more greatest greater "
         f"longest longer {_EITHER}")
_NTH = ("second", "third", "fourth", "fifth")


def stem(word: str) -> str:
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "xes", "tches", "nches")) and len(word) > 4:
        return word[:-2]  # ("addresses", "dishes", "boxes", "branches"; not "caches")
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def words(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in _WORDS.findall(text) if w.lower() not in FILLER)


_KIND = re.compile(r"(?<![\w./-])\*?\.([A-Za-z][A-Za-z0-9]{0,7})\b(?!\.\w)")


def kinds(text: str) -> frozenset[str]:
    """The kinds of file a text names by extension (".txt files" → ``.txt``): words of
    their own, even where the bare word is a filler."""
    return frozenset(f".{m.lower()}" for m in _KIND.findall(text))


#: words of the structure (counts, lists, lines) weigh less than a file's own words: "line"
#: in a task matches every line of every file
_OUTPUT = "output result printed print run execute script program"
_STRUCTURE = words(" ".join([*_COUNTING, *_LISTING, "rows", "words", "files", "workspace",
                             "entries", "items", _OUTPUT]))
#: the words of counting, stemmed (``ranking``: a count is asked for with one)
COUNTED = frozenset(stem(w) for w in _COUNTING)
#: what a value needs to be offered: one of the file's own words and its file's name, or
#: three words of structure ("the number of lines in x.txt")
THRESHOLD = 1.25
#: what a value of a file the task reads needs when nothing reaches ``THRESHOLD``: its
#: file's name, or one word of structure (offered after the values the task states)
NEAR = 0.5


@dataclass(frozen=True)
class Fact:
    key: frozenset[str]
    value: str
    #: the words of the file it comes from: they say which file, not which value
    source: frozenset[str] = frozenset()
    #: words the task must say for the fact to count (the value a group of rows shares)
    needs: frozenset[str] = frozenset()
    #: words of the file's own label for the value (``name`` of ``name: x``): they weigh
    #: fully even when they are words of structure
    label: frozenset[str] = frozenset()
    #: the word just before a value in a line of a record ("room" of "room 12B"): when the
    #: task says it, it decides between the values of one line
    tag: str = ""
    #: the words of the other lines of its block ("protocol mqtt" under "listener 8883")
    context: frozenset[str] = frozenset()


def _fact(key: str, value: object, source: str = "", own: str = "") -> Fact:
    """``value`` under the words of ``key``; the words of its file's name (``source``) say
    which file, not which value, unless they are words of structure ("items.json") or the
    value's ``own`` words (the column "city" of cities.csv)."""
    shown = json.dumps(value) if isinstance(value, bool) else str(value)
    named = words(source) - _STRUCTURE - words(own)
    return Fact(words(key) - named, shown.strip(), words(source), label=words(own))


#: (for the modules deriving more facts)
fact = _fact
STRUCTURE = _STRUCTURE
COUNT_WORDS = _COUNT
LIST_WORDS = _LIST
DISTINCT_WORDS = _DISTINCT
SORTED_WORDS = _SORTED


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def file_facts(name: str, text: str) -> list[Fact]:
    """Lines, ``key: value`` pairs, tokens with digits, counts, first and last lines, and
    JSON/CSV values of one file's text."""
    src = " ".join(_WORDS.findall(name.rsplit(".", 1)[0]))
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    lower, measured = name.lower(), units(text)
    # a structured reading first: on a tie its values win (a CSV's rows, not its lines)
    facts = (_json_facts(src, text) if lower.endswith(".json")
             else _yaml_facts(src, text) if lower.endswith((".yaml", ".yml"))
             else _csv_facts(src, text) if lower.endswith(".csv") else [])
    facts += [_fact(f"lines {_COUNT}", len(lines), src),
             _fact(f"words {_COUNT}", len(text.split()), src)]
    if lower.endswith((".json", ".yaml", ".yml")) and facts[:-2]:
        return facts  # its lines are pieces of syntax ('"city": "Oslo",'), not values
    if lines:
        facts += [_fact("first line", lines[0], src), _fact("last line", lines[-1], src)]
        facts += [_fact(f"{nth} line", line, src)
                  for nth, line in zip(_NTH, lines[1:5], strict=False)]
    facts += _number_facts(src, lines)
    for line, block in zip(lines, block_texts(text), strict=False):
        facts.append(_fact(line, line, src))
        context = words(block)
        facts += [replace(_fact(rest, c, src), tag=stem(w), context=context, needs=words(w))
                  for w, c, rest in labelled(line) if words(w)]
        if match := _PAIR.match(line):
            facts.append(replace(_fact(match.group(1), match.group(2).strip("'\""), src,
                                       own=match.group(1)), context=context))
        for found in scan(line):
            # a value whole by its shape ("10:15", "12B", "AQD45-20917"), named by the words
            # of its line when it is short (a record: "- Biscuit: Tuesday 10:15, room 12B"),
            # else by the words next to it ("simmer for 25 minutes"); the word just before
            # it is its label ("room 12B")
            before = line[:found.start].split()
            after = line[found.start + len(found.text):].split()
            if len(before) + len(after) > _RECORD:
                before, after = before[-_NEAR:], after[:_NEAR]
            label = next((w for w in reversed(_WORDS.findall(line[:found.start]))
                          if w.lower() not in FILLER | measured), "")  # (not 45's unit)
            made = _fact(" ".join(before + after), found.text, src)
            facts.append(Fact(made.key, made.value, made.source, tag=stem(label),
                              context=context))
            # its parts by its shape, each under its own name and its shape's ("only its
            # domain", "the year of the date": more of the task's words than the whole),
            # only when the task names the part
            for names, part in parts(found):
                for named in names.split():
                    made = _fact(f"{named} {found.kind} {' '.join(before + after)}", part, src)
                    facts.append(Fact(made.key, made.value, made.source, words(named)))
    facts += _line_facts(src, lines, measured)
    return facts


#: how many words on each side of a value name it (a line of at most ``_RECORD`` words:
#: all of them)
_NEAR = 4
_RECORD = 12
#: files larger than this (in lines) get no per-word counts
_MAX_COUNTED = 300


def _line_facts(src: str, lines: list[str], measured: set[str]) -> list[Fact]:
    """The lines sorted, the number of different lines, and for each word of the file the
    number of lines holding it (of a one-line file of several words: its words sorted;
    not how often a unit occurs, ``measured``: "how many minutes" asks a quantity)."""
    facts: list[Fact] = []
    items = lines if len(lines) > 1 else lines[0].split() if lines else []
    if len(items) > 1:
        numeric = all(_NUMERIC.fullmatch(i) for i in items)
        ordered = sorted(items, key=lambda i: (float(i), "") if numeric else (0.0, i.lower()))
        # (asked for by its own words only: "all the lines" is not "the lines sorted")
        facts += [_fact(_SORTED, "\n".join(ordered), src),
                  _fact(_REVERSED, "\n".join(reversed(items)), src),
                  _fact(f"{_DISTINCT} {_COUNT}", len({i.lower() for i in items}), src)]
    if 1 < len(lines) <= _MAX_COUNTED:
        holding: dict[str, int] = {}
        times: dict[str, int] = {}
        for line in lines:
            found = [w.lower() for w in _WORDS.findall(line)]
            for word in dict.fromkeys(found):  # (in order: a set's varies by run)
                holding[word] = holding.get(word, 0) + 1
            for word in found:
                times[word] = times.get(word, 0) + 1
        # (a word on every line counts too: the task says which word it means)
        facts += [_fact(f"{word} lines {_COUNT}", n, src, own=word)
                  for word, n in holding.items() if n > 1]
        # (and which lines: "every ERROR line", "the lines that mention urgent")
        facts += [_fact(f"{word} lines {_LIST}", "\n".join(
            line for line in lines if word in {w.lower() for w in _WORDS.findall(line)}), src,
            own=word) for word, n in holding.items() if 1 < n < len(lines) and not word.isdigit()]
        facts += [_fact(f"{word} {_COUNT}", n, src) for word, n in times.items()
                  if n > 1 and n != holding[word] and word not in measured]
    # what follows a word that heads lines ("Host bastion"): counted only when the task
    # says the word (``needs``: "the Host aliases")
    for word, rests in headed(lines).items():
        facts += [replace(_fact(f"{word} {key}", value, src, own=word), needs=words(word),
                          tag=stem(word))
                  for key, value in ((f"{_LIST} values", "\n".join(rests)),
                                     (_COUNT, len(rests))) if words(word)]
    return facts


def _number_facts(src: str, cells: list[str], key: str = "") -> list[Fact]:
    """Total, largest and smallest of a list of numbers (a file's lines, a CSV column)."""
    try:
        numbers = [float(c) for c in cells]
    except ValueError:
        return []
    if len(numbers) < 2:
        return []
    mean = round(sum(numbers) / len(numbers), 4)
    # ("how much": an amount, the sum; "how many": a count)
    return [_fact(f"{key} numbers {_COUNT} sum add much", _number(sum(numbers)), src),
            _fact(f"{key} numbers {_MEAN}", _number(mean), src),
            _fact(f"{key} numbers {_MOST}", _number(max(numbers)), src),
            _fact(f"{key} numbers {_LEAST}", _number(min(numbers)), src)]


def _json_facts(src: str, text: str) -> list[Fact]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than json can read
        return []
    facts: list[Fact] = []
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            if item:
                # (the top level's: "how many top-level keys")
                label = path.split()[-1] if path else "top level root"
                facts.append(_fact(f"{path or label} keys {_LIST}", "\n".join(map(str, item)),
                                   src))
                # the entries under a key: "how many services" of services: {…} (the top
                # level's only when the task says "keys")
                facts.append(replace(_fact(f"{label} keys entries {_COUNT}", len(item), src),
                                     needs=frozenset() if path else words("keys")))
            flags = {str(k): v for k, v in item.items() if isinstance(v, bool)}
            if len(flags) > 1:  # the keys set true, and those set false
                for label, flag in ((_ON, True), (_OFF, False)):
                    facts.append(_fact(f"{path} {label} keys {_LIST}", "\n".join(
                        k for k, v in flags.items() if v is flag), src))
            stack += [(f"{path} {k}", v) for k, v in item.items()]
        elif isinstance(item, list):
            # (named by its key and its parent's: "services db volumes" counts no services)
            facts.append(_fact(f"{' '.join(path.split()[-2:])} entries items elements {_COUNT}",
                               len(item), src))
            stack += [(path, v) for v in item]
            scalars = [str(v) for v in item if isinstance(v, (str, int, float))
                       and not isinstance(v, bool)]
            if len(scalars) > 1:
                facts.append(_fact(f"{path} {_LIST}", "\n".join(scalars), src))
                facts += _number_facts(src, scalars, path)
            records = [v for v in item if isinstance(v, dict)]
            keys = list(dict.fromkeys(str(k) for r in records for k in r))
            for key in keys:
                cells = [str(r[key]) for r in records if isinstance(r.get(key), (str, int, float))]
                if len(cells) > 1:
                    facts.append(_fact(f"{path} {key} {_LIST}", "\n".join(cells), src,
                                       own=key))
            # the records as rows of a table: grouped by a value, the row of a least or most
            table = [[_cell(r.get(k)) for k in keys] for r in records]
            if len(table) > 1 and all(all(c is not None for c in row) for row in table):
                for col in range(len(keys)):
                    facts += _rows_by(src, keys, table, col)  # type: ignore[arg-type]
        elif item is not None:  # (its key is the file's own label for it)
            facts.append(_fact(path, item, src, own=path.split()[-1] if path.split() else ""))
    return facts


#: values a YAML file may hold once its aliases are expanded: ``&b [*a, *a, …]`` multiplies
#: with each level, and a 342-byte file took 41 s and 1 GB of the host to turn into facts
MAX_YAML_VALUES = 100_000


def _few_values(data: object) -> bool:
    """Whether ``data`` holds at most ``MAX_YAML_VALUES`` values counted as expanded (the
    count stops at the bound, so it costs no more than that)."""
    stack, seen = [data], 0
    while stack:
        seen += 1
        if seen > MAX_YAML_VALUES:
            return False
        item = stack.pop()
        if isinstance(item, dict):
            stack += item.values()
        elif isinstance(item, list):
            stack += item
    return True


json_facts, number_facts = _json_facts, _number_facts


def _yaml_facts(src: str, text: str) -> list[Fact]:
    """A YAML file's values, read as the JSON they load to (a mapping or a list)."""
    try:
        data = yaml.safe_load(text)
    except (yaml.YAMLError, RecursionError, ValueError):
        return []
    if not isinstance(data, (dict, list)) or not _few_values(data):
        return []
    try:
        return _json_facts(src, json.dumps(data, default=str))
    except (TypeError, ValueError, RecursionError):  # keys that are not texts
        return []


def _cell(value: object) -> str | None:
    """A JSON value as a table cell (None for a list, an object or null)."""
    if isinstance(value, bool):
        return json.dumps(value)
    return str(value) if isinstance(value, (str, int, float)) else None


def _csv_facts(src: str, text: str) -> list[Fact]:
    rows = table_rows(text)
    if len(rows) < 2:
        return []
    header, body = rows[0], rows[1:]
    facts = [_fact(f"rows {_COUNT}", len(body), src)]
    for col, title in enumerate(header):
        cells = [r[col].strip() for r in body if col < len(r)]
        facts.append(_fact(f"{title} {_LIST}", "\n".join(cells), src, own=title))
        facts += [_fact(f"{title} {r[0]}", c, src, own=title)
                  for r, c in zip(body, cells, strict=False)]
        facts += _number_facts(src, cells, title)
        facts += _rows_by(src, header, body, col)
    facts.append(_fact(f"columns column names fields {_LIST}", "\n".join(header), src))
    return facts


#: columns with more different values than this are not grouped by value
_MAX_GROUPS = 12


def _rows_by(src: str, header: list[str], body: list[list[str]], col: int) -> list[Fact]:
    """The rows of a CSV grouped by their value in column ``col``: how many, and the other
    columns' cells (the first column's first); of a numeric column, the other cells of the
    row holding its least and its most."""
    title = header[col]
    rows = [r for r in body if len(r) == len(header)]
    groups: dict[str, list[list[str]]] = {}
    for row in rows:
        groups.setdefault(row[col].strip(), []).append(row)
    facts: list[Fact] = []
    others = [i for i in range(len(header)) if i != col]
    if 1 < len(groups) <= _MAX_GROUPS and len(groups) < len(rows):
        for value, members in groups.items():
            group = [_fact(f"{title} {value} rows {_COUNT}", len(members), src, own=title)]
            group += [_fact(f"{title} {value} {header[i]} {_LIST}",
                            "\n".join(r[i].strip() for r in members), src, own=title)
                      for i in others]
            facts += [Fact(f.key, f.value, f.source, words(value), f.label) for f in group]
    try:
        numbers = [float(r[col]) for r in rows]
    except ValueError:
        return facts
    if len(numbers) > 1:
        for label, pick in ((_LEAST, min), (_MOST, max)):
            row = rows[numbers.index(pick(numbers))]
            facts += [_fact(f"{title} {label} {header[i]}", row[i].strip(), src, own=title)
                      for i in others]
    return facts


def printed(output: str) -> str:
    """Of a program's run, what it printed (the part after ``STDOUT:``); else the output."""
    if "STDOUT:\n" in output:
        return output.split("STDOUT:\n", 1)[1].split("\nSTDERR:\n", 1)[0]
    return output


def output_facts(source: str, output: str) -> list[Fact]:
    """A command's output: its lines and the whole of it (of a program's run, what it
    printed)."""
    output = printed(output)
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    src = " ".join(_WORDS.findall(source.rsplit(".", 1)[0]))
    # (the words of a program's output weigh fully: a run's output is what they ask for)
    facts = [_fact(_OUTPUT, line, src, own=_OUTPUT) for line in lines]
    if 1 < len(lines) <= 30:
        facts.append(_fact(f"{_OUTPUT} {_LIST}", "\n".join(lines), src, own=_OUTPUT))
    return facts


#: the words that ask for two values put together
_JOINED = "full whole together join joined combined both"
_ARITHMETIC = (("sum add added plus total together", lambda a, b: a + b),
               ("product multiply multiplied times", lambda a, b: a * b),
               ("difference subtract subtracted minus", lambda a, b: a - b),
               ("divide divided quotient ratio", lambda a, b: a / b if b else None))
_NUMERIC = re.compile(r"-?\d+(?:\.\d+)?")
#: a number a task states (not a piece of a file name, a date or a code)
_STATED_NUMBER = re.compile(r"(?<![\w.-])-?\d+(?:\.\d+)?(?![\w-]|\.\w)")
_PLACEHOLDER = re.compile(r"<[^<>]{1,40}>|\{[^{}]{1,40}\}|\[[^\[\]]{1,40}\]")
_FOLLOWED = re.compile(r"\b((?:\w+\s+){0,3}?\w+)\s+(?:followed by|and then)\s+"
                       r"(?:that|the|this|their|its)\s+\w+")


def combined_facts(values: list[tuple[str, str]], task: str,
                   phrases: Iterable[str] = ()) -> list[Fact]:
    """Values put together from files that hold one line each (``values``: file name and
    text, in the task's order): two numbers added, multiplied…; the lines joined; the task's
    template (one of ``phrases``, the task's, holding a placeholder: "Label <the name>"; or
    "Hi followed by that name") filled with each line."""
    single = [(name, text.strip()) for name, text in values
              if text.strip() and "\n" not in text.strip()]
    src = " ".join(_WORDS.findall(" ".join(name.rsplit(".", 1)[0] for name, _ in single)))
    facts: list[Fact] = []
    numbers = [float(line) for _, line in single if _NUMERIC.fullmatch(line)]
    stated = [float(n) for n in _STATED_NUMBER.findall(task)]
    needs: frozenset[str] = frozenset()
    if len(numbers) == 1 and len(stated) == 1:  # "multiply the number in a.txt by 3"
        numbers.append(stated[0])
        needs = frozenset({_number(stated[0])})
    if len(numbers) == 2:
        if re.search(r"\bsubtract\b.+\bfrom\b", task, re.I):  # "subtract a from b": b - a
            numbers.reverse()
        for key, combine in _ARITHMETIC:
            result = combine(*numbers)
            if result is not None:
                fact = _fact(f"{key} numbers result", _number(round(result, 10)), src)
                facts.append(Fact(fact.key, fact.value, fact.source, needs))
    if len(single) >= 2:
        facts.append(_fact(f"{_JOINED} line", " ".join(line for _, line in single), src))
    numeric = [(name, float(line)) for name, line in single if _NUMERIC.fullmatch(line)]
    if len(numeric) >= 2:  # which file holds the most, the least
        for label, pick in ((_MOST, max), (_LEAST, min)):
            name = pick(numeric, key=lambda item: item[1])[0]
            facts.append(_fact(f"{label} number file name", name, src))
    templates = [m.group(0) for m in _FOLLOWED.finditer(task)]
    templates += [p for p in phrases if _PLACEHOLDER.search(p)]
    for template in templates:
        if followed := _FOLLOWED.fullmatch(template):
            lead = followed.group(1).split()
            # the words before "followed by", back to an instruction's word: each tail of them
            fills = []
            for n in range(1, len(lead) + 1):
                if lead[-n].lower() in FILLER:
                    break
                fills.insert(0, (" ".join(lead[-n:]) + " ", ""))  # the longest first
        else:
            hole = _PLACEHOLDER.search(template)
            fills = [(template[:hole.start()], template[hole.end():])] if hole else []
        for before, after in fills:
            for _, line in single:
                facts.append(_fact(template, f"{before}{line}{after}", src))
    return facts
