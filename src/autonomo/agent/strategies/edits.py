"""Edits a task may ask of a file it names: which piece of the file's text to replace, and by
what (for ``replace_text`` on a grammar-constrained model).

An edit says what is there and what should be there instead: "replace every Monday with
Tuesday", "recieve should be receive", "change the price of pears to 2.40", "workers from 2
to 8". The piece to replace is text the file holds — a word the task also uses, or a value
on a line that holds one of the task's words; what takes its place is a word or value of the
task that the file does not hold, of the same shape (a number for a number, a word for a
word, true/false for true/false), said after the piece where the task says both. Nothing
here knows a task: the pieces are the file's own, the replacements the task's.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from autonomo.agent.strategies import cells, keyed, line_removals, spans, toggles, values
from autonomo.agent.strategies.facts import stem

#: a word or value of a text: "Monday", "1.20", "9:00", "B-14", "don't"
_TOKEN = re.compile(r"(?<![\w.:/-])\w(?:[\w.:'/-]*\w)?")
#: a number, a version or a time ("1.90", "2.0.1", "9:30")
_NUMBER = re.compile(r"-?\d+(?:[.,:]\d+)*")
_BOOLEANS = {"true", "false", "yes", "no", "on", "off", "null", "none"}
#: the words that ask for an edit (the closed lexicon of this operation) and the words
#: around them; never a piece nor a replacement
EDIT_WORDS = {"replace", "replaced", "change", "changed", "fix", "fixed", "edit", "update",
              "updated", "modify", "correct", "bump", "set", "instead", "every", "all",
              "occurrence", "occurrences", "typo", "so", "be", "by", "says", "say", "said"}
_SKIPPED = spans._EDGES | EDIT_WORDS
MAX_PIECES = 4


def misspelled(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` spelled right or wrong: a few letters apart (a swap of two
    letters counts as one), both of three letters or more."""
    a, b = a.lower(), b.lower()
    if a == b or min(len(a), len(b)) < 3 or abs(len(a) - len(b)) > 1:
        return False
    # edit distance with transpositions (optimal string alignment)
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1,
                         rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1] <= max(1, len(a) // 4)
MAX_REPLACEMENTS = 4
#: a file larger than this is not searched for pieces
MAX_TEXT = 20000


def shape(text: str) -> str:
    """``number``, ``boolean`` or ``word`` (what may stand in for what)."""
    if _NUMBER.fullmatch(text):
        return "number"
    return "boolean" if text.lower() in _BOOLEANS else "word"


def _tokens(text: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group(0)) for m in _TOKEN.finditer(text)]


@functools.lru_cache(maxsize=16)
def _said_tokens(said: str) -> tuple[tuple[int, str], ...]:
    """``_tokens`` of the task's words: the same for each file the task names (a task
    naming 300 files had its words split 1,200 times a step)."""
    return tuple(_tokens(said))


def _kept(token: str) -> bool:
    return (token.lower() not in _SKIPPED and len(token) > 1) or token.isdigit()


def _in_place(text: str, old: str, new: str) -> tuple[str, str]:
    """(old, new) to replace exactly the token ``old``: where the token's characters also
    occur inside other words of the file ("2" in "8020"), its whole line instead."""
    bounded = re.compile(rf"(?<![\w.]){re.escape(old)}(?![\w]|\.\d)")
    holding = [line for line in text.splitlines() if bounded.search(line)]
    if text.count(old) == len(bounded.findall(text)) or len(holding) != 1:
        return old, new
    line = holding[0]
    return line, bounded.sub(new.replace("\\", "\\\\"), line)


def _kind(kind: str) -> str:
    return "number" if kind in values.NUMERIC or kind == "percent" else kind


def _near(line: str, said: str) -> bool:
    """Whether ``line`` names a word of the task: one of its words, or the start of one
    ("Fri" of "Friday"); an identifier's parts count ("__version__": version)."""
    told = _told(said)
    for word in re.findall(r"[^\W\d_]+", line.lower()):
        if stem(word) in told or (len(word) >= 3 and any(t.startswith(word) for t in told)):
            return True
    return False


