"""Placeholders a task defines in its own words: a letter or a word in capitals it says
what to put for ("scale --workers N (N being that value)", "moor --berths B, where B is
the count", "Hello X, with X replaced by the name in v.txt"), and a bracketed word it
names again ("Submit before [date] - the real date from d.txt").

A 135M model wrote the definition itself ("moor --berths B, where B is 7"). Here each
such token becomes a placeholder holding the definition's words ("<that value>"), and the
definition an aside that keeps only the files it names, so that ``twostep`` fills the
template from the file read and never offers the token or the definition as text.
"""

from __future__ import annotations

import functools
import re

#: a token a task may define: one capital letter or a word in capitals ("N", "NAME")
_TOKEN = r"(?<![\w<{\[\-/.])(?P<t>[A-Z](?:[A-Z0-9]{0,11})(?:_[A-Z0-9]+)*)(?![\w>}\]])"
#: what defines it: "N being …", "where B is …", "X = …", "NAME stands for …"
_IS = r"(?i:being|is|=|means|stands\s+for|equals|should\s+be|replaced\s+(?:by|with))"
#: the definition: up to the end of its clause (a dot inside a file's name goes on)
_DESC = r"(?P<d>(?:[^.;:()\n]|\.(?=\w)){1,80}?)"
_DEFINITIONS = (
    # ("(N being that value)", "(X = the name in v.txt)", "(P: the port in s.env)")
    re.compile(rf"\s*\(\s*{_TOKEN}(?:\s+{_IS}|\s*:)\s+{_DESC}\s*\)"),
    # (", where B is that value", "with N being the count", "- NAME replaced by the name")
    re.compile(rf"[\s,;–—-]*\b(?i:where|with|and)?\s*{_TOKEN}\s+{_IS}\s+{_DESC}"
               rf"(?=\s*(?:[.;)]\s|[.;)]?$|,\s|\band\b|\bthen\b))"),
    # ("replace X with the name in v.txt", "substitute N by the count")
    re.compile(rf"[\s,;–—-]*\b(?i:replac\w*|substitut\w*|swap\w*)\s+{_TOKEN}\s+(?i:with|by|for)"
               rf"\s+{_DESC}(?=\s*(?:[.;)]\s|[.;)]?$|,\s|\band\b|\bthen\b))"),
)
#: the words that place a described value in a file: "the name in v.txt", "… from that file"
_IN_FILE = re.compile(r"\s+(?:in|from|of|inside|within|on)\s+(?:the\s+)?(?:file\s+)?"
                      r"(?:\S+\.[A-Za-z]\w{0,7}|(?:that|this|the|its)\s+(?:file|document|one))"
                      r"\b.*$", re.IGNORECASE)
#: a description that points at a value read: a file's name, "that value", "the port in
#: s.env", "the number from the file"
_POINTS = re.compile(r"[\w-]\.[A-Za-z]\w{0,7}\b|\b(?:that|this)\s+\w+|\b(?:in|from|of|inside)"
                     r"\s+(?:the|that|this|its)\s+(?:file|document|config|settings)\b",
                     re.IGNORECASE)
#: words no placeholder is (a pronoun, an article)
_NOT_TOKENS = frozenset({"I", "A", "OK"})


#: words of a description that change the value read: it is worked out, not filled in
_CHANGING = re.compile(r"\d|[+*/%]|\s-\s|\b(?:plus|minus|times|twice|double|doubled|half|halved|"
                       r"triple|add|added|subtract\w*|multipl\w*|divid\w*|capital\w*|upper\w*|"
                       r"lower\w*|words?|reversed?|backwards?|first|last|without|only|rounded?|"
                       r"percent|part|letters?|digits?|characters?|initials?|short\w*|abbreviat\w*|"
                       r"spelled|spelt|converted|translated|formatted|except|but|minus)\b",
                       re.IGNORECASE)
