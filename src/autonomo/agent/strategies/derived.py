"""Values derived from a file for what a task asks of it: a value of the kind it names (a
time, a date), and the rows or numbers past a bound it states ("longer than 10 km").

``facts`` keys a file's values by the words around them; a 135M model then still writes a
word of the task when the value asked for is a time inside a sentence ("I can come by at
3:30") or a list filtered by a bound. Here those values are facts too, keyed so that the
task's words find them. Nothing here knows a task.

Lexicon (closed, documented): the kinds of value — ``time``/``when``/``clock``/``hour`` for
a clock time, ``date``/``day``/``when`` for a date; the comparisons — ``more``, ``greater``,
``longer``, ``higher``, ``bigger``, ``larger``, ``heavier``, ``older``, ``over``, ``above``,
``exceeding`` (more than), ``less``, ``fewer``, ``shorter``, ``lower``, ``smaller``,
``lighter``, ``younger``, ``under``, ``below`` (less than), ``at least``, ``at most``; a
markdown file's parts — ``headings``/``sections``/``titles``, ``questions``, ``items``/
``entries``/``bullets``/``points``; a unit squared — ``square``, ``sq``, ``²``, ``m2`` (an
area: the product of two lengths in one unit).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable

from autonomo.agent.csv_text import table_rows
from autonomo.agent.strategies import (
    algebra,
    datatypes,
    dates,
    documents,
    facts,
    ranking,
    scaled,
    values,
)
from autonomo.agent.strategies.facts import COUNT_WORDS, LIST_WORDS, Fact, fact, words
from autonomo.agent.strategies.values import MONTHS

#: a clock time ("3:30", "07:05", "9:15 pm"), not a piece of a lap time ("1:34.2")
_TIME = re.compile(r"(?<![\d:.])\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?(?![\d:]|\.\d)",
                   re.IGNORECASE)
_MONTH = "|".join(m[:3] + f"(?:{m[3:]})?" for m in MONTHS)
#: a date: "2025-03-14", "14/03/2025", "12 August", "August 12, 2025"
_DATE = re.compile(rf"(?<![\w-])(?:\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}|"
                   rf"\d{{1,2}}\s+(?:{_MONTH})\b(?:\s+\d{{4}})?|"
                   rf"(?:{_MONTH})\s+\d{{1,2}}\b(?:,?\s+\d{{4}})?)(?![\w-])", re.IGNORECASE)
_KINDS = ((_TIME, "time when clock hour"), (_DATE, "date day when"))
_NEAR = 4

_MORE = "more greater longer higher bigger larger heavier older over above exceeding"
_LESS = "less fewer shorter lower smaller lighter younger under below"
_COMPARE = re.compile(
    rf"\b(?:(at least|at most)|({'|'.join(_MORE.split())})|({'|'.join(_LESS.split())}))"
    r"(?:\s+than)?\s+(-?\d+(?:\.\d+)?)\b", re.IGNORECASE)


def typed_facts(src: str, text: str) -> list[Fact]:
    """The times and dates of a text, each keyed by the words of its kind and the words
    next to it (the times of a line after its first: also "first" keyed)."""
    out: list[Fact] = []
    for line in text.splitlines():
        for pattern, kind in _KINDS:
            for n, found in enumerate(pattern.finditer(line)):
                before = line[:found.start()].split()[-_NEAR:]
                after = line[found.end():].split()[:_NEAR]
                first = "first earliest" if n == 0 else ""
                out.append(fact(f"{kind} {first} {' '.join(before + after)}",
                                found.group(0).strip(), src))
    return out


def bounds(task: str) -> list[tuple[Callable[[float, float], bool], str]]:
    """The comparisons a task states: (how a value compares, the bound as written)."""
    out = []
    for found in _COMPARE.finditer(task):
        edge, more, _, number = found.groups()
        test = {"at least": operator.ge, "at most": operator.le}.get(
            (edge or "").lower(), operator.gt if more else operator.lt)
        out.append((test, number))
    return out


def _float(text: str) -> float | None:
    try:
        return float(text.strip())
    except ValueError:
        return None


def bounded_facts(name: str, text: str, task: str) -> list[Fact]:
    """For each bound the task states: the rows of a CSV (by each numeric column) or the
    numbers of a file of numbers past it — how many, and the other columns' cells; each
    fact needs the bound's number in the task (it is an operand, not the answer)."""
    found = bounds(task)
    if not found:
        return []
    src = " ".join(re.findall(r"[A-Za-z]+|\d+", name.rsplit(".", 1)[0]))
    out: list[Fact] = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    numbers = [_float(line) for line in lines]
    for test, bound in found:
        limit, needs = float(bound), words(bound)
        made: list[Fact] = []
        if len(lines) > 1 and all(n is not None for n in numbers):
            kept = [line for line, n in zip(lines, numbers, strict=True)
                    if test(n, limit)]  # type: ignore[arg-type]
            made += [fact(f"numbers values lines {bound} {COUNT_WORDS}", len(kept), src),
                     fact(f"numbers values lines {bound} {LIST_WORDS}", "\n".join(kept), src)]
        elif name.lower().endswith(".csv"):
            made += _bounded_rows(src, text, test, limit, bound)
        else:
            made += _bounded_items(src, lines, test, limit, bound)
        out += [Fact(f.key, f.value, f.source, needs, f.label) for f in made if f.value]
    return out


