"""Derived lists and templates for the derived-value verifier (``verifying_derived``): one
column of the CSV rows another column picks, a quoted template filled in from a one-line
file, the lines of a plain list (sorted when asked)."""

from __future__ import annotations

import re

from autonomo.agent.verifying_expected import (
    GENERIC_ANSWER,
    LIST_WORDS,
    Expected,
    asks_order,
    singular,
    unexplained,
)
from autonomo.agent.verifying_sources import content_words, keyed, table, words


def filtered(task: str, source: str, text: str, required: set[str],
              answer_words: set[str]) -> list[Expected]:
    """One column of the CSV rows whose other column holds the one value the task names
    ("who in team.csv has the role designer? their names"): the value a whole cell of one
    column only, the column to list named by its header; every other word accounted for."""
    parsed = table(source, text)
    if parsed is None:
        return []
    header, rows = parsed
    said = {singular(w) for w in required | answer_words}
    picks = {(c, cell.lower()) for r in rows for c, cell in enumerate(r)
             if cell and " " not in cell and singular(cell.lower()) in said}
    if len(picks) != 1:
        return []
    col, value = next(iter(picks))
    targets = [i for i, h in enumerate(header) if words(h) and i != col
               and {singular(w) for w in words(h)} <= said]
    if len(targets) != 1:
        return []
    target = targets[0]
    stem = words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    if unexplained(required | answer_words, {*LIST_WORDS, *stem, *GENERIC_ANSWER, value,
                                              *words(header[col]), *words(header[target]),
                                              "rows", "items", "entries", "records"}):
        return []
    items = tuple(r[target] for r in rows if r[col].lower() == value and r[target])
    if not items:
        return []
    if not asks_order(task):
        return [Expected(f"the {header[target]} of the rows of {source} whose {header[col]} "
                         f"is {value}", items=items)]
    if sorted(items) != sorted(items, key=str.casefold):
        return []
    return [Expected(f"the {header[target]} of the rows of {source} whose {header[col]} is "
                     f"{value}, sorted", items=tuple(sorted(items)), ordered=True)]


#: a quoted template with one placeholder ("'Welcome, <the name>!'")
_TEMPLATE = re.compile(r"(?P<q>['\"“‘])(?P<t>[^'\"“”‘’\n<>]*<[^<>\n]{1,40}>[^'\"“”‘’\n<>]*)"
                       r"['\"”’]")


def template(task: str, source: str, text: str, names: list[str]) -> list[Expected]:
    """The one quoted template of the task filled in with the whole one-line text of its
    one source ("Read guest.txt and write 'Welcome, <the name>!' to w.txt"), when every
    other word of the task is one of writing or reading."""
    found = list(_TEMPLATE.finditer(task))
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    if len(found) != 1 or len(lines) != 1:
        return []
    template = found[0].group("t")
    hole = re.search(r"<\s*(?:(?:the|that|this|their|his|her|its)\s+)?(?:name|value|text|word|"
                     r"code)\s*>", template, re.IGNORECASE)
    if hole is None or re.search(r"[:=]", lines[0]) or len(lines[0].split()) > 4:
        return []  # ("<first name>", "<name in capitals>", "Name: X": a part of the line)
    rest = task[:found[0].start()] + " " + task[found[0].end():]
    if content_words(rest, names) - {"fill", "filled", "template", "using", "replace"}:
        return []  # a word that may change the value ("in capitals", "the first name")
    value = re.sub(r"<[^<>\n]{1,40}>", lambda _m: lines[0], template, count=1)
    return [Expected(f"the template filled with the text of {source}", value.strip())]


def plain_lines(task: str, source: str, text: str, required: set[str],
                 answer_words: set[str]) -> list[Expected]:
    """The lines of a plain list (one item a line, no blank line, no table, no keys) put
    into the answer file, in order when the task sorts them ("the names from a.txt into
    b.txt, alphabetically"): sorted with and without case alike, or nothing is derived."""
    stem = words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    if table(source, text) or keyed(source, text) or unexplained(
            required | answer_words, {*LIST_WORDS, *stem, *GENERIC_ANSWER}):
        return []
    lines = [x.strip() for x in text.splitlines()]
    if not lines or not all(lines) or not re.search(r"\b(?:names|lines|items|entries)\b",
                                                    task, re.IGNORECASE):
        return []
    if not asks_order(task):
        return [Expected(f"the lines of {source}", items=tuple(lines))]
    if sorted(lines) != sorted(lines, key=str.casefold):
        return []  # whether case counts in the order is not said
    return [Expected(f"the lines of {source}, sorted", items=tuple(sorted(lines)),
                     ordered=True)]
