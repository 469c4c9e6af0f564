"""A small markdown document said in words: a heading, then a list of items.

"Create agenda.md with the heading 'Board meeting' and three bullet points: budget, hiring,
office move", "a title “Camping trip” followed by bullets for tent, stove and lantern", "a
numbered list of eggs, milk and bread under the heading Shopping". A 135M model asked for
such a file as free text wrote fragments of the task, one write each. Here the heading's
text (quoted, or the few words after "heading"/"title"/"titled") and the list's items (the
run of commas and "and" after "bullet points", "bullets", "a list" …, to the clause's end)
are put into the document's shape. A count the task gives ("three bullet points") must
match the items, and each item is a few words that instruct nothing: otherwise nothing is
composed (nothing written beats a wrong file). Nothing here knows a task.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from autonomo.agent.strategies.spans import NUMBER_WORDS
from autonomo.agent.strategies.written import STOPS

_QUOTE = r"\"([^\"\n]+)\"|“([^”\n]+)”|‘([^’\n]+)’|(?<!\w)'([^'\n]+)'(?!\w)"
#: the heading: "the heading 'X'", "a title: X", "titled X", "a '# X' heading"
_HEADING = re.compile(
    rf"\b(?:(?:main\s+|top\s+)?(?:heading|title|header|headline)\b(?:\s+(?:of|is|reading|"
    rf"saying|that\s+says|called|text))?\s*[:\-–—]?\s*|titled\s+|entitled\s+)(?:{_QUOTE}|"
    r"(?P<bare>[^\s,;:.\"'“‘][^,;:.\"”’\n]*?))(?=\s*(?:[,;.:]|\s(?:and|followed|then|with|"
    r"plus|under|below|after|before|above)\b|$))", re.IGNORECASE)
#: … or said before it: "'## Notes' as the heading", "a 'Week 48' title"
_HEADING_BEFORE = re.compile(rf"(?:{_QUOTE})\s+(?:as\s+(?:the\s+|its\s+|a\s+)?)?(?:main\s+|top\s+)?"
                             r"(?:heading|title|header|headline)\b", re.IGNORECASE)
#: … or quoted with its marks, which make it one: "'# Welcome' on the first line"
MARKED = re.compile(r"[\"'“‘](#{1,6}\s+[^\"'”’\n]+)[\"'”’]")
#: what introduces the items: "three bullet points:", "bullets for", "a numbered list of"
_LIST = re.compile(
    r"\b(?P<count>\w+\s+)?(?P<kind>(?:bullet(?:ed)?|numbered|checkbox|check|to-?do|"
    r"unordered|ordered)\s+)?(?:points?|bullets?|items?|list(?:\s+items)?|entries|lines|"
    r"boxes|checklist)\s*(?:\((?:one\s+)?each\)\s*)?(?:of|for|with|:|[-–—]|saying|reading|"
    r"containing)?\s*", re.IGNORECASE)
_SPLIT = re.compile(r"\s*(?:,|;)\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)
_END = re.compile(r"[.!?](?:\s|$)|\n|\s+(?:then|followed|under|below|after|with|in|into|"
                  r"to)\b|[,;]?\s+and\s+(?:a|an|the)\s+(?:heading|title)\b", re.IGNORECASE)
MAX_ITEM_WORDS = 5
#: a count of the items said between the list's words and its items ("a bullet list with two
#: points, a and b", "a list of three things: x, y, z"): what they are, not an item
COUNTED = re.compile(r"^(?P<count>\d+|" + "|".join(NUMBER_WORDS) + r")\s+(?:[a-z]+\s+){0,2}?"
                     r"(?:points?|items?|bullets?|things|entries|lines|notes)\s*[:,–—-]\s*",
                     re.IGNORECASE)
#: a line of text under the heading: "followed by a line 'Day 1: museum'", "then the line:
#: Keep left", "and below it a sentence saying Bring water"
_LINE = re.compile(
    r"(?:\b(?:line|sentence)\s*(?:(?:saying|reading|that\s+(?:says|reads))\s*)?:?|"
    r"\b(?:then|followed\s+by|next)(?:\s+(?:a|the)\s+(?:line|sentence))?)\s*"
    rf"(?:{_QUOTE})|\b(?:line|sentence)\s*(?:(?:saying|reading|that\s+(?:says|reads))\s*:?|:)\s*"
    r"(?P<bare>[^\s\"'“‘].*?)(?=\s*(?:[.!?;]\s|[.!?;]?$)"
    r"|,?\s+(?:and\s+)?(?:then|followed|and\s+(?:a|the)\s+(?:line|sentence))\b)", re.IGNORECASE)


def _heading(task: str) -> tuple[str, tuple[int, int]] | None:
    """The one heading's text the task says, and where."""
    found = {next(g for g in m.groups() if g).strip(): m.span()
             for m in [*_HEADING.finditer(task), *_HEADING_BEFORE.finditer(task),
                       *MARKED.finditer(task)]}
    found = {h: at for h, at in found.items() if len(h.split()) <= 8 and not h.lower().startswith(
        ("and ", "with ", "of ", "a ", "the ")) and h.lower() not in STOPS}
    return next(iter(found.items())) if len(found) == 1 else None