#: a line naming an item with one amount: "milk 1.15", "desk - 18 kg", "Tea: €2.50"
_ITEM_AMOUNT = re.compile(r"^(?P<item>[^\d\n]*?[A-Za-z][^\d\n]*?)[\s:,;=–—-]*[€$£]?\s*"
                          r"(?P<amount>-?\d+(?:[.,]\d+)?)\s*(?:[A-Za-z€$£%]{1,8}\.?)?$")


def item_amount(line: str) -> tuple[str, float] | None:
    """(item, amount) of a line naming an item with one amount ("milk 1.15"), or None."""
    found = _ITEM_AMOUNT.match(line.strip())
    return (found.group("item").strip(), float(found.group("amount").replace(",", "."))
            ) if found else None


#: superlatives of an amount, by the end they pick (closed lists of English)
_TOP = ("largest biggest highest maximum max most greatest longest farthest furthest heaviest "
        "tallest oldest hottest warmest deepest widest top")
_BOTTOM = ("smallest lowest minimum min least fewest shortest cheapest nearest closest lightest "
           "youngest coldest coolest shallowest narrowest bottom")


def item_extremes(src: str, text: str) -> list[Fact]:
    """The item with the largest and the one with the smallest amount of a list of one
    amount a line ("Oslo 1680": "the farthest city" is ``Oslo``), each alone."""
    lines = [line for line in text.splitlines() if line.strip()]
    found = [item_amount(line) for line in lines[:300]]
    if len(lines) < 2 or len(lines) > 300 or not all(found):
        return []
    pairs = [f for f in found if f]
    amounts = [a for _, a in pairs]
    out = []
    for pick, label in ((max, _TOP), (min, _BOTTOM)):
        best = pick(amounts)
        if amounts.count(best) == 1:
            out.append(fact(f"{label} name item which", pairs[amounts.index(best)][0], src))
    return out


def _bounded_items(src: str, lines: list[str], test: Callable[[float, float], bool],
                   limit: float, bound: str) -> list[Fact]:
    """The items of a list of one amount a line ("milk 1.15") whose amount is past the
    bound: their names (the amounts are what picks them), and how many."""
    found = [item_amount(line) for line in lines]
    if len(lines) < 2 or not all(found):
        return []
    kept = [(m[0], line) for m, line in zip(found, lines, strict=True)
            if m and test(m[1], limit)]
    if not 0 < len(kept) < len(lines):
        return []
    return [fact(f"items names {bound} {LIST_WORDS}", "\n".join(i for i, _ in kept), src),
            fact(f"items lines {bound} {COUNT_WORDS}", len(kept), src)]


def _bounded_rows(src: str, text: str, test: Callable[[float, float], bool], limit: float,
                  bound: str) -> list[Fact]:
    rows = table_rows(text)
    if len(rows) < 3:
        return []
    head, body = rows[0], [r for r in rows[1:] if len(r) == len(rows[0])]
    out: list[Fact] = []
    for col, title in enumerate(head):
        cells = [_float(r[col]) for r in body]
        if any(c is None for c in cells):
            continue
        kept = [r for r, c in zip(body, cells, strict=True) if test(c, limit)]  # type: ignore[arg-type]
        if not 0 < len(kept) < len(body):
            continue  # a column the bound does not split is not the one compared
        out.append(fact(f"{title} {bound} rows {COUNT_WORDS}", len(kept), src, own=title))
        out += [fact(f"{title} {bound} {head[i]} {LIST_WORDS}",
                     "\n".join(r[i].strip() for r in kept), src, own=head[i])
                for i in range(len(head)) if i != col]
    return out


#: the parts of a markdown text, by what its lines begin or end with
_MARKDOWN = ((re.compile(r"^#+\s"), "headings heading sections titles"),
             (re.compile(r"\?\s*$"), "questions question asked"),
             (re.compile(r"^\s*(?:[-*+]|\d+[.)])\s"), "items entries bullets points"))


#: a heading marker the task writes out alone ("the ## headings"): the level it asks for
#: (the deepest one written, from ``##``: a lone "#" names the mark as often as a level,
#: "without the # marks")
_LEVEL = re.compile(r"(?<!\S)(#{2,6})(?!\S)")


