"""Ranking the facts a small model has seen against its task (``facts``): the values whose
words the task shares most, best first, so that a grammar-constrained model chooses among a
few likely values instead of every line it has seen."""

from __future__ import annotations

import re
from collections.abc import Iterable

from autonomo.agent.strategies.facts import (
    COUNTED,
    MAX_FACTS,
    STRUCTURE,
    SWITCHED,
    THRESHOLD,
    Fact,
    kinds,
    words,
)
from autonomo.agent.strategies.wordforms import abbreviates, inflects, plain_asking


def _score(fact: Fact, wanted: frozenset[str], files: frozenset[str],
           excluded: frozenset[str] = frozenset(), lines: frozenset[str] = frozenset()) -> float:
    """Own words 1, words of structure 0.5, the file's name 0.5; each word of the value
    itself the task does not use costs 0.3 (a bare value beats the line that holds it), a
    value made of the task's own words costs 1."""
    shared = fact.key & wanted
    # a key's short form of a task's word counts as it ("kg" of "kilograms")
    shared |= {k for k in fact.key - wanted if any(abbreviates(k, w) for w in wanted)}
    # and an inflection of it ("finished" of "finish", "shipped" of "ship")
    shared |= {k for k in fact.key - wanted if any(inflects(k, w) for w in wanted)}
    value = words(fact.value)
    # (a list's items are names, not a line around a value: "x.py" under "py files")
    unshared_own = (fact.key & value) - wanted if "\n" not in fact.value else frozenset()
    # a value the task already says ("cheese" in "the price of cheese") tells nothing new
    echo = 1.0 if value and value <= wanted else 0.0
    if "\n" in fact.value and (value & wanted) - STRUCTURE - fact.key:
        # a list holding a word the task uses for something else ("the product column":
        # the header, which holds "product") is not the list asked for
        echo = 1.0
    # (the word before a value the task says, "room" of "room 12B", decides between the
    # values of one record; a value of several parts, "Velo R2, frame VR2-5", is a record)
    # (a value computed with an operand the task gives is the more specific: "the items
    # added before October 2026", not all the items; a word the task rules out costs 1)
    # (a count is asked for with a word of counting: without one, a list of the same
    # things comes first)
    # (nor does the bonus of the words it needs make up for that)
    uncounted = (0.3 + 0.5 * bool(fact.needs)) * (fact.key >= COUNTED and not COUNTED & wanted)
    return (sum(0.5 if w in STRUCTURE and w not in fact.label else 1.0 for w in shared)
            + 0.5 * bool(fact.needs) - len(fact.key & excluded) - uncounted
            + 0.5 * (fact.tag in wanted and "\n" not in fact.value)
            - 0.3 * len(re.findall(r",\s", fact.value))
            + 0.5 * bool(fact.source & files) - 0.3 * len(unshared_own) - echo
            # (a list of what lines hold, not of lines, when the task asks for lines: "every
            # WARN line" is not what follows WARN)
            - 1.5 * bool(lines and fact.tag and "\n" in fact.value)
            # (a word of the task on another line of its block: "protocol mqtt")
            + 0.5 * bool(fact.context & wanted - fact.key - STRUCTURE - fact.source))


#: a superlative then first/last: the order of a list ("newest first")
_ORDERED = re.compile(r"\b\w+est\s+(?:first|last)\b", re.IGNORECASE)
_WHERE = re.compile(r"\b(?:as|on|at|to|in)\s+(?:the|a)\s+(?:new\s+|last\s+|first\s+|final\s+)*"
                    r"(?:line|end|bottom|top|row)\b", re.IGNORECASE)


#: a phrase the task rules out: "(not the dev extras)", "except the drafts", "without
#: comments" (to the end of its clause)
_EXCLUDED = re.compile(r"\b(?:not|except(?:\s+for)?|excluding|without|but not)\s+((?:the\s+|"
                       r"any\s+)?[\w-]+(?:\s+[\w-]+){0,3}?)(?=\s*[),.;:!?]|\s+-\s|\s*$)",
                       re.IGNORECASE)


_EACH_LINE = re.compile(r"\b(?:(?:one|a|an|each)\s+(?:\w+\s+)?per\s+line|per\s+line|"
                        r"(?:each\s+)?on\s+(?:its|their)\s+own\s+line|on\s+separate\s+lines)\b",
                        re.IGNORECASE)
_LINE_WORDS = frozenset({"line"})
_THE_NUMBER = re.compile(r"\b(?:the|that|this|its)\s+number\b(?!\s+of\b)|\bnumber\s+only\b",
                         re.IGNORECASE)



def rank(facts: Iterable[Fact], task: str, named: Iterable[str] = (),
         threshold: float = THRESHOLD) -> list[str]:
    """The values of the facts the task's words point at most (``threshold`` at least),
    best first, at most ``MAX_FACTS``. The words of the file names the task mentions
    (``named``) only say which file: they are not matched against the facts' keys."""
    rest = _WHERE.sub(" ", task)  # "add x as the last line": where, not what
    # (lines asked for: "every WARN line"; not "one per line", how to write it)
    lines = _LINE_WORDS & words(_EACH_LINE.sub(" ", rest))
    # ("write the number to p.txt", "number only": the value itself, when no other word asks
    # for a count: "how many", "count", "the number of")
    if not (counting := re.search(r"\b(?:how (?:many|often)|(?<!n't )count\w*|total|"
                                  r"number of)\b", rest, re.I)):  # (not "files don't count")
        rest = _THE_NUMBER.sub(" ", rest)
    rest = _ORDERED.sub(" order ", rest)  # "fastest first": an order, not the first line
    rest = SWITCHED.sub(lambda m: " enabled " if m.group(1).lower() == "on" else " disabled ",
                         rest)  # ("on" is a filler word)
    for name in named:
        rest = rest.replace(name, " ")
    # ("no duplicates", "each once": the distinct values; "A to Z": sorted)
    rest = plain_asking(rest)  # ("no duplicates": distinct; "more than 10": a bound …)
    # what the task rules out ("not the dev extras", "except the drafts") is not wanted
    excluded = frozenset().union(*(words(m) for m in _EXCLUDED.findall(rest)))
    rest = _EXCLUDED.sub(" ", rest)
    wanted, files = words(rest) | kinds(rest), words(" ".join(named)) | words(rest)
    scored: dict[str, float] = {}
    own: dict[str, int] = {}  # on a tie, the value more of the task's own words name
    for fact in facts:
        if fact.value and fact.needs <= wanted:
            # (a list is no answer to "how many")
            score = _score(fact, wanted, files, excluded, lines) - 0.5 * bool(
                counting and "\n" in fact.value and not fact.key & COUNTED)
            scored[fact.value] = max(score, scored.get(fact.value, -99.0))
            own[fact.value] = max(len((fact.key & wanted) - STRUCTURE),
                                  own.get(fact.value, 0))
    best = sorted((v for v in scored if scored[v] >= threshold),
                  key=lambda v: (-scored[v], -own[v]))
    return [v for v in best if scored[v] >= scored[best[0]] - 0.25][:MAX_FACTS]


def operands(facts: Iterable[Fact], values: Iterable[str]) -> frozenset[str]:
    """The words of the task the facts of ``values`` were computed with (the value a group
    of rows shares, a number the task gives to multiply by): the task's operands, not what
    it asks to write."""
    chosen = set(values)
    return frozenset(w for f in facts if f.value in chosen for w in f.needs)
