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

import configparser
import csv
import io
import itertools
import json
import re
import tomllib
from typing import Any

import yaml

from autonomo.agent.strategies import pyexample, pystrings
from autonomo.agent.strategies.spans import NUMBER_WORDS
from autonomo.agent.verifying_snapshot import Changes, Snapshot
from autonomo.agent.verifying_task import negations, placed_names
from autonomo.agent.verifying_verdict import Verdict

_ORDERING = re.compile(r"\b(?:sort|sorted|order|ordered|reverse|reversed|alphabetical\w*|"
                       r"shuffle\w*|unique|each|every|per)\b", re.IGNORECASE)
#: words that give the values a type or a place the parsed comparison does not judge ("the
#: list 1, 2 and 3 as strings", "nested under a pet key")
_TYPING = re.compile(r"\b(?:as|in)\s+(?:(?:a|an)\s+)?(?:strings?|texts?|numbers?|integers?|"
                     r"floats?|decimals?|booleans?|quotes|objects?|arrays?|dicts?|maps?)\b|"
                     r"\b(?:quoted|nested|wrapped)\b|\bunder\s+(?:a|an|the)\s+[\w-]+(?:\s+key)?\b",
                     re.IGNORECASE)
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
    "following", "these",
    "yaml", "yml", "toml", "ini", "cfg", "settings", "options", "two", "three", "four", "five",
    "six",
    # (words that say the file holds that and nothing more, which is what is judged)
    "exactly", "only", "just",
    # (politeness and wishes: "please create", "I need a …")
    "please", "pls", "kindly", "i", "need", "want", "like", "would", "could", "can", "you",
    "me", "d"
})
_UNSET = object()
#: settings files judged as their parsed pairs
SETTINGS = ("toml", "yaml", "yml", "ini", "cfg")
_CONNECT = (r"(?:\s+(?i:(?:is|are)\s+set\s+to|is|are|set\s+to|equal\s+to|of|as|to|=|->)\s+"
            r"|\s*[:=]\s*|\s+)")


def creating(task: str, start: Snapshot, now: Snapshot, changes: Changes) -> Verdict | None:
    """One new CSV or JSON file the task names, nothing else changed: its parsed content is
    exactly the rows, items or pairs the task states."""
    if changes.removed or changes.changed or len(changes.added) != 1:
        return None
    (path,) = changes.added
    kind = path.lower().rsplit(".", 1)[-1]
    if kind not in ("csv", "json", *SETTINGS, "md", "py") or path not in placed_names(
            task, start):
        return None
    bare = task.replace(path, " ")
    if _ORDERING.search(bare) or negations(task, ()):  # (not "order" of order.json)
        return Verdict.no("create", "the task asks for more than the values it states")
    if kind != "md" and (typed := _TYPING.search(bare)):
        return Verdict.no("create", f"the task gives its values a type or a place of their "
                                    f"own: {typed.group()!r}")
    text = now.files[path].text
    if text is None:
        return Verdict.no("create", f"{path} is too big or not text")
    judge = {"csv": _csv, "json": _json, "md": _markdown, "py": _function}.get(kind, _settings)
    why = judge(bare, text) if judge is not _settings else _settings(bare, text, kind)
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


def _more(task: str, spans: list[tuple[int, int]], extra: frozenset[str] = frozenset()) -> str:
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
    text = _TYPE_SAID.sub(" ", text)  # ("port is 5050 (a number)": the value's type)
    if m := re.search(r"\d|[\"“‘]|(?<![.!?:]\s)(?<!^)\b[A-Z](?![A-Z]+\b)\w*", text.strip()):
        return f"the task states more than the file holds ({m.group()!r} …)"
    # any other word may ask for more ("and add a third column for email")
    if left := [w for w in re.findall(r"[^\W\d_]+", text.lower())
                if w not in _STRUCTURE | extra]:
        return f"the task says more than the values it states ({left[0]!r} …)"
    return ""


