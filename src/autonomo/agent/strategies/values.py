"""The values of a text, each a whole token of its shape.

A 135M model offered the numbers of "high tide is at 16:42" writes ``42``; offered the words
of "the colour #ccc9dc" it writes ``colour #ccc9dc``. A value has a shape — a clock time, a
ratio, a date, a version, a colour, an e-mail address, an IP address, an amount of money, a
percentage, a number written in groups ("981 020 003") — and is taken whole by that shape,
never by its words or its digits. One scan of the text, the most specific shape first at
each place; what a shape covers is not read again as a smaller one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
#: (a month's name written with its capital: "may 3" is not a date)
_MONTH = "|".join(f"(?-i:{m[0].upper()}){m[1:3]}(?:{m[3:]})?" for m in MONTHS)
#: (kind, pattern), the most specific first: a shape tried earlier wins at a place
_SHAPES: tuple[tuple[str, str], ...] = (
    ("email", r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
    ("url", r"[a-z][a-z0-9+.-]*://[^\s<>\"']+[^\s<>\"'.,;:!?)]"),
    ("ip", r"\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?"),
    ("colour", r"#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})"),
    ("date", r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?|\d{1,2}/\d{1,2}/\d{2,4}"
             rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTH})\.?(?:,?\s+\d{{4}})?"
             rf"|(?:{_MONTH})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?"
             rf"|(?:{_MONTH})\.?\s+\d{{4}}"),
    ("time", r"\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:\s?[aApP]\.?[mM]\.?)?"),
    ("ratio", r"\d+(?:\.\d+)?(?::\d+(?:\.\d+)?)+"),
    ("version", r"[vV]\d+(?:\.\d+)*|\d+(?:\.\d+){2,}(?:[-+][\w.]+)?"),
    ("money", r"[$€£¥]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?[$€£¥]"),
    ("percent", r"-?\d+(?:\.\d+)?\s?%"),
    ("grouped", r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?: \d{3}){2,}"),
    # a phone number: groups of digits after a leading 0 or + ("030 5521 873")
    ("phone", r"(?:\+|0)\d{1,4}(?:[ -]\d{2,5}){1,4}"),
    ("number", r"-?\d+(?:\.\d+)?"),
    # letters and digits together: a room "12B", a serial "AQD45-20917" (read in files; a
    # task's own codes are stated by ``spans.codes`` only when it reads nothing)
    ("code", r"[a-z0-9]*\d[a-z0-9]*(?:-[a-z0-9]+)*|[a-z]+(?:-[a-z0-9]+)*-\d[a-z0-9]*"),
)
#: a value starts and ends at a token's edge: not inside a word, a file name, a path or a
#: setting ("PORT=80" is stated whole by ``spans.literals``)
_BEFORE = r"(?<![\w@#/.:=-])"
_AFTER = r"(?![\w@/-]|[.:]\w)"
_SCAN = re.compile("|".join(f"{_BEFORE}(?P<{kind}>{pattern}){_AFTER}"
                            for kind, pattern in _SHAPES), re.IGNORECASE)
#: kinds read as a number by a caller that computes with numbers
NUMERIC = frozenset({"number", "grouped"})


@dataclass(frozen=True)
class Value:
    kind: str
    text: str
    start: int


def scan(text: str) -> list[Value]:
    """The values of ``text`` in order, each whole: ``16:42`` a time (not 16 and 42), ``1:3``
    a ratio, ``#ccc9dc`` a colour, ``2.4.1`` a version, ``981 020 003`` a number."""
    return [Value(str(found.lastgroup), found.group(0), found.start())
            for found in _SCAN.finditer(text)]


def kind_of(text: str) -> str | None:
    """The shape of ``text`` when it is one value whole (None otherwise)."""
    found = scan(text.strip())
    return found[0].kind if len(found) == 1 and found[0].text == text.strip() else None


