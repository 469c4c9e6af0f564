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


#: lines of a file its shape is read from (a sample: a file of 300k lines has the shape of
#: its first ones, and every line goes through a few regexes a step)
MAX_SAMPLED = 200


def _body(text: str) -> list[str]:
    lines = [line.rstrip() for line in text[:MAX_SAMPLED * 200].splitlines()[:MAX_SAMPLED]
             if line.strip()]
    return [line for line in lines if not _HEADING.match(line)] or lines


#: words that make a new checklist item a done one ("add X, already done", "ticked");
#: else a new item is an open one ("- [ ] ", not "- [x] ")
_TICKED = re.compile(r"(?<!\bnot\s)(?<!n't\s)\b(?:done|checked|ticked|completed|finished|"
                     r"crossed\s+off)\b", re.IGNORECASE)


def ticked(task: str) -> bool:
    """Whether ``task`` says a checklist item it adds is done (``_TICKED``)."""
    return _TICKED.search(task) is not None


def shaped(text: str, stated: Iterable[str], numbers: Iterable[str],
           done: bool = False) -> list[str]:
    """New lines for the file whose text is ``text``, in its lines' shape: the lines'
    common pattern with its numbers taken from ``numbers`` (the task's, in order), and each
    ``stated`` text after each marker the lines begin with (a checkbox in the state
    ``done`` says, when the file has both)."""
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
    boxes = [m for m in markers if ("[ ]" in m) is not done and "[" in m]
    if boxes and len(boxes) < len([m for m in markers if "[" in m]):
        markers = [m for m in markers if "[" not in m or m in boxes]
    for text_ in stated:
        if _MARKER.match(text_):
            continue
        # (items a line, "one per line": each line after the marker)
        items = [line.strip() for line in text_.splitlines() if line.strip()]
        out += ["\n".join(marker + item for item in items)
                for marker in markers if not marker[0].isdigit()]
        numbered = re.match(r"(\d+)([.)]\s+)", lines[-1]) if lines and len(items) > 1 else None
        if numbered:  # (a numbered list goes on counting: "3. sand\n4. paint")
            out.append("\n".join(f"{int(numbered.group(1)) + n}{numbered.group(2)}{item}"
                                 for n, item in enumerate(items, 1)))
    return list(dict.fromkeys(out))[:MAX_SHAPED]


def appended(existing: str, line: str) -> str:
    """``line`` as text added at the end of ``existing`` (on a line of its own)."""
    lead = "" if not existing or existing.endswith("\n") else "\n"
    return f"{lead}{line}\n"


# -- pieces of the task in the shape of the file's lines ------------------------------------------

#: a line's tokens: a quoted text, a number, a word (letters and underscores), spaces, a sign
_TOKENS = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|\d+|[^\W\d]+|\s+|.")
_WORD = r"[^\W\d]+"
#: a word's slot in a shape: a word or a number ("TIMEOUT=30" beside "LOG_LEVEL=info")
_SLOT = r"\w+"
#: a new line's words at most (a longer run of the task is a sentence, not an item)
MAX_ITEM_WORDS = 4
#: word slots of a line's shape at most (a line of more words is a sentence), and shapes
#: searched in a task at most: each slot may take one to ``MAX_ITEM_WORDS`` words, so a
#: shape of ``n`` slots tries about 4**n splits at each word of the task before failing
#: (20 lines of 10 to 15 words and a number took 39 s against a task of 600 words; the
#: seen sets' shapes that find a piece have 3 slots at most, their files 12 shapes)
MAX_SLOTS = 3
MAX_SHAPES = 32


def _pattern(line: str, common: set[str]) -> str | None:
    """``line`` as a regular expression of its shape: its numbers, quoted texts and words
    as slots (a word every line holds, ``common``, as itself), runs of words as runs of
    one to a few words; None for a line with no structure (words and a sentence's signs
    only)."""
    parts: list[str] = []
    structure = False
    slots = 0
    for token in _TOKENS.findall(line):
        if token[0] in "'\"" and len(token) > 1:
            parts.append(f"{token[0]}[^{token[0]}\\n]+{token[0]}")
            structure = True
        elif token.isdigit():
            parts.append(r"\d+")
            structure = True
        elif token.isspace():
            parts.append(r"\s+")
        elif re.fullmatch(_WORD, token):
            if token.lower() in common:
                parts.append(re.escape(token))
                structure = True
            elif parts[-2:] == [_SLOT, r"\s+"]:
                del parts[-1]  # a run of words: "fern", "money plant"
                parts[-1] = f"{_SLOT}(?:\\s+{_WORD}){{0,{MAX_ITEM_WORDS - 1}}}"
            elif not (parts and parts[-1].startswith(_SLOT + "(?:")):
                parts.append(_SLOT)
                slots += 1
        else:
            parts.append(re.escape(token))
            structure = structure or token not in ".,;!?"  # (a sentence is not a shape)
    return "".join(parts) if structure and slots <= MAX_SLOTS else None