#: a file's name in a description, with all that follows it
_AFTER_FILE = re.compile(r"[\w-]\.[A-Za-z]\w{0,7}\b(?P<rest>.*)$")


def _changed(description: str) -> bool:
    """Whether ``description`` changes the value it points at ("the port in s.env plus
    one", "the host in s.env in capitals") or says more after the file it names."""
    after = _AFTER_FILE.search(description)
    rest = after.group("rest").strip(" ,.'\"") if after else ""
    without_file = description[:after.start()] if after else description
    return bool(rest) or _CHANGING.search(without_file) is not None


@functools.lru_cache(maxsize=32)
def definitions(task: str) -> tuple[tuple[str, str, tuple[int, int]], ...]:
    """(token, its description, the definition's span) of each token the task defines and
    also uses outside its definition (read once a task: every candidate text asks)."""
    out: list[tuple[str, str, tuple[int, int]]] = []
    taken: list[tuple[int, int]] = []
    for pattern in _DEFINITIONS:
        for found in pattern.finditer(task):
            token, span = found.group("t"), found.span()
            if token in _NOT_TOKENS or any(a < span[1] and span[0] < b for a, b in taken):
                continue
            if not _POINTS.search(found.group("d")) or _changed(found.group("d")):
                continue  # ("N is the input" of a function: no value read; "the port in
                # s.env plus one": a value worked out, not filled in)
            rest = task[:span[0]] + " " + task[span[1]:]
            if not re.search(rf"(?<![\w<{{\[]){re.escape(token)}(?![\w>}}\]])", rest):
                continue
            out.append((token, found.group("d").strip(), span))
            taken.append(span)
    return tuple(sorted(out, key=lambda d: d[2]))


def _hole(description: str) -> str:
    """The placeholder for a description: its words but the file it names ("<the name>" of
    "the name in v.txt"); "<value>" when no word is left."""
    said = _IN_FILE.sub("", description).strip(" ,'\"")
    return f"<{said}>" if re.fullmatch(r"[A-Za-z][\w' -]{0,38}", said) else "<value>"


def marked(task: str) -> str:
    """``task`` with each token it defines a placeholder of the definition's words, and
    each definition an aside naming the files it names ("scale --workers <that value>");
    ``task`` itself when it defines none."""
    found = definitions(task)
    if not found:
        return task
    out, last = [], 0
    for _token, description, (start, end) in found:
        files = re.findall(r"[\w./-]+\.[A-Za-z]\w{0,7}\b", description)
        out += [task[last:start], f" ({', '.join(files)})" if files else ""]
        last = end
    # (a definition that was all an aside leaves none: "… is out (replace V with …)")
    text = re.sub(r"\s*\(\s*\)", "", "".join(out) + task[last:])
    for token, description, _span in found:
        text = re.sub(rf"(?<![\w<{{\[\-/.]){re.escape(token)}(?![\w>}}\]])",
                      lambda _m, d=description: _hole(d), text)
    return text


def tokens(task: str) -> list[str]:
    """The tokens ``task`` defines: a text that still holds one is no text to write."""
    return [token for token, _d, _s in definitions(task)]


def named_again(task: str) -> str:
    """``task`` with a bracketed word it names again outside the brackets ("Submit before
    [date], the real date from d.txt") as a placeholder "<date>"; not a section of a
    settings file ("[options]" of an INI file names no value)."""
    if re.search(r"\.(?:ini|toml|cfg|conf|desktop|service)\b", task, re.IGNORECASE):
        return task
    for found in dict.fromkeys(re.findall(r"\[\s*([A-Za-z][\w-]{1,30})\s*\]", task)):
        rest = re.sub(rf"\[\s*{re.escape(found)}\s*\]", " ", task)
        if re.search(rf"\b(?:the|a|an|real|actual|correct|right|its|that|this)\s+"
                     rf"{re.escape(found)}s?\b", rest):
            task = re.sub(rf"\[\s*{re.escape(found)}\s*\]", f"<{found}>", task)
    return task