def _items(task: str) -> tuple[str, list[str], tuple[int, int]] | None:
    """(marker kind, items, where) of the one list the task asks for."""
    out = []
    for m in _LIST.finditer(task):
        rest = task[m.end():]
        bare = m.group().strip().lower() in ("list", "lines", "items", "entries")
        if not rest or (bare and not re.search(r"[:–—-]\s*$|\b(?:of|for)\s*$", m.group())):
            continue  # (a bare "list"/"lines" is a list only before its items)
        count = (m.group("count") or "").strip().lower()
        if counted := COUNTED.match(rest):  # ("with two points, a and b")
            rest, count = rest[counted.end():], counted.group("count").lower()
        end = _END.search(rest)
        region = rest[:end.start() if end else len(rest)].strip().rstrip(",")
        items = [re.sub(r"^(?:a|an|the)\s+", "", i.strip().strip("\"'“”‘’"), flags=re.I)
                 for i in _SPLIT.split(region)]
        if len(items) < 2 or not all(items) or any(
                len(i.split()) > MAX_ITEM_WORDS or {w.lower() for w in i.split()} & _NOT_ITEM
                for i in items):
            continue
        if (count in NUMBER_WORDS and NUMBER_WORDS.index(count) != len(items)) \
                or (count.isdigit() and int(count) != len(items)):
            return None
        kind = (m.group("kind") or "").strip().lower()
        out.append(("1." if kind in ("numbered", "ordered") else
                    "- [ ]" if kind in ("checkbox", "check", "todo", "to-do") or "box" in
                    m.group().lower() or "checklist" in m.group().lower() else "-", items,
                    (m.start(), len(task) - len(rest) + len(region))))
    # (one list found twice, from its kind's words and from its count's: "a bullet list with
    # two points: a, b")
    return out[0] if out and all(o[1] == out[0][1] for o in out) else None


def _lines(task: str, after: int) -> tuple[list[str], list[tuple[int, int]]]:
    """The lines of text the task puts under its heading (past ``after``), and where."""
    found = [(next(g for g in m.groups() if g).strip(), m.span())
             for m in _LINE.finditer(task, after)]
    return [f for f, _ in found], [at for _, at in found]


#: words no item holds: they instruct or lead elsewhere
_NOT_ITEM = frozenset({"heading", "title", "file", "create", "make", "write", "save", "then",
                       "please", "bullet", "bullets", "points", "list", "md", "markdown"})


#: the words of a task that only ask for the document and say its parts
_FRAME = frozenset({
    "create", "make", "write", "save", "put", "start", "new", "file", "document", "note",
    "notes", "markdown", "md", "called", "named", "with", "containing", "holding", "having",
    "has", "have", "that", "which", "where", "the", "a", "an", "and", "then", "followed",
    "by", "under", "below", "after", "it", "its", "in", "into", "of", "for", "as", "is",
    "should", "heading", "title", "titled", "entitled", "header", "headline", "main", "top",
    "level", "h", "bullet", "bullets", "bulleted", "point", "points", "list", "numbered",
    "ordered", "unordered", "checklist", "checkbox", "check", "boxes", "items", "item",
    "entries", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "each", "per", "line", "please", "pls", "kindly", "i", "need", "want", "like", "would",
    "could", "can", "you", "me", "d", "just", "only", "nothing", "else", "simple", "short",
    "small", "plain", "contain", "contains", "include", "includes", "including", "on",
    "there", "here", "this", "these", "following", "to", "do", "todo", "so", "sentence",
    "saying", "reading", "says", "reads", "things", "first", "beneath", "underneath",
    # (verbs of making: "put together", "draft", "set up")
    "together", "draft", "prepare", "compose", "build", "set", "up", "add", "whose", "needs",
    "second", "third", "fourth", "next"})
_ORDINALS = ("first", "second", "third", "fourth")
#: the most words a line under the heading may have
MAX_LINE_WORDS = 12


def texts(task: str, files: Iterable[str] = ()) -> list[str]:
    """The markdown document of the task's heading and list (either alone when the task asks
    for one only); none when either is said but not understood."""
    for name in files:
        task = task.replace(name, " ")
    says_heading = re.search(r"\b(?:heading|title|titled|entitled|headline)\b", task, re.I) \
        or MARKED.search(task)
    says_list = re.search(r"\b(?:bullet\w*|list|points?|items?|checklist|boxes)\b", task, re.I)
    heading = _heading(task) if says_heading else None
    listed = _items(task) if says_list else None
    if (says_heading and heading is None) or (says_list and listed is None) or not (
            heading or listed):
        return []
    lines, where = _lines(task, heading[1][1]) if heading and not listed else ([], [])
    if any(len(line.split()) > MAX_LINE_WORDS for line in lines):
        return []
    said = [at for at in (heading and heading[1], listed and listed[2], *where) if at]
    rest = "".join(" " if any(a <= i < b for a, b in said) else c for i, c in enumerate(task))
    if [w for w in re.findall(r"[^\W\d_]+", rest.lower()) if w not in _FRAME]:
        return []  # (more is asked than a heading and a list: "and a short paragraph")
    level = re.search(r"\b(?:level[- ]?([1-6])|h([1-6]))\b|(?<!#)(#{1,6})\s+head", task, re.I)
    marks = "#" * int(level.group(1) or level.group(2)) if level and not level.group(3) \
        else level.group(3) if level else "#"
    if ordinal := re.search(r"\b(first|second|third|fourth)[- ]level\b", task, re.I):
        marks = "#" * (_ORDINALS.index(ordinal.group(1).lower()) + 1)  # ("a second-level heading")
    # (a heading the task writes with its marks stays as written: "a heading '## Retro'")
    lines = ([heading[0] if heading[0].startswith("#") else f"{marks} {heading[0]}"]
             if heading else []) + lines
    if listed:
        marker, items, _ = listed
        body = [f"{n}. {i}" if marker == "1." else f"{marker} {i}"
                for n, i in enumerate(items, 1)]
        lines += ([""] if lines else []) + body
    return ["\n".join(lines) + "\n"]