@functools.lru_cache(maxsize=16)
def _stated(said: str) -> tuple[tuple[int, str, str], ...]:
    """The values ``said`` states, with capitalised words that are not a sentence's first
    (names: "the Boathouse"). Kept for the next calls: asked once per file the task names."""
    return (*((v.start, v.text, _kind(v.kind)) for v in values.scan(said)),
            *((m.start(), m.group(0), "Name") for m in re.finditer(r"\b[A-Z][a-z]+\b", said)
              if not re.search(r"(?:^|[.!?:]\s*|-\s*)$", said[:m.start()])
              and m.group(0).lower() not in _SKIPPED))


@functools.lru_cache(maxsize=16)
def _told(said: str) -> frozenset[str]:
    """The stems of ``said``'s words (asked for each line of each file the task names)."""
    return frozenset(stem(w) for w in re.findall(r"[^\W\d_]+", said.lower())
                     if w not in _SKIPPED)


def swaps(text: str, said: str) -> list[tuple[str, tuple[str]]]:
    """Values the task states to replace a value of the file of the same kind (a time by a
    time, a version by a version, a code by a code): a pair the task states both of ("19:30
    instead of 17:45", "B2 now instead of B1", "the Boathouse, not the Granary"), else the
    file's values of the kind of a stated value on a line that names a word of the task
    ("the version … to 2.4.1"). Where the value stands on several lines, the line that names
    a word of the task is the piece ("Fri 09:00-17:45", not "Mon-Thu 09:00-17:45")."""
    def bounded(value: str) -> re.Pattern[str]:
        return re.compile(rf"(?<![\w.]){re.escape(value)}(?![\w]|\.\d)")

    stated = _stated(said)
    held = [(i, v, k) for i, v, k in stated if bounded(v).search(text)]
    new = [(i, v, k) for i, v, k in stated if not bounded(v).search(text)]
    pairs = sorted(((abs(i - j), old, value) for i, old, kind in held
                    for j, value, other in new if kind == other), key=lambda p: p[0])
    if not pairs:  # one side stated: the file's values of its kind near the task's words
        kinds = {kind: value for _, value, kind in new if kind != "Name"}
        pairs = [(0, v.text, kinds[_kind(v.kind)]) for line in text.splitlines()
                 if _near(line, said) for v in values.scan(line) if _kind(v.kind) in kinds]
    out: list[tuple[str, tuple[str]]] = []
    for _, old, value in pairs:
        lines = [line for line in text.splitlines() if bounded(old).search(line)]
        named = [line for line in lines if _near(bounded(old).sub(" ", line), said)]
        if len(lines) > 1 and len(named) == 1:
            out.append((named[0], (bounded(old).sub(value, named[0]),)))
        else:
            piece, replaced = _in_place(text, old, value)
            out.append((piece, (replaced,)))
    return list(dict.fromkeys(out))[:MAX_PIECES]


def _bounded(value: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.]){re.escape(value)}(?![\w]|\.\d)")


def _swap_said(stated: str, text: str) -> bool:
    """Whether a text the task states says a swap of two values rather than being a text
    to put in ("should be 4.80, not 4.50"): it holds a value ``text`` holds and one of the
    same kind that it does not."""
    found = [(v.text, _kind(v.kind)) for v in values.scan(stated)]
    held = {k for v, k in found if _bounded(v).search(text)}
    return any(k in held and not _bounded(v).search(text) for v, k in found)


