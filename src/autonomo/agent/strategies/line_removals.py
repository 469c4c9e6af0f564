"""Lines a task asks to remove from a file it names, as one edit of that file.

"remove the line that says DEBUG=1 from env.txt", "drop the line containing 'call plumber'",
"delete the last line of log.md", "get rid of the blank lines in a.txt", "take out the
line starting with mirror", "the VERBOSE=yes line can go": each picks lines of the file by
what they say (the whole line, a part, its start or end), by their place (first, last,
line 3) or by being blank. The edit is the file's text with exactly those lines gone and
every other line as it was; a singular "the line" that fits several lines, or a line that
fits none, asks for nothing (a wrong line removed is worse than none). Nothing here knows a
task: the lines are the file's own, picked by the task's words.
"""

from __future__ import annotations

import functools
import re

from autonomo.agent.task_text import plain_quotes

#: a removal's verb (the closed lexicon of this operation)
_VERB = (r"(?:remove|removing|delete|deleting|drop|dropping|strip|stripping|erase|erasing|cut|"
         r"take\s+out|taking\s+out|get\s+rid\s+of|getting\s+rid\s+of|eliminate|lose|"
         r"throw\s+out|scrap|kill)")
#: "… can go", "… has to go", "… should be removed": a removal said after its object
_GOES = re.compile(r"\b(?:(?:can|should|must|may|needs?\s+to|has\s+to|have\s+to)\s+(?:go|be\s+"
                   r"(?:removed|deleted|dropped|cut|erased|taken\s+out))|is\s+(?:not\s+needed|"
                   r"obsolete)|must\s+die)\b", re.IGNORECASE)
_ORDINALS = {"first": 1, "top": 1, "opening": 1, "second": 2, "third": 3, "fourth": 4,
             "fifth": 5, "last": -1, "final": -1, "bottom": -1, "closing": -1}
#: what the lines are picked by: (kind, pattern of what follows "line(s)")
_BY = [
    ("starts", r"(?:that\s+|which\s+)?(?:starts?|starting|begins?|beginning)\s+with\s+"),
    ("ends", r"(?:that\s+|which\s+)?(?:ends?|ending)\s+(?:with|in)\s+"),
    ("is", r"(?:that\s+|which\s+)?(?:says?|saying|reads?|reading|is|=)\s*:?\s+"),
    ("has", r"(?:that\s+|which\s+)?(?:contains?|containing|with|has|having|holds?|holding|"
            r"mentions?|mentioning|includes?|including)\s+"),
]
#: what ends an unquoted text: a place, a file, a politeness, a clause
_END = re.compile(r"\s+(?:from|in|of|inside|within|out|at|and|but|please|so|then|leave|"
                  r"keep|leaving|keeping|thanks?)\b|\s+--?\s|\s+[\u2013\u2014]|[,;!?]|"
                  r"\.(?:\s|$)|$", re.IGNORECASE)
_QUOTED = re.compile(r"\"([^\"\n]+)\"|'([^'\n]+)'(?!\w)|`([^`\n]+)`")
MAX_WORDS = 6


def _text_at(clause: str, at: int) -> str | None:
    """The text a clause states at ``at``: quoted, else its words up to a place or a
    clause's end (at most ``MAX_WORDS``)."""
    rest = clause[at:]
    if m := re.match(r"(?:the\s+)?(?:text|words?|string|value|entry)\s+", rest, re.IGNORECASE):
        rest = rest[m.end():]  # ("the line with the text X": X)
    if m := _QUOTED.match(rest):
        return next(g for g in m.groups() if g)
    cut = _END.search(rest)
    words = rest[:cut.start() if cut else len(rest)].split()
    if not words or len(words) > MAX_WORDS:
        return None
    return " ".join(words).rstrip(".:")


#: words that end the words naming a pick before "line(s)" ("remove the last line")
_BEFORE_STOP = {"the", "all", "every", "each", "any", "those", "these", "this", "that", "a", "an",
                "one", "of", "out", "rid", "its", "their"}
#: a removal said after "line(s)" by a pronoun ("there is a line X - take it out")
_PRONOUN = re.compile(rf"\b(?:{_VERB}\s+(?:it|them|this|that)\b|(?:take|cut|strip|throw)\s+"
                      r"(?:it|them)\s+out\b)", re.IGNORECASE)