def pieces(text: str, task: str, files: Iterable[str] = (),
           skipped: Iterable[str] = ()) -> list[str]:
    """The pieces of ``task`` shaped like a line of ``text`` (``2026-11-24 fern`` for a log
    of ``<date> <plant>`` lines, ``alias ll='ls -la'`` for a file of aliases): each line's
    shape, its numbers, quoted texts and words as slots, searched in the task; a word of
    ``skipped`` (an instruction's: "add") at a piece's start is not part of it when the rest
    has the shape too."""
    lines = _body(text)
    if len(lines) < 2:
        return []
    for name in files:
        task = task.replace(name, " ")
    common = set.intersection(*({w.lower() for w in re.findall(_WORD, line)} for line in lines))
    skip = {w.lower() for w in skipped}
    out: list[str] = []
    distinct = dict.fromkeys(p for line in lines if (p := _pattern(line, common)))
    for pattern in list(distinct)[:MAX_SHAPES]:
        # (not a piece of a longer name: "edge-proxy" of "edge-proxy-7")
        for found in re.finditer(rf"(?<![\w'\"./@-]){pattern}(?![\w'\"@/-]|\.\w)", task):
            piece = found.group(0).strip()
            while (parts := piece.split(None, 1))[0].lower() in skip and len(parts) > 1 \
                    and re.fullmatch(pattern, parts[1]):
                piece = parts[1]
            if piece not in lines and not (_NUMBER.fullmatch(piece)):
                out.append(piece)
    return list(dict.fromkeys(out))


#: words that name what follows them: "a film called Arrival", "the item butter"
_NAMING = re.compile(r"\b(?:called|named|titled|item|word|name)\s+$", re.IGNORECASE)
_ARTICLE = re.compile(r"\b(?:a|an|some)\s+$", re.IGNORECASE)  # (a new thing)


def _case(word: str) -> str:
    return "A" if word[:1].isupper() else "a" if word[:1].islower() else "?"


def items(text: str, task: str, skipped: Iterable[str] = (), files: Iterable[str] = ()
          ) -> list[str]:
    """Runs of the task's words shaped like the lines of ``text`` when those are short items
    (a few words each: titles, names, words): the same number of words and the same
    capitals ("Blue Monday" for a playlist of titles, "kingfisher" for a list of birds).
    A run named as such ("called X") first, then one after an article; runs with a word
    of ``skipped`` (an instruction's) at an end, and runs the file holds, are left out. A
    sentence's capital does not count against lower-case items."""
    lines = _body(text)
    words_per_line = [line.split() for line in lines]
    if len(lines) < 2 or any(len(w) > MAX_ITEM_WORDS or not all(
            re.fullmatch(r"[^\W\d_][\w'&.-]*", x) for x in w) for w in words_per_line):
        return []
    # a title's small words ("Let It Be", "The Farewell") do not decide its shape
    shapes_ = {(_case(w[0]), _case(w[-1])) for w in words_per_line}
    sizes = {len(w) for w in words_per_line}
    held = {line.lower() for line in lines}
    skip = {w.lower() for w in skipped}
    for name in files:
        task = task.replace(name, " . ")
    named: list[str] = []
    after: list[str] = []  # after an article: a noun ("a melon")
    other: list[str] = []
    # (a spaced dash ends a clause; a dash inside a name does not: "edge-proxy-7")
    for clause in re.finditer(r"[^.,;:!?()\"\n]+", task.replace(" - ", " . ")):
        words = list(re.finditer(r"[^\W\d_][\w'&-]*", clause.group(0)))
        for size in range(max(sizes), 0, -1):
            for i in range(len(words) - size + 1):
                run = words[i:i + size]
                piece = " ".join(w.group(0) for w in run)
                ends = (run[0].group(0), run[-1].group(0))
                lead = task[:clause.start() + run[0].start()]
                if (size == 1 and _case(ends[0]) == "A" and ("A", "A") not in shapes_
                        and re.search(r"(?:^|[.!?]\s*)$", lead)):
                    piece = piece.lower()  # "Tea ran out": a sentence's first word
                    ends = (piece, piece)
                # (a capitalised small word inside a sentence starts a title: "finished The
                # Glass Cartographer", when the items' titles start so too: "A Winter in …")
                titled = (size > 1 and ends[0][0].isupper() and any(
                    w[0].lower() in skip and w[0][0].isupper() for w in words_per_line)
                    and not re.search(r"(?:^|[.!?]\s*)$", lead))
                if (size not in sizes and size < min(sizes)) or (
                        (_case(ends[0]), _case(ends[1])) not in shapes_
                        or (ends[0].lower() in skip and not titled) or ends[-1].lower() in skip
                        or piece.lower() in held):
                    continue
                (named if _NAMING.search(lead) else after if _ARTICLE.search(lead)
                 else other).append(piece)
    return list(dict.fromkeys(named + after + other))
