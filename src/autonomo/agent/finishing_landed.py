"""Positive evidence for a finish: the values a task states land in the work.

* **stated values land** (``unlanded_value``): a value the task states — quoted text, a token
  with a digit, a capital inside a sentence or a symbol (``B-14``, ``Tuesday``, ``2.40``,
  ``TIMEOUT=30``, ``*.log``) — that no input of the run holds is new information the task
  gives: it must be in something the run wrote or ran. ("Monday" of "replace Monday with
  Tuesday" is in the input, so only "Tuesday" must land.)

The values themselves (``stated_values``) and how a text holds one (``_holds``) are
``finishing_evidence``'s; the lexicon below is small, closed and structural.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from autonomo.agent.finishing_evidence import (
    _DOTFILE,
    _QUOTED,
    _SYMBOLS,
    CONVERTING,
    _holds,
    _number,
    _words,
    derived_numbers,
    numbers_in,
    stated_values,
    written_text,
)
from autonomo.agent.finishing_record import PROGRAMS, Record, without
from autonomo.agent.strategies import dates, pyexample, pystrings, pywords, scaled, twostep
from autonomo.agent.strategies.programs import command_line

#: words of a task that asks to work a value out (round it, convert it, answer a question
#: about it) rather than write it as given
WORK_WORDS = frozenset({"round", "convert", "translate", "reverse", "double", "square",
                        "spell", "compute", "calculate", "add", "subtract", "multiply",
                        "divide", "sum", "times", "plus", "minus", "how", "what", "which",
                        "if", "whether", "is", "are", "does", "as"})


def _at(task: str, value: str) -> list[int]:
    """Where ``value`` stands in the task."""
    return [m.start() for m in re.finditer(re.escape(value), task)]


def _after(task: str, value: str) -> str:
    """The word right before ``value`` in the task, lower-cased ("capital of France": of)."""
    found = re.search(rf"(\w+)\W+{re.escape(value)}", task)
    return found.group(1).lower() if found else ""


def _code_like(value: str) -> bool:
    """A letter with a digit (``B-14``, ``A101``) or a symbol (``__pycache__/``, ``*.log``)."""
    return bool(set(value) & _SYMBOLS) or (any(c.isdigit() for c in value)
                                           and any(c.isalpha() for c in value))


def unlanded_value(task: str, named: Iterable[str], record: Record, observed: str,
                   finals: Callable[[], str], has_input: bool = True) -> str | None:
    """A value the task states and no input holds, that nothing the run wrote or ran holds
    (the final texts of the files it wrote count too: a shell line may have written them).
    Only values whose absence proves the work wrong count: quoted ones, and those with a
    digit or a symbol outside the task's questions and the file names it gives; a plain
    word or a unit ("January", "°C", "GHz") may rightly go unwritten (the positive
    verifiers judge whether a word landed), except from a program the task asks for (the
    words it prints: "Good night")."""
    out = written_text(record)
    if not out.strip() or not (named or _DOTFILE.search(task)):
        # the run only moved, copied or deleted files: no text to hold values; a task that
        # names no file (a team's or an SOP's prompt) may answer in the finish reason
        return None
    names = " ".join([*named, observed])
    programs_only = bool(record.written) and all(
        str(p).endswith(PROGRAMS) for p in record.written)
    quoted = {next(g for g in m.groups() if g) for m in _QUOTED.finditer(task)}
    sentences = _sentences(task)
    # an owner ("Pepper's microchip number") says whose value, it is not one to write
    # (a hidden file's name is a name too: "license_key" of ".license_key" is no value)
    dotted = [m.group(0) for m in _DOTFILE.finditer(task)]
    # (an operation's operand is no value to write: "add 25% to it")
    values = [v for v in stated_values(scaled.without(task), named) if not _holds(names, v)
              and not _in_a_name(v, [*named, *dotted])
              and not re.search(rf"(?<!\w){re.escape(v)}['’]s\b", task)
              and _must_land(task, v, named, quoted, programs_only, sentences)
              # (a template, "'Hi, <the name>!'", "{code}", is filled in:
              # ``template_unfilled``; a clock's form, "24-hour", is no value)
              and not re.search(r"<[^<>\n]{1,40}>", v) and not twostep.unfilled(v, task)
              and not any(form.fullmatch(v) for form in dates.FORMS)
              and not _ran_as_given(v, task, named, record)
              # (the text an edit replaced was in the file: the old side, "fix 'teh'")
              and not any(v in str(e.action.arguments.get("old", "")) for e in record.episodes
                          if e.action.name == "replace_text")
              # (a sign alone links a key to its value, "age = 42": the file's syntax
              # says it its own way, "age": 42)
              and (v in quoted or re.search(r"\w", v))]
    if not has_input:
        # no input to take a reference from: in a task that works a value out ("the capital
        # of France", "round 3.14159", a question) only quoted and code-like values (B-14,
        # *.log) must be written as given; elsewhere ("year.txt should contain 1969") all
        # (a program the task says prints "Good night" must hold it still)
        worked = bool(set(_words(without(task, named))) & WORK_WORDS) or task.strip().endswith("?")
        values = [v for v in values if v in quoted or _code_like(v)
                  or (programs_only and not re.fullmatch(r"-?[\d.]+", v))
                  or not (worked or _after(task, v) in {"of", "for"})]
    if set(_words(task)) & CONVERTING:
        # "convert … from Celsius to Fahrenheit": the units or languages of a conversion
        values = [v for v in values
                  if _after(task, v) not in {"from", "to", "into", "in"} | CONVERTING]
    if programs_only:
        # a program computes its numbers: "return x times 2" may be "x + x", "21%" may be
        # "* 1.21", "X = 25" may be "X=25": only names (and quoted texts) must stand in it
        values = [v for v in values if v in quoted or re.search(r"[A-Za-z]", v)]
        # a word of what the code does is no text it holds ("returns the temperature in
        # Fahrenheit": ``pywords``)
        explained = {w.lower() for w in pywords.explained(task)}
        values = [v for v in values if v in quoted or v.lower() not in explained]
        # nor is an example call the task gives ("tip(80, 15) gives 12.0": a check of the
        # code, ``pyexample``, not a text it holds)
        calls = [m.span() for m in (*pyexample.EXAMPLE.finditer(task),
                                    *pystrings.EXAMPLE.finditer(task))]
        values = [v for v in values if not any(
            a <= i and i + len(v) <= b for a, b in calls for i in _at(task, v))]
    if not values:
        return None
    missing = [v for v in values if not _holds(out, v) and not _computed(v, task, observed, out)
               and not _form_of(task, v, out)]
    if missing:
        final = finals()
        missing = [v for v in missing if not _holds(final, v)]
    if not missing:
        return None
    one = len(missing) == 1
    return (f"Refused: the task gives {', '.join(repr(v) for v in missing[:3])}, but "
            f"{'it is' if one else 'they are'} in no file you wrote and no command you ran. "
            f"Put {'it' if one else 'them'} where the task says, then finish.")


def _ran_as_given(value: str, task: str, named: Iterable[str], record: Record) -> bool:
    """Whether ``value`` is a command line the task gives ("`python a.py b.txt`"), or its
    interpreter or one of its arguments ("python3 a.py 'X' > b.txt"), that the run ran as
    given: a command to run is no text to write."""
    for e in record.episodes:
        if e.action.name != "execute_python_file":
            continue
        path = str(e.action.arguments.get("path", ""))
        ran = tuple(str(a) for a in e.action.arguments.get("args") or ())
        given = command_line(f"`{value}`", path) if path in named else None
        if given is not None and given == ran:
            return True
        typed = command_line(task, path) if path in named else None
        if typed is not None and typed == ran and (
                value in typed or re.fullmatch(r"(?:python3?(?:\.\d+)?|py)", value, re.I)):
            return True
    return False


#: words that introduce an example of a form ("write it like 1h 05m", "e.g. 3kg")
_EXAMPLE = re.compile(r"\b(?:like|e\.g\.|eg|such\s+as|for\s+example|for\s+instance|in\s+the\s+"
                      r"form|formatted\s+as|as\s+in)\s+(?:[\w:.-]+\s+){0,2}$", re.IGNORECASE)


def _form_of(task: str, value: str, out: str) -> bool:
    """Whether ``value`` (digits and letters: "05m", "1h") shows only a form the
    written text follows with digits of its own (an example: "write it like 1h 05m")."""
    at = task.find(value)
    if at < 0 or not re.search(r"\d", value) or not re.search(r"[A-Za-z]", value) \
            or not _EXAMPLE.search(task[:at]):
        return False
    # (runs of digits, not digits: "v1.0.0" is the form of "v4.12.7")
    shape = re.sub(r"\d+", "0", value)
    return re.search(rf"(?<![\w.]){re.escape(shape)}(?![\w.])", re.sub(r"\d+", "0", out)) \
        is not None


def _must_land(task: str, value: str, named: Iterable[str], quoted: set[str],
               program: bool, sentences: list[str]) -> bool:
    """Whether a stated ``value`` missing from the work proves it wrong (see
    ``unlanded_value``); ``program``: the run wrote programs only, whose text holds the
    words they print and the names they define (not the numbers they compute: those go
    later); ``sentences``: the task's (``_sentences``)."""
    if value in quoted:
        return True
    if "<" in value or ">" in value:
        return False  # a part of a template ("theme=<the theme>"): its value is filled in
    shaped = program or _code_like(value) or any(c.isdigit() for c in value)
    return shaped and not _asked_about(sentences, value) \
        and not _designates_a_file(task, value, named)