def markdown_facts(src: str, text: str, task: str = "") -> list[Fact]:
    """How many headings, questions and list items a markdown text has, and their texts;
    of the headings, also their texts without the marks (of the level whose marker the task
    writes, when it writes one: "the ## headings")."""
    lines = text.splitlines()
    out: list[Fact] = []
    level = max((len(m) for m in _LEVEL.findall(task)), default=0)
    for pattern, kind in _MARKDOWN[1:] if level else _MARKDOWN:  # (a level: not all of them)
        found = [line.strip() for line in lines if pattern.search(line)]
        if found:
            out += [fact(f"{kind} {COUNT_WORDS}", len(found), src),
                    fact(f"{kind} {LIST_WORDS}", "\n".join(found), src)]
    heads = [line.strip() for line in lines if _MARKDOWN[0][0].search(line)]
    if level:
        heads = [h for h in heads if len(h) - len(h.lstrip("#")) == level]
    if heads:
        bare = [h.lstrip("#").strip() for h in heads]
        out += [fact(f"{_MARKDOWN[0][1]} {COUNT_WORDS}", len(bare), src),
                fact(f"{_MARKDOWN[0][1]} {LIST_WORDS}", "\n".join(bare), src)]
    return out


#: a length with its unit ("2.4 m", "180cm", "12 ft")
_LENGTH = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?(mm|cm|m|km|in|ft|yd)\b")
#: a unit squared: what an area is asked in ("square metres", "sq ft", "m²", "m2")
_SQUARED = re.compile(r"\bsquare\b|\bsq\b|²|\b(?:mm|cm|m|km|ft)2\b", re.IGNORECASE)


def area_facts(src: str, text: str, task: str) -> list[Fact]:
    """The product of a text's two lengths in one unit, when the task asks for a value in a
    unit squared: an area (the rug's 1.7 m and 2.4 m: 4.08)."""
    lengths = _LENGTH.findall(text)
    if not _SQUARED.search(task) or len(lengths) != 2 or lengths[0][1] != lengths[1][1]:
        return []
    area = float(lengths[0][0]) * float(lengths[1][0])
    return [fact(f"area square sq squared surface size {lengths[0][1]}", f"{round(area, 6):g}",
                 src)]


def derived_facts(name: str, text: str, task: str) -> list[Fact]:
    """The derived values of one file's text for ``task``."""
    src = " ".join(re.findall(r"[A-Za-z]+|\d+", name.rsplit(".", 1)[0]))
    shaped = markdown_facts(src, text, task) + documents.markdown_facts(
        name, src, text, task) if name.lower().endswith(".md") else []
    return (typed_facts(src, text) + bounded_facts(name, text, task) + shaped
            + datatypes.typed_facts(name, text, task) + area_facts(src, text, task)
            + algebra.algebra_facts(name, src, text, task,
                                    frozenset(b for _, b in bounds(task)))
            + dates.date_facts(src, text, task) + dates.clock_facts(src, text, task)
            + (item_extremes(src, text) if name.lower().endswith(".txt") else [])
            + kind_facts(src, text, task) + documents.noted_facts(src, text)
            + documents.marked_facts(src, text)
            # (a number read, changed by the one operation the task states: "double it")
            + (scaled.scaled_facts(facts.file_facts(name, text), task, text)
               if scaled.operation(task) else []))


#: the words a task names the values of a shape with, when it lists or counts them
_KIND_WORDS = {"email": "email e mail address", "url": "url link website address",
               "ip": "ip address", "phone": "phone number", "colour": "colour color hex"}


#: a task that asks for many values, not one ("every address", "the links", "list")
_MANY = re.compile(r"\b(?:every|all|each|list|(?:e-?mail|address|link|url|ip|phone|colou?r)e?s)\b",
                   re.IGNORECASE)


def kind_facts(src: str, text: str, task: str) -> list[Fact]:
    """The values of a shape in a text, listed and counted under the shape's words ("every
    e-mail address in it", "how many links"), when it holds more than one and the task asks
    for more than one."""
    if not _MANY.search(task):
        return []
    found: dict[str, list[str]] = {}
    for value in values.scan(text):
        if value.kind in _KIND_WORDS:
            found.setdefault(value.kind, []).append(value.text)
    out: list[Fact] = []
    for kind, texts in found.items():
        if len(texts := list(dict.fromkeys(texts))) > 1:
            out += [fact(f"{_KIND_WORDS[kind]} {LIST_WORDS}", "\n".join(texts), src),
                    fact(f"{_KIND_WORDS[kind]} {COUNT_WORDS}", len(texts), src)]
    return out


