"""A new line in the shape of a file's lines.

A line added to a list, a log or a checklist looks like the lines already there: ``day 4:
35 pages`` after ``day 3: 41 pages``, ``- [ ] renew passport`` under ``- [x] book hotel``.
The shape is read from the file — the numbers of its lines as slots, or the marker its
lines begin with — and filled with what the task states. Nothing here knows a task.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
#: a list item's marker: "- ", "* ", "+ ", "- [ ] ", "- [x] ", "1. ", "2) "
_MARKER = re.compile(r"^(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)")
#: lines that only head a file (a markdown title, a comment)
_HEADING = re.compile(r"^\s*#")
MAX_SHAPED = 6


def _body(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    return [line for line in lines if not _HEADING.match(line)] or lines


def shaped(text: str, stated: Iterable[str], numbers: Iterable[str]) -> list[str]:
    """New lines for the file whose text is ``text``, in its lines' shape: the lines'
    common pattern with its numbers taken from ``numbers`` (the task's, in order), and each
    ``stated`` text after each marker the lines begin with."""
    lines = _body(text)
    out: list[str] = []
    numbers = list(numbers)
    patterns = {_NUMBER.sub("\0", line) for line in lines}
    if len(lines) >= 2 and len(patterns) == 1:
        pattern = patterns.pop()
        slots = pattern.count("\0")
        # (a file of bare numbers has no shape to keep: the stated text is the line)
        if slots and len(numbers) == slots and re.search(r"[^\0\W]", pattern):
            filled = pattern
            for number in numbers:
                filled = filled.replace("\0", number, 1)
            out.append(filled)
    markers = list(dict.fromkeys(m.group(0) for line in reversed(lines)
                                 if (m := _MARKER.match(line))))
    for text_ in stated:
        if _MARKER.match(text_) or "\n" in text_:
            continue
        out += [marker + text_ for marker in markers if not marker[0].isdigit()]
    return list(dict.fromkeys(out))[:MAX_SHAPED]


def appended(existing: str, line: str) -> str:
    """``line`` as text added at the end of ``existing`` (on a line of its own)."""
    lead = "" if not existing or existing.endswith("\n") else "\n"
    return f"{lead}{line}\n"
