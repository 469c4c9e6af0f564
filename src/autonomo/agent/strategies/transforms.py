"""Whole versions of a file the task reads, for a new file it writes from it.

"Read a.txt and write it in capitals to b.txt", "b.txt: the lines of a.txt bottom to top",
"only the heading of a.txt in b.txt": a 135M model asked for the new file's text as free
text writes a word of the task ("capital letters"). The text it should write is the source
put through one of a few general transformations — of its letters' case, of its lines'
order, or a part of it by position — so these are offered as whole candidates and the
model's likelihood, not a list of the task's words, picks among them. Nothing here knows a
task: a transformation that leaves the source as it is, or gives nothing, is not offered.
Several sources (one of several lines) are offered put together, in the task's order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from autonomo.agent.strategies.names import mentioned_files
from autonomo.agent.strategies.spans import needs_free_text

#: a source longer than this is not transformed (a reply holds ~512 tokens)
MAX_SOURCE_CHARS = 2000
#: a markdown heading's or a list item's marker before a line's words
_MARKER = re.compile(r"^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)")


def _lines(text: str) -> list[str]:
    """The non-blank lines of ``text``, stripped."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def versions(text: str) -> list[str]:
    """The versions of ``text``: of a document (a first line set apart by a blank line or a
    heading's marker) its heading; of a list (lines with no blank line between) its lines
    reversed and without repeats; then its letters in upper and in lower case —
    each different from the text and from the others. (A part of a list, its first or last
    line, is not offered: the model's likelihood of a whole text is the sum of its tokens'
    and a short part would always win over the whole list turned round. Nor is the list
    sorted: the 135M model took it for "bottom to top", and a sort the task asks for by its
    words is a fact already, ``facts``.)"""
    if not text.strip() or len(text) > MAX_SOURCE_CHARS or "\x00" in text:
        return []
    lines = _lines(text)
    whole = "\n".join(lines)
    rows = text.strip().splitlines()
    out: list[str] = []
    if len(rows) > 1 and (not rows[1].strip() or _MARKER.match(rows[0])):
        out.append(_MARKER.sub("", lines[0]).strip() or lines[0])
    elif len(lines) > 1:
        out += ["\n".join(reversed(lines)), "\n".join(dict.fromkeys(lines))]
    out += [whole.upper(), whole.lower()]
    return [v for v in dict.fromkeys(out) if v and v != whole]


def offered(texts: Mapping[str, str], named: Iterable[str], start: Iterable[str],
            asks: Iterable[str]) -> tuple[list[str], set[str]]:
    """(the versions of the files the task names that were there and were seen, the lines
    of those files) when it also names a new plain file to write and asks no question (a
    value is asked then); a source is a plain text or markdown file that names no file (an
    instruction's text is not content)."""
    named, there = list(named), set(start)
    if list(asks) or not any(n not in there and not needs_free_text(n) for n in named):
        return [], set()
    read = [n for n in named if n in there and n in texts and (
        n.endswith(".md") or not needs_free_text(n)) and not mentioned_files(texts[n])]
    lines = {line.strip() for n in read for line in texts[n].splitlines()}
    if len(read) > 1 and any(len(_lines(texts[n])) > 1 for n in read):
        # several sources, one of several lines: them put together, in the order the task
        # names them (each alone, or one turned round, is not what was asked)
        joined = "\n".join(texts[n].strip("\n") for n in read)
        return ([joined] if len(joined) <= MAX_SOURCE_CHARS else []), lines
    return [v for n in read for v in versions(texts[n])], lines


def joined(offered: list[str], texts: Mapping[str, str]) -> list[str]:
    """Of ``offered``, the sources put together (several files' texts in one): what the
    task asks before any value or phrase of it (its "in that order" is no sort)."""
    return [v for v in offered if sum(t.strip("\n") in v for t in texts.values()
                                      if t.strip()) > 1]