def _token(value: Any) -> str | None:
    """How the task writes a scalar value (a string as is or quoted, a number as digits)."""
    if isinstance(value, bool):  # (a switch said in words: "tls turned on", "debug is off")
        word = "on" if value else "off"
        return rf"(?i:{json.dumps(value)}|(?:(?:turned|switched|toggled)\s+)?{word}\b)"
    if value is None:
        return f"(?i:{json.dumps(value)})"
    if isinstance(value, (int, float)):
        return re.escape(json.dumps(value)) + r"(?:\.0+)?" if isinstance(value, int) \
            else re.escape(json.dumps(value))
    if isinstance(value, str) and value and not re.fullmatch(
            r"-?\d+(?:\.\d+)?|true|false|null|none|yes|no|on|off", value, re.IGNORECASE):
        # (a text that reads as a list, "a, b and c", is one only in quotes: else a list)
        optional = "" if re.search(r",\s|\s(?i:and)\s", value) else "?"
        return rf"[\"'“‘]{optional}{re.escape(value)}[\"'”’]{optional}"
    if isinstance(value, str) and value:
        # a string of digits or a literal: a string only where the task quotes it ("pin"
        # set to "0042"); unquoted, the task's number or boolean is not told from a string
        return rf"[\"“‘]{re.escape(value)}[\"”’]"
    return None


def _scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _json(task: str, text: str, data: Any = _UNSET, extra: frozenset[str] = frozenset()) -> str:
    if data is _UNSET:
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
        return _more(task, [found.span()], extra)
    if not isinstance(data, dict) or not data:
        return "it is no JSON list or object"
    pairs = []
    for key, value in data.items():
        # (a list of plain values: its items joined as the task joins them, "a, b and c")
        token = _JOIN.join(t or "(?!)" for t in map(_token, value)) if isinstance(
            value, list) and value and all(_scalar(v) for v in value) else _token(value)
        if token is None or isinstance(value, dict):
            return f"the value of {key} is not a plain value the task states"
        spelled = re.escape(key).replace("_", "[_ ]")
        # (a value in brackets after its key: "age (31)")
        pairs.append(rf"(?i:the\s+)?[\"'“‘]?{spelled}[\"'”’]?(?:{_CONNECT}{token}|\s*\(\s*{token}"
                     r"\s*\))")
    # every pair once, in any order, as one enumeration of the task
    for order in _orders(pairs):
        if found := re.search(rf"{_ALONE}(?:{_JOIN.join(order)})(?!\w|{_JOIN}[\w\"'])",
                              task):
            return _more(task, [found.span()], extra)
    return "its pairs are not exactly the task's enumeration of keys and values"


#: a type said in brackets after a value: "(a number)", "(as a string)"
_TYPE_SAID = re.compile(r"\(\s*(?:as\s+)?(?:an?\s+)?(?:number|integer|string|text|boolean)\s*\)",
                        re.IGNORECASE)


def _orders(pairs: list[str]) -> list[tuple[str, ...]]:
    """The pairs in every order (more than 4 pairs: only the file's order and reversed)."""
    if len(pairs) <= 4:
        return list(itertools.permutations(pairs))
    return [tuple(pairs), tuple(pairs[::-1])]


def _parsed(text: str, kind: str) -> Any:
    """A settings file's data (INI values typed as the task writes them), or None."""
    try:
        if kind == "toml":
            return tomllib.loads(text)
        if kind in ("yaml", "yml"):
            return yaml.safe_load(text)
        parser = configparser.ConfigParser(interpolation=None)
        parser.read_string(text)
    except (ValueError, yaml.YAMLError, configparser.Error):
        return None
    return {name: {k: _typed_cell(v) for k, v in parser[name].items()}
            for name in parser.sections()}


def _typed_cell(cell: str) -> Any:
    if re.fullmatch(r"-?\d+", cell):
        return int(cell)
    if re.fullmatch(r"-?\d*\.\d+", cell):
        return float(cell)
    return {"true": True, "false": False}.get(cell.lower(), cell)


def _settings(task: str, text: str, kind: str) -> str:
    """A TOML, YAML or INI file: its pairs (of its one table, which the task names) are
    exactly the task's enumeration of keys and values."""
    data = _parsed(text, kind)
    if not isinstance(data, dict) or not data:
        return f"it does not parse as {kind.upper()} pairs"
    tables = [k for k, v in data.items() if isinstance(v, dict)]
    if not tables:
        return _json(task, text, data)
    if any(isinstance(v, dict) for t in tables for v in data[t].values()):
        return "a table in a table is not judged"
    # each table named once; its pairs stated after its name, before the next table's; the
    # pairs outside every table stated before the first
    found = []
    for name in tables:
        said = list(re.finditer(
            rf"(?:\b(?:a|an|the)\s+)?(?:(?:\b(?:table|section)\s+)?\[{re.escape(name)}\]"
            r"(?:\s+(?:table|section))?"
            rf"|\b{re.escape(name)}\s+(?:table|section)\b|\b(?:table|section)\s+"
            rf"(?:called\s+|named\s+)?{re.escape(name)}\b)\s*,?", task, re.IGNORECASE))
        if len(said) != 1:
            return f"the task does not name the table {name!r} once"
        found.append((said[0].start(), said[0].end(), name))
    found.sort()
    top = {k: v for k, v in data.items() if k not in tables}
    parts = [(task[:found[0][0]], top)] if top else []
    before = re.findall(r"[^\W\d_]+", task[:found[0][0]].lower())
    if not top and any(w not in _STRUCTURE | {"table", "section"} for w in before):
        return "the task says more before its first table"
    for index, (_, end, name) in enumerate(found):
        stop = found[index + 1][0] if index + 1 < len(found) else len(task)
        parts.append((" table: " + task[end:stop], data[name]))
    for part, pairs in parts:
        if why := _json(part, text, pairs, frozenset({"table", "section"})):
            return why
    return ""