#: a removal's object that is a file or a folder, not a line ("delete files with lines …")
_WHOLE = re.compile(r"\b(?:files?|folders?|director(?:y|ies))\b", re.IGNORECASE)


def selectors(task: str, names: tuple[str, ...] | list[str] = (), of: str = ""
              ) -> list[tuple[str, str | int]]:
    """``_selectors``, read once a task (every step and finish rule asks, once a path)."""
    return list(_selectors(task, tuple(names), of))


@functools.lru_cache(maxsize=64)
def _selectors(task: str, names: tuple[str, ...], of: str) -> tuple[tuple[str, str | int], ...]:
    """(kind, what) of each pick of lines a removal of the task asks (of the file ``of``,
    when given: in a sentence that names it, or that names no file when the task names
    only it): ("is", text), ("has", text), ("starts", text), ("ends", text), ("at", n:
    1-based, -1 last), ("BLANK", "") and, for "lines" or "every line", the kind
    upper-cased (every line that fits)."""
    found: list[tuple[str, str | int]] = []
    text = plain_quotes(task)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " \x01 " if name == of else " \x00 ")
    alone = "\x00" not in text
    for sentence in re.split(r"(?<=[.!?;])\s+", text):
        if of and "\x01" not in sentence and not (alone and "\x00" not in sentence):
            continue
        sentence = sentence.replace("\x01", "\x00")
        for m in re.finditer(r"\blines?\b", sentence, re.IGNORECASE):
            before, after = sentence[:m.start()], sentence[m.end():]
            verb = re.search(rf"\b{_VERB}\s+(?P<words>(?:[\w=:.'\"`-]+\s+){{0,3}})$", before,
                             re.IGNORECASE)
            if verb and _WHOLE.search(verb.group("words")):
                continue
            if not (verb or _GOES.search(after[:60]) or _PRONOUN.search(after)):
                continue
            pick = _pick(before, after, m.group(0).lower() == "lines")
            if pick is not None:
                found.append(pick)
    return tuple(dict.fromkeys(found))


def _pick(before: str, after: str, many: bool) -> tuple[str, str | int] | None:
    """The pick of one "line(s)" of a removal: by the words before it ("the last", "the
    blank", "the VERBOSE=yes") or after it ("that says X", "3", "number 3")."""
    named: list[str] = []
    for word in reversed(before.split()):
        if word.lower() in _BEFORE_STOP or re.fullmatch(_VERB, word, re.IGNORECASE) \
                or len(named) == 2:
            many = many or word.lower() in {"all", "every", "each", "any"}
            break
        named.insert(0, word)
    what = " ".join(named)

    def kind(k: str) -> str:
        return k.upper() if many else k
    if re.fullmatch(r"(?:blank|empty)", what, re.IGNORECASE):
        return ("BLANK", "")
    if (n := _ORDINALS.get(what.lower())) is not None:
        return None if many else ("at", n)
    if m := re.match(r"\s+(?:number\s+|no\.?\s*|#)?(\d{1,4})\b", after):
        return None if many or what else ("at", int(m.group(1)))
    for k, pattern in _BY:
        if m := re.match(r"\s+" + pattern, after, re.IGNORECASE):
            text = _text_at(after, m.end())
            return (kind(k), text) if text and "\x00" not in text and not what else None
    # "the VERBOSE=yes line", "the 'DEBUG' line": the line that holds that text
    if what:
        q = _QUOTED.fullmatch(what)
        text = next(g for g in q.groups() if g) if q else what
        return (kind("has"), text) if (q or " " not in what) and "\x00" not in text else None
    # "delete the line DEBUG=1 from a.txt", "there is a line X - take it out"
    if (m := re.match(r"\s+", after)) and (text := _text_at(after, m.end())) \
            and "\x00" not in text and not re.match(r"(?:from|in|of|on|at)\b", text, re.IGNORECASE):
        return (kind("is"), text)
    return None


#: words of another act than a line's removal ("…, then add DONE", "and put it in b.txt")
_OTHER_ACT = re.compile(r"\b(?:then|also|add|append|insert|write|put|replace|change|set|copy|"
                        r"move|rename|create|make|sort|save|keep\s+it|fix|as\s+well)\b",
                        re.IGNORECASE)


