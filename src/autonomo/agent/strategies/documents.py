"""Values of a markdown document by its structure: the items under each heading, and a
table written with pipes read as a table.

"The items under Packing" are the bullets of that section, not every bullet of the file;
"a large tea" in a table ``| drink | small | large |`` is the cell of the row "tea" in the
column "large", not the first number of the row. The section's items are keyed by its
heading's words; the table is read as the CSV it spells (``facts``' and ``datatypes``' table
facts: cells by their row and column, columns listed, counted, distinct). Nothing here knows
a task.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import replace

from autonomo.agent.strategies import datatypes, facts
from autonomo.agent.strategies.facts import COUNT_WORDS, LIST_WORDS, Fact, fact

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.+?)\s*$")
_ROW = re.compile(r"^\s*\|(.+)\|\s*$")
_RULE = re.compile(r"^[\s:|-]+$")
#: words of asking, which name no heading ("## How?" is not said by "how many …")
_ASKING = frozenset({"how", "what", "why", "when", "where", "who", "which", "many", "much"})
#: the words a section's items are asked with
_ITEMS = "items entries bullets points things under section heading"


def section_facts(src: str, text: str) -> list[Fact]:
    """The list items under each heading (to the next heading of its level or above): the
    items and how many, keyed by the heading's words, which the task must say."""
    sections: list[tuple[int, str, list[str]]] = []
    for line in text.splitlines():
        if head := _HEADING.match(line):
            sections.append((len(head.group(1)), head.group(2), []))
        elif (item := _ITEM.match(line)) and sections:
            sections[-1][2].append(item.group(1))
    out: list[Fact] = []
    for at, (level, title, items) in enumerate(sections):
        # (a section holds its sub-sections' items too: "## Kit" over "### Tent")
        for deeper, _, more in sections[at + 1:]:
            if deeper <= level:
                break
            items = items + more
        if items and len(sections) > 1 and (said := facts.words(title) - _ASKING):
            # (only when the task says the heading: "under Packing")
            out += [replace(made, needs=said) for made in (
                fact(f"{title} {_ITEMS} {LIST_WORDS}", "\n".join(items), src, own=title),
                fact(f"{title} {_ITEMS} {COUNT_WORDS}", len(items), src, own=title))]
    return out


def table_rows(text: str) -> list[list[str]]:
    """The rows of the one pipe table of a markdown text (its rule line left out), or none
    when it has no table, several, or rows of unequal width."""
    rows: list[list[str]] = []
    blocks = 0
    inside = False
    for line in text.splitlines():
        found = _ROW.match(line)
        if found and not inside:
            blocks += 1
        inside = bool(found)
        if found and not _RULE.match(found.group(1)):
            rows.append([c.strip() for c in found.group(1).split("|")])
    if blocks != 1 or len(rows) < 3 or len({len(r) for r in rows}) != 1:
        return []
    return rows


def markdown_facts(name: str, src: str, text: str, task: str) -> list[Fact]:
    """A markdown text's sections' items and its pipe table's values (as a CSV's)."""
    out = section_facts(src, text)
    if rows := table_rows(text):
        spelled = io.StringIO()
        csv.writer(spelled, lineterminator="\n").writerows(rows)
        as_csv = f"{name.rsplit('.', 1)[0]}.csv"
        out += facts.file_facts(as_csv, spelled.getvalue())
        out += datatypes.table_facts(src, spelled.getvalue(), task)
    return out


#: "Treasurer: Ana Silva (ana@club.example)", "Owner = Ines <ines@x.example>": a label, a
#: name, and in brackets a value of its own
_PAIR_NOTED = re.compile(r"^\s*([A-Za-z][\w .-]{0,40}?)\s*[:=]\s*([^()<>]+?)\s*[(<]([^()<>]+)[)>]"
                         r"\s*[.;]?\s*$")


def noted_facts(src: str, text: str) -> list[Fact]:
    """Of a ``label: X (Y)`` line, X alone under the label and the words of a name ("the
    treasurer's name only": Ana Silva, not "Ana Silva (ana@club.example)")."""
    out: list[Fact] = []
    for line in text.splitlines()[:MAX_LINES]:
        if found := _PAIR_NOTED.match(line):
            label, head = found.group(1), found.group(2).strip()
            out.append(fact(f"{label} name who person", head, src, own=label))
    return out


#: files longer than this (in lines) are not read for noted pairs
MAX_LINES = 300


#: a word in capitals that marks lines ("Mill Lane SHUT", "Bo - OVERDUE", "[DONE] tax")
_MARK = re.compile(r"\b[A-Z]{2,}\b")
#: what stands around a mark and is no part of the item it marks
_AROUND = " \t-–—:;,.|()[]*#"


def marked_facts(src: str, text: str) -> list[Fact]:
    """Of each word in capitals that marks some lines (not all), the items of those lines
    without it: "stops.txt marks one stop as SHUT; its name" is "Mill Lane", not the line
    "Mill Lane SHUT". Counted only when the task says the mark (``needs``)."""
    lines = [line.strip() for line in text.splitlines()[:MAX_LINES] if line.strip()]
    marks = dict.fromkeys(m for line in lines for m in _MARK.findall(line))
    out: list[Fact] = []
    for mark in marks:
        held = [line for line in lines if re.search(rf"\b{mark}\b", line)]
        if not 0 < len(held) < len(lines) or len(lines) < 2:
            continue
        items = [re.sub(rf"\s*\b{mark}\b\s*", " ", line).strip(_AROUND) for line in held]
        if all(items) and all(len(i.split()) <= 6 for i in items):
            made = fact(f"{mark} marked name names which who item entry", "\n".join(items), src)
            out.append(replace(made, needs=frozenset({mark.lower()})))
    return out