#: a markdown line: a heading, or an item of a list (bullet, number, box)
_MD_HEADING = re.compile(r"#{1,6}\s+(\S.*?)\s*#*\s*")
_MD_ITEM = re.compile(r"(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)(\S.*?)\s*")
_MD_WORDS = frozenset({"heading", "title", "titled", "entitled", "header", "headline", "bullet",
                       "bullets", "bulleted", "point", "points", "list", "numbered", "followed",
                       "by", "under", "markdown", "md", "checklist", "then", "for", "two",
                       "three", "four", "five", "six", "seven", "eight", "nine", "ten", "top",
                       "main", "below", "after", "beneath", "underneath", "it", "things",
                       "first", "together", "draft", "prepare", "needs", "whose"})


def _markdown(task: str, text: str) -> str:
    """A markdown file: a heading the task says (quoted, or after "heading"/"title"), then
    the items of one whole enumeration of the task, one a line, or the lines of text the task
    states under it ("followed by a line 'Day 1: museum'"), and nothing else."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    heading = _MD_HEADING.fullmatch(lines[0]) if lines else None
    body = lines[1 if heading else 0:]
    items = [m.group(1) for line in body if (m := _MD_ITEM.fullmatch(line))]
    if heading and body and not items:
        return _md_lines(task, heading, body)
    if not lines or len(items) != len(body):
        return "it is not a heading and a list, one item a line"
    kinds = {"1." if re.match(r"\d", line) else "[ ]" if re.match(r"[-*+]\s+\[", line) else "-"
             for line in body}
    said = ("1." if re.search(r"\b(?:numbered|ordered)\b", task, re.I) and not re.search(
        r"\bunordered\b", task, re.I) else "[ ]" if re.search(
        r"\b(?:checklist|check\s*box(?:es)?|to-?do\s+boxes|tick\s*box(?:es)?)\b", task, re.I)
        else "-")
    if items and kinds != {said}:
        return f"its items are not marked as the task's list ({said!r})"
    spans = []
    if heading:
        if not (found := _md_heading(task, heading)):
            return f"its heading {heading.group(1)!r} is not the one the task says"
        if isinstance(level := _md_level(task, heading), str):
            return level
        spans += [found, *([level] if level else [])]
    if items:
        # (a count said before the items is no item: "a list with two points, a and b")
        task = _COUNT_COMMA.sub(lambda m: m.group(1) + ":", task)
        run = _JOIN.join(rf"[\"'“‘]?{re.escape(i)}[\"'”’]?" for i in items)
        found = re.search(rf"{_ALONE}{run}(?!\w|{_JOIN}[\w\"'])", task)
        if found is None or len(items) < 2:
            return "its items are not one whole enumeration of the task"
        if counts := list(_COUNT.finditer(task[:found.start()])):
            said = counts[-1].group(1).lower()
            if said not in (str(len(items)), NUMBER_WORDS[min(len(items), len(NUMBER_WORDS) - 1)]):
                return f"the task asks for {said} items, it has {len(items)}"
            spans.append(counts[-1].span())
        spans.append(found.span())
    return _more(task, spans, _MD_WORDS)


#: a count said right before what it counts ("two points", "3 bullets")
_COUNT = re.compile(r"\b(\d+|" + "|".join(NUMBER_WORDS) + r")\s+(?:[a-z]+\s+){0,2}?"
                    r"(?:points?|items?|bullets?|things|entries|notes)\b", re.IGNORECASE)
_COUNT_COMMA = re.compile(r"(" + _COUNT.pattern + r"),", re.IGNORECASE)


#: a heading's level said in words: "a level-2 heading", "an h3 title", "second-level"
_LEVEL = re.compile(r"\b(?:level[- ]?([1-6])|h([1-6])|(first|second|third|fourth)[- ]level)\b",
                    re.IGNORECASE)
_ORDINALS = ("first", "second", "third", "fourth")


def _md_level(task: str, heading: re.Match[str]) -> tuple[int, int] | str | None:
    """Where the task says its heading's level (None: it does not), or why the file's heading
    is not at that level."""
    said = _LEVEL.search(task)
    if said is None:
        return None
    level = int(said.group(1) or said.group(2) or _ORDINALS.index(said.group(3).lower()) + 1)
    if len(heading.group(0).split()[0]) != level:
        return f"its heading is not at level {level}"
    return said.span()


def _md_heading(task: str, heading: re.Match[str]) -> tuple[int, int] | None:
    """Where the task says ``heading`` (a heading line of the file) as its heading; its
    marks, when the task writes them ("a heading '## Retro'"), must be the file's."""
    said = re.search(r"\b(?:heading|title|titled|entitled|header|headline)\b[^\"'“‘\w]*"
                     r"(?:(?:of|is|reading|saying|called)\s+)?[\"'“‘]?(?P<marks>#{1,6}\s+)?"
                     rf"{re.escape(heading.group(1))}[\"'”’]?(?!\w)", task, re.IGNORECASE) \
        or re.search(r"[\"'“‘](?P<marks>#{1,6}\s+)?" + re.escape(heading.group(1)) +
                     r"[\"'”’]\s+(?:as\s+(?:the\s+|its\s+|a\s+)?)?(?:main\s+|top\s+)?"
                     r"(?:heading|title|header|headline)\b", task, re.IGNORECASE) \
        or re.search(r"[\"'“‘](?P<marks>#{1,6}\s+)" + re.escape(heading.group(1)) + r"[\"'”’]",
                     task)
    if said is None or (said.group("marks") and said.group("marks").strip()
                        != heading.group(0).split()[0]):
        return None
    return said.span()