def whole_task(task: str, names: tuple[str, ...] | list[str] = ()) -> bool:
    """Whether the task asks line removals and nothing else: each "line(s)" it says is a
    pick of a removal (not "… and the last line" read as none), one file named, no word
    of another act ("then add DONE"): only then may a removal alone be confirmed."""
    text = plain_quotes(task)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    said = len(re.findall(r"(?<!other )(?<!remaining )(?<!rest of the )\blines?\b", text,
                          re.IGNORECASE))  # (not "leave the other lines")
    picks = selectors(task, names)
    return bool(picks) and said == len(picks) and len(set(names)) <= 1 \
        and not _OTHER_ACT.search(text)


def taken_from(task: str, said: tuple[str, ...], paths: list[str] | tuple[str, ...]) -> bool:
    """Whether every one of ``paths`` (the files a removal could take) is a file the task
    removes lines from (``said``: the names as the task writes them)."""
    return bool(paths) and all(any(
        (p == n or p.endswith("/" + n)) and selectors(task, said, n) for n in said)
        for p in paths)


def removed_text(task: str, phrase: str) -> bool:
    """Whether ``phrase`` (a text the task states) is what a line it removes says ("the
    line saying X": X is no text to write)."""
    phrase = phrase.lower().strip()
    return any(isinstance(what, str) and what and phrase.startswith(what.lower())
               for _, what in selectors(task))


def _fits(line: str, kind: str, what: str | int, exact: bool) -> bool:
    body = line.strip()
    if not exact:
        body, what = body.lower(), str(what).lower()
    if kind == "is":
        return body == what
    if kind == "has":
        return str(what) in body
    if kind == "starts":
        return body.startswith(str(what))
    return body.endswith(str(what))


def _picked(lines: list[str], kind: str, what: str | int) -> list[int] | None:
    """Indexes of ``lines`` a pick takes; None when it takes no line or, singular, more
    than one ("the line with 30" of a file with two such lines: which one is not known)."""
    if kind.upper() == "BLANK":
        return [i for i, line in enumerate(lines) if not line.strip()] or None
    if kind == "at":
        body = len(lines)
        while body and not lines[body - 1].strip():
            body -= 1  # (the last line is the last that says something)
        n = int(what)
        index = body - 1 if n == -1 else n - 1
        return [index] if 0 <= index < body else None
    for exact in (True, False):
        fit = [i for i, line in enumerate(lines) if line.strip()
               and _fits(line, kind.lower(), what, exact)]
        if kind.lower() == "is" and not fit:  # ("says DEBUG": the one line holding it)
            fit = [i for i, line in enumerate(lines) if _fits(line, "has", what, exact)]
            fit = fit if len(fit) == 1 else []
        if fit:
            return fit if kind.isupper() or len(fit) == 1 else None
    return None


def removed(text: str, task: str, names: tuple[str, ...] | list[str] = (), of: str = ""
            ) -> list[int] | None:
    """Indexes of the lines of ``text`` (``str.splitlines``) the task's line removals
    take; None when it asks none, or one of them takes no line or is not sure which."""
    picks = selectors(task, names, of)
    if not picks:
        return None
    lines = text.splitlines()
    gone: set[int] = set()
    for kind, what in picks:
        taken = _picked(lines, kind, what)
        if taken is None:
            return None
        gone.update(taken)
    return sorted(gone)


def without(text: str, gone: list[int]) -> str:
    """``text`` with the lines at ``gone`` removed, every other line as it was."""
    return "".join(line for i, line in enumerate(text.splitlines(keepends=True))
                   if i not in gone)


def edit(text: str, task: str, names: tuple[str, ...] | list[str] = (), of: str = ""
         ) -> tuple[tuple[str, tuple[str]], ...] | None:
    """The one edit (piece, (replacement,)) that removes the lines the task asks: the
    lines from the first to the last removed, widened until the piece stands once in the
    file; ``()`` when the task asks a line removal none of whose lines is there (done, or
    not sure which: nothing else is offered); None when it asks none."""
    if not selectors(task, names, of):
        return None
    gone = removed(text, task, names, of)
    if not gone:
        return ()
    lines = text.splitlines(keepends=True)
    first, last = gone[0], gone[-1] + 1
    while True:
        piece = "".join(lines[first:last])
        if text.count(piece) == 1 or (first == 0 and last == len(lines)):
            break
        first, last = max(0, first - 1), min(len(lines), last + 1)
    kept = "".join(line for i, line in enumerate(lines[first:last], first) if i not in gone)
    return ((piece, (kept,)),)