#: the parts of a value of a shape, each under the words that name it ("only its domain",
#: "the year of the date", "the major version"), as (words, pattern of the value with a
#: group per part). A part is offered only when the task uses one of these names (a small
#: closed class); a part designated otherwise (by position, by a separator) is not found.
_PARTS: dict[str, tuple[tuple[str, ...], re.Pattern[str]]] = {
    "email": (("user username local account mailbox", "domain host server"),
              re.compile(r"([^@]+)@(.+)")),
    "url": (("scheme protocol", "host domain site server", "path"),
            re.compile(r"([a-z][a-z0-9+.-]*)://([^/:?#]+)(?::\d+)?(/[^?#]*)?", re.I)),
    "date": (("year", "month", "day"), re.compile(r"(\d{4})-(\d{2})-(\d{2})")),
    "time": (("hour hours", "minute minutes"), re.compile(r"(\d{1,2}):(\d{2})")),
    "version": (("major", "minor", "patch micro"),
                re.compile(r"[vV]?(\d+)\.(\d+)(?:\.(\d+))?")),
    "ip": (("address host", "port"), re.compile(r"([\d.]+):(\d+)")),
}


def parts(value: Value) -> list[tuple[str, str]]:
    """(the words naming a part, the part) of a value by its shape: an e-mail's user and
    domain, a URL's scheme, host and path, an ISO date's year, month and day, a time's hour
    and minute, a version's major, minor and patch, an address's host and port."""
    named = _PARTS.get(value.kind)
    found = named[1].match(value.text) if named else None
    if not named or not found:
        return []
    return [(label, part) for label, part in zip(named[0], found.groups(), strict=False)
            if part]


def part_names(label: str, part: str) -> list[str]:
    """The ways a task may state a part it filters by: the part as written, and a date's
    month also by its name ("10" and "october")."""
    names = [part.lower()]
    if label == "month" and part.isdigit() and 1 <= int(part) <= 12:
        names.append(MONTHS[int(part) - 1])
    return names


#: the words a task names a value's shape by (a closed lexicon of the shapes' own names;
#: only shapes a value of that kind always has: a version "2.1" reads as a number, a phone
#: number without a leading 0 or + as none, so those are not filtered by their names)
_KIND_NAMES = {"email": ("email", "e-mail", "mail"), "url": ("url", "link", "website"),
               "colour": ("colour", "color", "hex"), "time": ("time",), "date": ("date",)}
#: words that ask for a value computed from times or dates, not one of them ("how long",
#: "the total time", "days between")
_COMPUTED = re.compile(r"\b(?:how\s+(?:long|many|much)|total|sum|average|mean|between|"
                       r"difference|elapsed|duration|spent)\b", re.IGNORECASE)


#: words that ask how many values there are, not for one of them
_COUNTING = re.compile(r"\b(?:how\s+many|count|number\s+of)\b", re.IGNORECASE)


def named_kinds(task: str) -> set[str]:
    """The shapes the task names by their names ("the e-mail address", "just the time"; not
    a time or date it computes with: "how long", "the total time")."""
    said = set(re.findall(r"[a-z]+(?:-[a-z]+)?", task.lower()))
    # (not one whose part it names: "only its domain" is no address)
    kinds = {k for k, names in _KIND_NAMES.items() if said & set(names)
             and not said & set(" ".join(_PARTS.get(k, ((),))[0]).split())}
    if _COUNTING.search(task):  # ("count the e-mail addresses": a number, of no shape)
        return set()
    return kinds - {"time", "date"} if _COMPUTED.search(task) else kinds


def kind_of_all(text: str) -> str | None:
    """The shape of ``text``'s value, or of every line of it when it is a list of them."""
    found = {kind_of(line) for line in text.splitlines() if line.strip()}
    return found.pop() if len(found) == 1 else None


def of_named_kind(task: str, found: list[str]) -> list[str]:
    """Of ``found``, only the values of a shape the task names by its name when there are
    some ("the treasurer's e-mail address": the address, not the treasurer's name beside it,
    whose shorter text a 135M model's likelihood prefers); else all of them."""
    kinds = named_kinds(task)
    return [v for v in found if kind_of(v) in kinds] or found