def _md_lines(task: str, heading: re.Match[str], body: list[str]) -> str:
    """A heading and lines of text under it: each line one the task states as a line (quoted,
    or after "saying"/"reading"/a colon, to the clause's end), in the task's order."""
    found = _md_heading(task, heading)
    if found is None:
        return f"its heading {heading.group(1)!r} is not the one the task says"
    if isinstance(level := _md_level(task, heading), str):
        return level
    spans, at = [found, *([level] if level else [])], found[1]
    for line in body:
        said = re.compile(
            r"(?:\b(?:line|sentence)\s*(?:(?:saying|reading|that\s+(?:says|reads))\s*)?:?|"
            r"\b(?:then|followed\s+by|next)(?:\s+(?:a|the)\s+(?:line|sentence))?)\s*"
            rf"(?:[\"'“‘]{re.escape(line)}[\"'”’]|(?:(?<=:\s)|(?<=saying\s)|(?<=reading\s)|(?<=says\s)|(?<=reads\s))"
            rf"{re.escape(line)}"
            r"(?=\s*(?:[.!?;]\s|[.!?;]?$)|,?\s+(?:and\s+)?(?:then|followed|and\s+(?:a|the)\s+"
            r"(?:line|sentence))\b))", re.IGNORECASE).search(task, at)
        if said is None:
            return f"its line {line!r} is not a line the task states under the heading"
        spans.append(said.span())
        at = said.end()
    return _more(task, spans, _MD_WORDS | {"line", "sentence", "saying", "reading", "says",
                                           "reads", "followed", "below", "beneath", "it", "on",
                                           "second", "next"})


def _function(task: str, text: str) -> str:
    """A Python file of one function returning arithmetic of its parameters, signed as the
    task signs it: it gives the results of the task's example calls, and is the one simplest
    function that does (``pyexample.bodies``, told apart on other arguments)."""
    if pystrings.fits(text, task) and (found := pyexample.returned(text)) and re.search(
            rf"\b{re.escape(found[0])}\(\s*{re.escape(found[1][0])}\s*\)", task):
        return ""  # (a text function: the one body its text examples pin down)
    found = pyexample.returned(text)
    if found is None:
        return "it is not one function returning one expression"
    name, params, _ = found
    comma = r"\s*,\s*"
    signed = re.search(rf"\b{re.escape(name)}\(\s*{comma.join(map(re.escape, params))}\s*\)",
                       task)
    calls = pyexample.examples(task).get(name)
    if signed is None or not calls or pyexample.fits(text, calls) is not True:
        return "it does not give the results of the task's example calls"
    fitted = pyexample.bodies(task, name, params)
    if len(fitted) != 1 or not pyexample.same(text, fitted[0], params):
        return "the example calls do not pin the function down to it"
    return ""