def _designates_a_file(task: str, value: str, named: Iterable[str]) -> bool:
    """Whether ``value`` with the word before it is a file name the task gives ("cone 6"
    for ``kiln/cone6.txt``): it says which file, it is no value to write."""
    names = {re.sub(r"[^a-z0-9]", "", n.lower()) for n in named}
    for m in re.finditer(rf"(\w+)\W+{re.escape(value)}(?!\w)", task):
        joined = re.sub(r"[^a-z0-9]", "", (m.group(1) + value).lower())
        if any(joined in n for n in names):
            return True
    return False


def _sentences(task: str) -> list[str]:
    """The task's sentences (split after a stop and a space: not at a file name's dot)."""
    return re.split(r"(?<=[.?!])\s+|\n", task)


def _asked_about(sentences: list[str], value: str) -> bool:
    """Whether ``value`` stands only in the task's questions (``sentences`` that end with a
    question mark): it says what is asked about ("What channel is the 5 GHz radio on?"),
    it is no text to write."""
    holding = [s for s in sentences if _holds(s, value)]
    return bool(holding) and all(s.rstrip().endswith("?") for s in holding)


def _in_a_name(value: str, named: Iterable[str]) -> bool:
    """Whether ``value`` is a word of a file name the task gives ("our Wi-Fi name … in
    wifi_name.txt"): it refers to the file, it is not a value to write."""
    letters = re.sub(r"[^a-z0-9]", "", value.lower())
    return len(letters) > 2 and any(letters in re.sub(r"[^a-z0-9]", "", n.lower())
                                    for n in named)


def _computed(value: str, task: str, observed: str, out: str) -> bool:
    """Whether the number ``value`` went into what the run wrote by a count or a sum, a
    difference, a product or a quotient with a number of the task or of its inputs (the
    task's "5 lines of hello", "add 2 and 3", "5 more than the number in c.txt")."""
    try:
        number = float(value)
    except ValueError:
        return False
    if _number(number) in derived_numbers(out, task):
        return True
    others = set(numbers_in(task)) | set(numbers_in(observed))
    # a result is a number the run made: not one it was given or shown
    written = {_number(n) for n in numbers_in(out)} - {_number(n) for n in others}
    results = {r for x in others for r in (number + x, number - x, x - number, number * x)}
    results |= {number / x for x in others if x} | {x / number for x in others if number}
    return bool(written & {_number(r) for r in results})