_V = r"[^\s,;]+"
#: the words that say which of two values replaces which (not "to 2.4.1 (it is 2.4.0)")
_OLD_NEW = [re.compile(p, re.IGNORECASE) for p in (
    rf"\bfrom\s+(?P<old>{_V})\s+(?:to|into)\s+(?P<new>{_V})",
    rf"(?P<old>{_V})\s+(?:should|must|needs?\s+to|has\s+to)\s+(?:be|read|say|become)\s+"
    rf"(?P<new>{_V})",
    rf"(?P<old>{_V})\s*(?:->|\u2192|=>)\s*(?P<new>{_V})",
    rf"\b(?:change|replace|turn|swap)\s+(?P<old>{_V})\s+(?:to|with|into|by|for)\s+"
    rf"(?P<new>{_V})",
    rf"(?P<new>{_V})\s*,?\s+(?:not|instead\s+of|rather\s+than|in\s+place\s+of)\s+"
    rf"(?:the\s+)?(?P<old>{_V})")]


def _corrections(said: str) -> list[tuple[str, str]]:
    """(old, new) of each value the task states to replace another of the same kind it
    states too, the words between saying which replaces which ("C14, not B07", "from 30
    to 45", "71 should be 77")."""
    kinds = {v: k for _, v, k in _stated(said) if k != "Name"}
    found = []
    for pattern in _OLD_NEW:
        for m in pattern.finditer(said):
            old, new = (m.group(g).strip("'\"`.:)(") for g in ("old", "new"))
            if old != new and old in kinds and kinds.get(new) == kinds[old]:
                found.append((old, new))
    return list(dict.fromkeys(found))


