"""The blocks of a config-like text and the words that head its lines.

A value's own line does not always say what it is for: in

    listener 8883
    protocol mqtt

    listener 9001
    protocol websockets

"the MQTT listener's port" is 8883 because of the line after it. A block is a run of lines
that belong together: up to a blank line, an ``[section]`` header, or a line back at the
left margin after indented ones ("Host a" then its indented settings). The other lines of a
value's block are its context (``facts.Fact.context``). And a word that heads several lines
("Host bastion", "Host build-runner") names what follows it on each: those are its values
("the Host aliases": bastion, build-runner). Nothing here knows a file format.
"""

from __future__ import annotations

import re

#: a word that heads a line: letters, digits, ``_`` and ``-``, then the rest after a space
_HEAD = re.compile(r"([A-Za-z][\w-]{0,30})\s+(\S.*)")
#: a block of more lines than this is no record: its lines give no context
MAX_BLOCK = 8


def block_texts(text: str) -> list[str]:
    """For each non-blank line of ``text`` (in order), the other lines of its block joined;
    all empty when the text is one block (every value would share the same context)."""
    blocks: list[list[str]] = [[]]
    indented = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            blocks.append([])
            continue
        margin = raw[:1] not in (" ", "\t")
        if line.startswith("[") or (margin and indented):
            blocks.append([])
        indented = not margin
        blocks[-1].append(line)
    blocks = [b for b in blocks if b]
    if len(blocks) < 2:
        return [""] * sum(len(b) for b in blocks)
    out: list[str] = []
    for block in blocks:
        for n in range(len(block)):
            out.append("" if len(block) > MAX_BLOCK else
                       " ".join(block[:n] + block[n + 1:]))
    return out


def headed(lines: list[str]) -> dict[str, list[str]]:
    """The words that head two or more of ``lines`` (each stripped), each with what follows
    it on those lines, in order ("Host": ["bastion", "build-runner"]); a word that heads
    every line with the same rest is no label."""
    heads: dict[str, list[str]] = {}
    for line in lines:
        if found := _HEAD.fullmatch(line):
            heads.setdefault(found.group(1), []).append(found.group(2).strip())
    # (only a word that heads every line it is on: "import" of "from x import y" is no label)
    return {word: rests for word, rests in heads.items() if len(rests) > 1
            and len(set(rests)) > 1 and len(rests) == sum(
                bool(re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", line)) for line in lines)}


#: a letter code after a word ("stop D", "gate B2" is a value already): one or two capitals
_LABELLED = re.compile(r"\b([A-Za-z]{2,})\s+([A-Z]{1,2})(?![\w:.@'-])")


def labelled(line: str) -> list[tuple[str, str, str]]:
    """(word, code, the line without the code) for each letter code a word names in ``line``
    ("from stop D": stop, D); a value only where the task says the word (``facts``)."""
    return [(m.group(1), m.group(2), line[:m.start(2)] + line[m.end(2):])
            for m in _LABELLED.finditer(line)
            if m.group(1).lower() not in {"and", "the", "or", "to", "at", "in", "of", "is"}]


#: a number and the word right after it ("45 minutes", "2.5 litres", "190C")
_AFTER_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)?\s?([A-Za-z]+)\b")


def units(text: str) -> set[str]:
    """The words (lower case) that stand right after a number wherever they occur in
    ``text``: its units ("bake 45 minutes, rest 10 minutes"). "How many minutes" asks for
    such a quantity, not how often the word occurs; and a unit belongs to the number before
    it, it is no label of the next one ("45 minutes at 190 C")."""
    after: dict[str, int] = {}
    for m in _AFTER_NUMBER.finditer(text):
        after[m.group(1).lower()] = after.get(m.group(1).lower(), 0) + 1
    every: dict[str, int] = {}
    for word in re.findall(r"[A-Za-z]+", text):
        every[word.lower()] = every.get(word.lower(), 0) + 1
    return {w for w, n in after.items() if n == every.get(w)}