_ASKED = ((re.compile(r"\b(?:time|clock|hour)\b", re.I), _TIME),
          (re.compile(r"\b(?:date|day)\b", re.I), _DATE))


def kind_first(task: str, stated: list[str], values: list[str]) -> list[str]:
    """``stated`` without its bare numbers when the task asks for a value of a kind (a time,
    a date) and one of ``values`` is of it: "the first line 3 bus … the time" asks for a
    time, and 3 only says which line."""
    for asks, kind in _ASKED:
        if asks.search(task) and any(kind.fullmatch(v) for v in values):
            return [s for s in stated if kind.fullmatch(s) or not re.fullmatch(r"-?[\d.]+", s)]
    return stated


#: "write yes or no", "answer true or false": the answers a task allows, one word each
_EITHER_OR = re.compile(r"\b(?:write|answer|put|say|save|reply|with|just)\s+(?:either\s+)?"
                        r"['\"]?([\w-]+)['\"]?\s+or\s+['\"]?([\w-]+)['\"]?", re.IGNORECASE)
_YES = {"yes": "no", "true": "false", "y": "n"}
#: words of a yes/no question that are not what it asks about
_QUESTION = {"is", "are", "does", "do", "did", "was", "were", "there", "any", "my", "our",
             "your", "their", "contain", "contains", "include", "includes", "listed", "list",
             "present", "mentioned", "appear", "appears", "somewhere", "yes", "no", "true",
             "false", "either", "answer", "reply", "say", "just"}


def alternatives(task: str, seen: dict[str, str], skipped: frozenset[str]
                 ) -> tuple[list[str], list[str]]:
    """The answers a task allows ("yes or no"); of a yes/no question about files it has
    seen (``seen``: name → text), only the one their text gives: "yes" when a word the
    question is about (not an instruction's, a file name's or a question's word) is in
    them. Returns (the answers offered, the answer the files rule out)."""
    found = _EITHER_OR.search(task)
    if not found:
        return [], []
    first, second = found.groups()
    pair = {first.lower(), second.lower()}
    yes = next((y for y, n in _YES.items() if {y, n} == pair), None)
    if yes is None or not seen:
        return [first, second], []
    rest = task
    for name in seen:
        rest = rest.replace(name, " ")
    names = {w.lower() for name in seen for w in re.findall(r"[A-Za-z]+", name)}
    about = {w.lower() for w in re.findall(r"[A-Za-z]+", rest)} - skipped - _QUESTION - {
        n.rstrip("s") for n in names} - names
    held = {w.lower() for text in seen.values() for w in re.findall(r"[A-Za-z]+", text)}
    # (the answer alone: a 135M model picks "yes" whatever comes first)
    answer = yes if about & held else _YES[yes]
    return ([w for w in (first, second) if w.lower() == answer],
            [w for w in (first, second) if w.lower() != answer])


def ranked_of_kind(known: list[Fact], task: str, named: tuple[str, ...]) -> list[str]:
    """The values the task points at, of the shape it names when it names one: ranked among
    the values of that shape, which need only be near its words (``facts.NEAR``: "the
    coordinator's address" of a line "Coordinator: Ann Lee (ann@x.example)", whose words
    are mostly the address's own); else all values, ranked, of that shape if some are."""
    if kinds := values.named_kinds(task):
        typed = [f for f in known if values.kind_of_all(f.value) in kinds]
        if found := ranking.rank(typed, task, named, facts.NEAR):
            return found
    return values.of_named_kind(task, ranking.rank(known, task, named))


#: the things of a folder a task lists: its folders or files, plural
_LISTED = re.compile(r"\b(?:sub-?folders|folders|sub-?directories|directories|dirs|files)\b",
                     re.IGNORECASE)


def not_listed_folder(values: list[str], folders: list[str], task: str) -> list[str]:
    """``values`` but a folder the task names when it lists its folders or files: "the
    subfolders of projects_2026" is no text "projects_2026" (the workspace's one folder)."""
    if not _LISTED.search(task):
        return values
    return [v for v in values if not (v.strip("/") in folders and re.search(
        rf"(?<![\w/.-]){re.escape(v.strip('/'))}(?![\w-])", task))]


def without_selectors(stated: list[str], found: list[str], texts: dict[str, str],
                      asks: list[str], folders: list[str]) -> list[str]:
    """``stated`` but, in a question answered by a value read (``found``), the values it
    states that a file read holds ("the combination of locker 17", "requests that ended with
    a 404", "DeepPour 90") or that name a folder ("in scans/"): what the question is about,
    not its answer."""
    if not asks:
        return stated
    return [t for t in stated if t.strip("/") not in folders and not (found and any(
        re.search(rf"(?<![\w.]){re.escape(t)}(?![\w]|\.\d)", text) for text in texts.values()))]
