"""A value read, then changed by the one operation the task states: "look up the price of
the blue mug in prices.csv, double it, and write the result to two.txt" (16 of 8), "halve
the budget in b.txt", "add 15 to the width from panel.json", "subtract 4", "20% of it".

A 135M model wrote the value read (8), never the result. Here each number a file holds is
offered computed as well, exactly (``Decimal``), keyed as the number it comes from plus the
operation's words, which the task must say (``Fact.needs``: its operand, "15", is then no
text of its own to write). The result keeps the number's form: as many decimals as it had
at least (4.25 doubled is 8.50). Nothing when the task states no operation or more than one.

Lexicon (closed): ``double``/``twice``, ``triple``/``three times``, ``halve``/``half of``,
``multiply by``/``times``, ``divide by``, ``add``/``plus``/``increase by``, ``subtract``/
``minus``/``take away``/``decrease by``/``reduce by``, ``N% of``/``N percent of``, ``add N%
to``, ``N% off``/``N% discount``, and the English cardinals two to twelve for N.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from autonomo.agent.strategies.facts import Fact, words

_CARDINALS = {w: n for n, w in enumerate(
    ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
     "eleven", "twelve"])}
_N = r"(\d+(?:\.\d+)?|" + "|".join(_CARDINALS) + r")"
#: what is operated on, between the verb and "by": "it", "the count in c.txt"
_IT = r"(?:\s+[^\s,;]+){0,5}?"
#: (pattern, how the operand makes the result)
_OPERATIONS: tuple[tuple[re.Pattern[str], Callable[[Decimal, Decimal], Decimal]], ...] = tuple(
    (re.compile(p, re.IGNORECASE), f) for p, f in (
        (r"\b(?:double|doubled|doubling)\b(?![-\s]*(?:check|quot|space|click|line|\())|\btwice\s+(?:as|the|that|its|it)\b"
         r"|\bmultipl\w*" + _IT + r"\s+by\s+(?:2|two)\b|\b(?:it|that|this)\s+times\s+(?:2|two)\b",
         lambda v, _n: v * 2),
        (r"\b(?:triple|tripled|tripling)\b|\bthree\s+times\s+(?:it|that|this|the|its|as)\b",
         lambda v, _n: v * 3),
        (r"\b(?:halve|halved|halving)\b|\bhalf\s+of\b|\bdivide\w*" + _IT + r"\s+by\s+(?:2|two)\b"
         r"|\bcut" + _IT + r"\s+in\s+half\b", lambda v, _n: v / 2),
        (r"\bmultipl\w*" + _IT + r"\s+by\s+" + _N + r"|\b(?:it|that|this)\s+times\s+" + _N
         + r"\b",
         lambda v, n: v * n),
        (r"\bdivide\w*" + _IT + r"\s+by\s+" + _N, lambda v, n: v / n),
        (r"\b" + _N + r"\s*(?:%|percent)\s+of\b", lambda v, n: v * n / 100),
        (r"\b(?:increase\w*|raise\w*)" + _IT + r"\s+by\s+" + _N + r"\s*(?:%|percent)"
         r"|\badd\s+" + _N + r"\s*(?:%|percent)\s+to\b", lambda v, n: v * (100 + n) / 100),
        (r"\b(?:decrease\w*|reduce\w*|lower\w*)" + _IT + r"\s+by\s+" + _N + r"\s*(?:%|percent)"
         r"|\b" + _N + r"\s*(?:%|percent)\s+(?:off|discount)\b",
         lambda v, n: v * (100 - n) / 100),
        (r"\badd\s+" + _N + r"\s+to\s+(?:it|that|this|them|its|their|the\s+(?!(?:end|bottom|"
         r"top|start|beginning|file|list|log|lines?|rows?)\b)\w+)\b(?![\w.]*\.[A-Za-z]{1,8}\b)"
         r"|\bplus\s+" + _N + r"|\b(?:increase\w*|raise\w*)" + _IT + r"\s+by\s+" + _N
         + r"(?!\s*(?:%|percent))", lambda v, n: v + n),
        (r"\b(?:subtract\w*|take\s+away|deduct\w*)\s+" + _N + r"|\bminus\s+" + _N
         + r"|\b(?:decrease\w*|reduce\w*|lower\w*)" + _IT + r"\s+by\s+" + _N
         + r"(?!\s*(?:%|percent))", lambda v, n: v - n),
    ))
#: the words of the operations (not of what they act on: "the count in c.txt")
_LEXICON = frozenset(re.findall(r"\S+", """
double doubled doubling twice triple tripled tripling three times halve halved halving half
multiply multiplied multiplying divide divided dividing percent increase increased raise
raised decrease decreased reduce reduced lower lowered add plus subtract subtracted take away
deduct deducted minus off discount cut
"""))
_PLAIN = re.compile(r"-?\d+(?:\.\d+)?")
#: a number inside a text (not a piece of a longer one)
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?!\w|\.\d)")


@dataclass(frozen=True)
class Operation:
    """The one operation a task states: its words (which the task says), and the result."""

    said: frozenset[str]
    apply: Callable[[Decimal], Decimal]
    #: where the task states it
    span: tuple[int, int] = (0, 0)


@functools.lru_cache(maxsize=32)
def operation(task: str) -> Operation | None:
    """The one arithmetic operation ``task`` states on a value, or None (none, or several:
    which comes first is not decided here)."""
    found: list[tuple[re.Match[str], Callable[[Decimal, Decimal], Decimal]]] = []
    for pattern, how in _OPERATIONS:
        for match in pattern.finditer(task):
            if not any(m.start() < match.end() and match.start() < m.end() for m, _ in found):
                found.append((match, how))
    if len(found) != 1:
        return None
    match, how = found[0]
    said = next((g for g in match.groups() if g), None) if match.groups() else None
    operand = Decimal(_CARDINALS[said.lower()]) if said and said.lower() in _CARDINALS else (
        Decimal(said) if said else Decimal(0))
    if operand == 0 and said:
        return None  # (divide by zero, add nothing: no operation)
    # (the operation's own words, and its number: an operand, not a text to write)
    verb = words(" ".join(w for w in re.findall(r"[A-Za-z]+", match.group(0).lower())
                          if w in _LEXICON))
    return Operation(frozenset(verb | words(said or "")),
                     lambda v, h=how, n=operand: h(v, n), match.span())


def shown(value: Decimal, like: str) -> str:
    """``value`` in the form of the number ``like``: at least as many decimals (4.25 doubled
    is 8.50), more only where the result needs them (7 halved is 3.5)."""
    places = len(like.partition(".")[2])
    text = format(value.normalize(), "f")
    have = len(text.partition(".")[2])
    if have < places or have > 6:  # (a third: to the number's places, or cents)
        text = format(value.quantize(Decimal(1).scaleb(-max(places, 2 if have > 6 else 0))),
                      "f")
    return text


def scaled_facts(known: Iterable[Fact], task: str, text: str) -> list[Fact]:
    """Each plain number of ``known`` that ``text`` holds (not a count of its lines) with
    the task's one operation applied, keyed as the number plus the operation's words and
    "result", which the task must say."""
    done = operation(task)
    if done is None:
        return []
    out = []
    for f in known:
        if not _PLAIN.fullmatch(f.value) or not re.search(
                rf"(?<![\d.]){re.escape(f.value)}(?![\d]|\.\d)", text):
            continue
        try:
            value = shown(done.apply(Decimal(f.value)), f.value)
        except (InvalidOperation, ZeroDivisionError):
            continue
        out.append(replace(f, key=f.key | done.said | {"result", "answer", "new"},
                           value=value, needs=f.needs | done.said))
    return out


def computed(known: Iterable[Fact], values: list[str], task: str) -> bool:
    """Whether the first of ``values`` is a number read and changed by the operation the
    task states (``scaled_facts``): the text to write, not the task's words beside it."""
    done = operation(task) if values else None
    return done is not None and any(f.value == values[0] and done.said <= f.needs
                                    and "result" in f.key for f in known)


def results(text: str, task: str) -> set[str]:
    """Each number of ``text`` put through the task's one operation, as a plain number
    ("16", "4.08"): what a run may write that no file shows (none when it states none)."""
    done = operation(task)
    if done is None:
        return set()
    out = set()
    for found in list(dict.fromkeys(_NUMBER.findall(text)))[:2000]:
        try:
            value = done.apply(Decimal(found))
        except (InvalidOperation, ZeroDivisionError):
            continue
        out.add(str(int(value)) if value == value.to_integral_value()
                else str(round(float(value), 4)))
    return out


def without(task: str) -> str:
    """``task`` without the words of its one operation ("add 15": no line to append)."""
    done = operation(task)
    return task if done is None else task[:done.span[0]] + " " + task[done.span[1]:]


def clause(task: str) -> str:
    """The clause of ``task`` that states its one operation ("double the timeout" of "set
    retries to 3 and double the timeout"); "" when it states none."""
    done = operation(task)
    if done is None:
        return ""
    cuts = [0, *(m.end() for m in re.finditer(r"[,;.:]\s|\s(?:and|then)\s", task)), len(task)]
    start = max(c for c in cuts if c <= done.span[0])
    end = min(c for c in cuts if c >= done.span[1])
    return task[start:end]
