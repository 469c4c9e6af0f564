"""Dates computed from the dates of a file the task reads: the day of the week of a date,
a date a number of days or weeks the task states after or before it, and the days between
a file's two dates.

"Which weekday is the launch in launch.txt?", "the invoice is due 30 days after its date",
"how many days from the start to the end date": a 135M model writes a date it has read, or
a word of the task. Here the values are computed (``datetime``), written in the shape of
the date read (ISO ``2026-03-14``, ``14 March 2026``, ``March 14, 2026``), and keyed as
``Fact``s; ``ranking.rank`` and the model's likelihood choose. Numeric dates other than ISO
(``03/04/2026``) are not read: day and month cannot be told apart.

Lexicon (closed, documented): a weekday ``weekday week``; a later date ``after later from
plus``, an earlier one ``before earlier ago minus``; the days between ``days between until
since difference apart long``; the units ``day``/``days``, ``week``/``weeks``.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from autonomo.agent.strategies.algebra import stated_numbers
from autonomo.agent.strategies.facts import COUNT_WORDS, Fact, fact, words
from autonomo.agent.strategies.values import MONTHS

#: a month's name or its short form ("Sep", "Sept"; checked by ``_month``)
_MONTH = "|".join(f"{m[:3]}[a-z]{{0,6}}" for m in MONTHS)
_ISO = r"(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})"
_DAY_MONTH = rf"(?P<d2>\d{{1,2}})\s+(?P<mn2>{_MONTH})\.?,?\s+(?P<y2>\d{{4}})"
_MONTH_DAY = rf"(?P<mn3>{_MONTH})\.?\s+(?P<d3>\d{{1,2}}),?\s+(?P<y3>\d{{4}})"
_DATE = re.compile(rf"(?<![\w-])(?:{_ISO}|{_DAY_MONTH}|{_MONTH_DAY})(?![\w-])", re.IGNORECASE)
#: a span of days or weeks the task states: "30 days", "two weeks"
_SPAN = re.compile(r"\b(\d{1,4}|[a-z]+)\s+(days?|weeks?)\b", re.IGNORECASE)
#: at most this many dates of a file are computed with
MAX_DATES = 12


def _month(name: str) -> int:
    """The month ``name`` names (a prefix of its name, or "sept"); ValueError if none."""
    name = name.lower()
    for i, month in enumerate(MONTHS, 1):
        if month.startswith(name) or (name == "sept" and i == 9):
            return i
    raise ValueError(name)


def read_dates(text: str) -> list[tuple[date, str]]:
    """The dates of a text with the shape each is written in (``iso``, ``day month``,
    ``month day``)."""
    out = []
    for found in _DATE.finditer(text):
        g = found.groupdict()
        try:
            if g["y"]:
                out.append((date(int(g["y"]), int(g["m"]), int(g["d"])), "iso"))
            elif g["y2"]:
                out.append((date(int(g["y2"]), _month(g["mn2"]), int(g["d2"])), "day month"))
            else:
                out.append((date(int(g["y3"]), _month(g["mn3"]), int(g["d3"])), "month day"))
        except ValueError:
            continue  # "2026-02-30"
        if len(out) >= MAX_DATES:
            break
    return out


def written(day: date, shape: str) -> str:
    """``day`` in ``shape``: ``2026-03-14``, ``14 March 2026`` or ``March 14, 2026``."""
    month = MONTHS[day.month - 1].capitalize()
    if shape == "day month":
        return f"{day.day} {month} {day.year}"
    if shape == "month day":
        return f"{month} {day.day}, {day.year}"
    return day.isoformat()


def _spans(task: str) -> list[tuple[str, int]]:
    """The spans of days the task states: (as written, days)."""
    counts = {said.lower(): int(n) for said, n in stated_numbers(task)}
    out = []
    for found in _SPAN.finditer(task):
        number, unit = found.groups()
        n = counts.get(number.lower())
        if n is not None:
            out.append((found.group(0), n * (7 if unit.lower().startswith("w") else 1)))
    return out


def date_facts(src: str, text: str, task: str) -> list[Fact]:
    """The weekday of each date of ``text``; each date moved by each span the task states;
    the days between its two dates when it has two."""
    found = read_dates(text)
    out = [fact(f"weekday week day {written(d, shape)}", d.strftime("%A"), src)
           for d, shape in found]
    for said, days in _spans(task):
        for d, shape in found:
            for key, sign in (("after later from plus", 1), ("before earlier ago minus", -1)):
                try:  # ("valid until 9999-12-31" moved on: no such date)
                    moved = d + sign * timedelta(days)
                except OverflowError:
                    continue
                made = fact(f"date day {key}", written(moved, shape), src)
                out.append(Fact(made.key, made.value, made.source, words(said)))
    if len(found) == 2 and found[0][0] != found[1][0]:
        apart = abs((found[1][0] - found[0][0]).days)
        out.append(fact(f"days between until since difference apart long {COUNT_WORDS}",
                        apart, src))
    return out


#: a task asking for the 24-hour clock: "in 24-hour format", "as 24h", "military time"
CLOCK24 = re.compile(r"\b24[\s-]?h(?:ours?|rs?)?\b|\bmilitary\s+time\b|\bHH:MM\b",
                     re.IGNORECASE)
#: a task asking for the 12-hour clock: "12-hour", "12h", "am/pm"
CLOCK12 = re.compile(r"\b12[\s-]?h(?:ours?|rs?)?\b|\bam\s*/\s*pm\b|\ba\.m\./p\.m\.",
                     re.IGNORECASE)
#: a task asking for dates in ISO form: "as YYYY-MM-DD", "ISO format", "ISO 8601"
ISO_DATE = re.compile(r"\bYYYY-MM-DD\b|\bISO(?:[\s-]?8601)?\b(?:\s+(?:date|format|form))?",
                      re.IGNORECASE)
#: the forms a task names (no value to write: "24h", "YYYY-MM-DD")
FORMS = (CLOCK24, CLOCK12, ISO_DATE)
#: a time on the 12-hour clock: "3:45 PM", "6:30 am", "11pm", "7 p.m."
_CLOCK12 = re.compile(r"(?<![\w:])(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\b\.?", re.IGNORECASE)
#: a time on the 24-hour clock: "17:45" (not one followed by am/pm)
_CLOCK = re.compile(r"(?<![\w:.])([01]?\d|2[0-3]):([0-5]\d)(?![\w:]|\s*[ap]\.?m\b)",
                    re.IGNORECASE)


def clock24(text: str) -> list[tuple[str, str]]:
    """(the words near it, the time on the 24-hour clock) of each time of the 12-hour clock
    in ``text``: "3:45 PM" is ``15:45``."""
    out = []
    for line in text.splitlines():
        for found in _CLOCK12.finditer(line):
            hour, minute = int(found.group(1)), int(found.group(2) or 0)
            if not 1 <= hour <= 12 or minute > 59:
                continue
            hour = hour % 12 + (12 if found.group(3).lower() == "p" else 0)
            out.append((_near(line, found), f"{hour:02d}:{minute:02d}"))
    return out


def _near(line: str, found: re.Match[str]) -> str:
    return " ".join([*line[:found.start()].split()[-4:], *line[found.end():].split()[:4]])


def left_form(text: str, task: str) -> bool:
    """Whether ``text`` is a time or date in the form the task asks to leave: a time on the
    12-hour clock when it asks for the 24-hour one, and the other way round; a date not
    written ``YYYY-MM-DD`` when it asks for that."""
    text = text.strip()
    return bool((CLOCK24.search(task) and _CLOCK12.fullmatch(text))
                or (CLOCK12.search(task) and not CLOCK24.search(task) and _CLOCK.fullmatch(text))
                or (ISO_DATE.search(task) and any(shape != "iso" and len(text) < 40
                                                  for _, shape in read_dates(text))))


def converted(text: str) -> set[str]:
    """Every form ``clock_facts`` may write of ``text``'s times and dates, whatever the task
    asks (the finish check's: a value computed from the input, not made up)."""
    return {value for f in clock_facts("", text, "24h 12h YYYY-MM-DD")
            for value in (f.value, f.value.lower())}


def clock_facts(src: str, text: str, task: str) -> list[Fact]:
    """The times of ``text`` in the form the task asks for: on the 24-hour clock
    (``clock24``), on the 12-hour clock ("17:45" is ``5:45 PM``); and its dates as
    ``YYYY-MM-DD``; keyed by the words near each, as a time or a date."""
    out = []
    if CLOCK24.search(task):
        out += [fact(f"time 24 hour hr clock format military converted {near}", value, src)
                for near, value in clock24(text)]
    if CLOCK12.search(task):
        for line in text.splitlines():
            for found in _CLOCK.finditer(line):
                hour, minute = int(found.group(1)), found.group(2)
                shown = f"{hour % 12 or 12}:{minute} {'PM' if hour >= 12 else 'AM'}"
                out.append(fact(f"time 12 hour hr clock format am pm converted "
                                f"{_near(line, found)}", shown, src))
    if ISO_DATE.search(task):
        out += [fact(f"date iso format yyyy mm dd converted {line}", day.isoformat(), src)
                for line in text.splitlines()[:MAX_DATES * 10]
                for day, shape in read_dates(line) if shape != "iso"]
    return out