def stated_swaps(text: str, said: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The swaps (``swaps``) of a correction the task states both sides of, the old side
    held by ``text`` and the new one not: those alone (no other value of a line that
    names the task's words is a piece then: "white loaf,3.20" beside "rye loaf,4.50")."""
    pairs = [(o, n) for o, n in _corrections(said)
             if _bounded(o).search(text) and not _bounded(n).search(text)]
    return tuple((piece, news) for piece, news in swaps(text, said)
                 if any(_bounded(o).search(piece) and any(n in new for new in news)
                        for o, n in pairs))


def corrected(text: str, said: str) -> bool:
    """Whether the task states a value's correction ("C14, not B07", "from 30 to 45", "71
    should be 77") that ``text`` already holds: the new value on a line naming the task's
    words, the old one on no such line (a line holding it for another row is no matter)."""
    lines = text.splitlines()
    for old, new in _corrections(said):
        if any(_bounded(new).search(line) and _near(_bounded(new).sub(" ", line), said)
               for line in lines) and not any(
                _bounded(old).search(line) and _near(_bounded(old).sub(" ", line), said)
                for line in lines):
            return True
    return False


def quoted_pair(text: str, task: str, files: list[str]) -> tuple[str, tuple[str, ...]] | None:
    """The edit a task states by two quoted texts, one the file holds and one it doesn't
    ("replace 'Dear Sir' with 'Dear Ms Lindqvist'"); None unless it states just those."""
    quoted = [q for q in spans.literals(task, files)
              if (f"'{q}'" in task or f'"{q}"' in task) and q.strip()]
    held = [q for q in quoted if q in text]
    new = [q for q in quoted if q not in text]
    if len(held) != 1 or not new:
        return None
    return held[0], tuple(new[:MAX_REPLACEMENTS])


#: what links a text to the one replacing it ("oat milk for soy milk", "… to …", "should read")
_LINKED = re.compile(r"\s+(?:(?:line|entry|item|text|phrase|words?)\s+)?(?:with|for|by|to|into|"
                     r"->|\u2192|should\s+(?:now\s+)?(?:be|read|say)|now\s+reads?)\s+"
                     r"(?:the\s+|a\s+|an\s+)?(?P<new>[^,.;:!?()\n]+)", re.IGNORECASE)
#: what ends the replacing text: a place, a politeness ("… in the file", "please")
_PHRASE_END = re.compile(r"\s+(?:in|on|at|inside|please|instead|thanks?)\b.*$", re.IGNORECASE)


def phrase_pairs(text: str, said: str) -> list[tuple[str, tuple[str]]]:
    """A text of several words the file holds, that the task states unquoted and links to
    another it does not hold ("swap the oat milk line for soy milk"): that text, by the
    other (a word alone is the token rules' to pair)."""
    words = re.findall(r"[\w'-]+", said)
    found: list[tuple[str, tuple[str]]] = []
    for size in range(min(6, len(words)), 1, -1):
        for i in range(len(words) - size + 1):
            piece = re.compile(r"\s+".join(map(re.escape, words[i:i + size])), re.IGNORECASE)
            held = re.search(rf"(?<![\w-]){piece.pattern}(?![\w-])", text, re.IGNORECASE)
            at = re.search(rf"(?<![\w-]){piece.pattern}(?![\w-])", said, re.IGNORECASE)
            if not held or not at or words[i].lower() in _SKIPPED:
                continue
            link = _LINKED.match(said, at.end())
            new = _PHRASE_END.sub("", link.group("new")).strip() if link else ""
            if new and new.lower() not in text.lower() and len(new.split()) <= 6 \
                    and not any(held.group(0) in old for old, _ in found):
                found.append((held.group(0), (new,)))
    return found[:MAX_PIECES]


#: a task that speaks of a misspelt word
_MISSPELT = re.compile(r"typo|misspel|spell|spelt|wrong", re.IGNORECASE)
#: a task that speaks of a key's name ("rename the key", "the field … should be called")
_KEY_NAMED = re.compile(r"\b(?:renam\w*|called|spell\w*|spelt)\b", re.IGNORECASE)


def renamed_keys(text: str, said: str, keys: set[str]) -> list[tuple[str, tuple[str]]]:
    """A key of a keyed text the task names, linked to a new name it does not hold ("rename
    the key colour to color"): the key where it stands (quoted in JSON, at its line's start
    elsewhere), by the new name; only when the task speaks of a key's name."""
    if not _KEY_NAMED.search(said):
        return []
    found = []
    for key in sorted(keys, key=len, reverse=True):
        if _KEY_NAMED.fullmatch(key) or not re.search(
                rf"(?<![\w-]){re.escape(key)}(?![\w-])", said):
            continue
        for m in re.finditer(r"[A-Za-z_][\w.-]*", said):
            new = m.group(0)
            if new in keys or new == key or new.lower() in _SKIPPED or _KEY_NAMED.fullmatch(
                    new) or re.search(rf"(?<![\w-]){re.escape(new)}(?![\w-])",
                                      text) or not (keyed.linked(said, key, new) or re.search(
                    rf"(?<![\w-]){re.escape(key)}\W.{{0,40}}?\b(?:called|spell\w*|spelt|"
                    rf"renamed?)\s+(?:to\s+|as\s+)?\W?{re.escape(new)}(?![\w-])", said)):
                continue
            quoted = [q for q in (f'"{key}"', f"'{key}'") if text.count(q) == 1]
            line = [x for x in text.splitlines()
                    if re.match(rf"\s*{re.escape(key)}\s*[:=]", x)]
            if quoted:
                found.append((quoted[0], (quoted[0].replace(key, new),)))
            elif len(line) == 1:
                found.append((line[0], (line[0].replace(key, new, 1),)))
            break
    return found[:MAX_PIECES]


def edits(text: str, task: str, files: Iterable[str] = (), of: str = "") -> tuple[
        tuple[str, tuple[str, ...]], ...]:
    """(piece of ``text`` to replace, what may take its place) for ``task``, best first
    (``of``: the file ``text`` is, when known)."""
    if len(text) > MAX_TEXT or not text.strip():
        return ()
    names = list(files)
    if (removal := line_removals.edit(text, task, names, of)) is not None:
        return removal  # lines removed: that alone (and once they are gone, nothing)
    said = keyed.without(task, names)
    quoted = quoted_pair(text, task, names)
    if quoted:  # "replace 'Dear Sir' with 'Dear Ms Lindqvist'": that, nothing else
        return (quoted,)
    flipped = toggles.toggles(text, task, said)
    if flipped is not None:  # an item ticked, a line commented out or in: that alone
        return flipped
    if corrected(text, said):  # ("C14, not B07" and the row holds C14 now): done
        return ()
    if not keyed.is_keyed_text(text) and (both := stated_swaps(text, said)):
        return both  # ("should be 4.80, not 4.50"): that alone (a key's value: its line)
    found, settled = cells.table_edit(text, said)
    if found:  # a table's row and column named: that cell
        return tuple(found)
    if settled:  # (and once it holds its value, nothing else)
        return ()
    file_tokens = {t for _, t in _tokens(text)}
    task_tokens = [(i, t) for i, t in _said_tokens(said) if _kept(t)]
    # the task's words and values the file does not hold, and its stated texts (not one
    # that states the swap itself: "should be 4.80, not 4.50" replaces nothing)
    stated = [t for t in spans.literals(task, names) if t not in text and not _swap_said(t, text)]
    lowered = {f.lower() for f in file_tokens}
    fresh = [(said.find(t), t) for t in stated] + [
        (i, t) for i, t in task_tokens if t not in file_tokens and t.lower() not in lowered]
    structure: set[str] = set()
    if keyed.is_keyed_text(text):  # a data file: the value at the key the task designates
        if renamed := renamed_keys(text, said, keyed.keys(text)):  # (or the key's name)
            return tuple(renamed)
        if (switch := toggles.switched(text, said)) is not None:  # ("enable dark_mode")
            return switch
        found = keyed.keyed_edits(text, task, names, (t for _, t in sorted(fresh)))
        if found:
            return tuple(found[:MAX_PIECES])
        structure = keyed.keys(text)
    # any word the file does not hold that is spelled like a word it does ("teh" → "the")
    spelled = [(i, t) for i, t in _said_tokens(said) if t.lower() not in lowered]
    # pieces: the task's own words the file holds, then the values on its lines that hold
    # one of the task's words ("pears,1.90" for "the price of pears")
    pieces: dict[str, int] = {}
    for i, t in task_tokens:
        if t in file_tokens:
            pieces.setdefault(t, i)
    wanted = {stem(t) for _, t in task_tokens}
    for line in text.splitlines():
        line_tokens = [t for _, t in _tokens(line)]
        if any(stem(t) in wanted for t in line_tokens):
            for t in line_tokens:
                if shape(t) != "word" and t not in pieces:
                    pieces.setdefault(t, -1)
    # (a text of several words linked to its replacement, then values of the same kind)
    phrases = phrase_pairs(text, said)
    out: list[tuple[str, tuple[str, ...]]] = [*phrases, *(
        pair for pair in swaps(text, said) if not any(pair[0] in old for old, _ in phrases))]
    for piece, at in pieces.items():
        if piece in structure or any(piece == old or piece in old
                                     for old, _ in out[:max(1, len(phrases))]):
            continue
        kind = shape(piece)
        alike = [n for i, n in sorted(spelled, key=lambda x: x[0] < at)
                 if shape(n) == kind == "word" and misspelled(piece, n)]
        if not alike and kind == "word" and _MISSPELT.search(said):
            # the right spelling is the one word spelled alike that the file or the task
            # holds ("fix the misspelling 'teh' in memo.txt": "the", of the memo's words)
            near = {w for w in (*file_tokens, *(t for _, t in _said_tokens(said)))
                    if w.lower() != piece.lower() and misspelled(piece, w)}
            alike = list(near) if len({w.lower() for w in near}) == 1 else []
        # (a word for a word only where the task links them: "cat to dog", "dog instead of
        # cat"; not "the pen costs 1.35 now": pen -> costs)
        news = [(i < at, n) for i, n in fresh if n != piece and piece not in n
                and shape(n) == kind and (kind != "word" or keyed.linked(said, piece, n))]
        ranked = list(dict.fromkeys(
            [*alike, *(n for _, n in sorted(news, key=lambda x: x[0]))]))
        if not ranked:
            continue
        pairs = [_in_place(text, piece, n) for n in ranked[:MAX_REPLACEMENTS]]
        old = pairs[0][0]
        out.append((old, tuple(n for _, n in pairs)))
        if len(out) >= MAX_PIECES:
            break
    return tuple(out)
