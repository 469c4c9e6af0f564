"""A quantity asked by its unit, and a value of a named shape under a named heading, for
the derived-value verifier (``verifying_derived``):
"how many minutes is the hold at the top" is the number written before "minutes" (or its
short form, "min") on the one line of the source that also holds the task's other words
("a hold of 15 minutes at the top"). Several such numbers on that line, or several lines
that fit: nothing is derived ("bake 45 minutes, then rest 10 minutes": which one the oven
takes is not said in the file's words).
"""

from __future__ import annotations

import re

from autonomo.agent.finishing_record import without
from autonomo.agent.strategies.values import scan
from autonomo.agent.verifying_expected import Expected, singular, unexplained
from autonomo.agent.verifying_sources import FUNCTION_WORDS, words

#: units and their short forms (a closed lexicon)
_UNITS = {
    "minute": ("min", "mins"), "hour": ("h", "hr", "hrs"), "second": ("s", "sec", "secs"),
    "day": ("d",), "week": ("wk", "wks"), "gram": ("g",), "kilogram": ("kg", "kgs"),
    "milligram": ("mg",), "litre": ("l",), "liter": ("l",), "millilitre": ("ml",),
    "milliliter": ("ml",), "kilometre": ("km",), "kilometer": ("km",), "metre": ("m",),
    "meter": ("m",), "centimetre": ("cm",), "centimeter": ("cm",), "millimetre": ("mm",),
    "millimeter": ("mm",), "mile": ("mi",), "degree": ("°", "°c", "°f"), "calorie": ("kcal",
                                                                                      "cal"),
    "percent": ("%",), "kilowatt": ("kw",), "watt": ("w",), "volt": ("v",),
}
#: units of one measure: a line that gives the same measure in another unit too ("1 hour
#: 15 minutes") asks for a sum, not the number before the unit
_MEASURES = ({"minute", "hour", "second", "day", "week"}, {"gram", "kilogram", "milligram"},
             {"litre", "liter", "millilitre", "milliliter"},
             {"kilometre", "kilometer", "metre", "meter", "centimetre", "centimeter",
              "millimetre", "millimeter", "mile"})
#: the task names the unit it asks in: "how many minutes", "how much … in grams"
_ASKED = re.compile(r"\bhow\s+(?:many|much)\s+([A-Za-z]+)|\bin\s+([A-Za-z]+)\s*[?.!]|"
                    r"\bnumber\s+of\s+([A-Za-z]+)", re.IGNORECASE)
#: words of asking a quantity
_QUANTITY = {"how", "many", "much", "long", "far", "big", "heavy", "old", "number", "figure",
             "amount", "quantity", "just", "only", "digits"}
_NUMBER = r"(-?\d+(?:[.,]\d+)?)"


def _forms(unit: str) -> tuple[str, ...]:
    base = singular(unit.lower())
    return (base, base + "s", *_UNITS.get(base, ()))


def unit_value(task: str, source: str, text: str, names: list[str],
               answer_words: set[str]) -> list[Expected]:
    """The number before the unit the task asks in, on the one line of ``source`` that holds
    every other word of the task (each once on that line)."""
    bare = without(task, names)
    asked = {g.lower() for m in _ASKED.finditer(bare) for g in m.groups() if g}
    units = [u for u in asked if singular(u) in _UNITS]
    if len(units) != 1:
        return []
    forms = _forms(units[0])
    pattern = re.compile(rf"(?<![\w.]){_NUMBER}\s?(?:{'|'.join(map(re.escape, forms))})(?!\w)",
                         re.IGNORECASE)
    said = {w for w in words(bare) if w not in FUNCTION_WORDS} - set(forms)
    stem = set(words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0]))
    left = unexplained(said | answer_words, _QUANTITY | stem | set(forms))
    others = [f for unit in next((m for m in _MEASURES if singular(units[0]) in m), ())
              if unit != singular(units[0]) for f in _forms(unit)]
    mixed = re.compile(rf"(?<![\w.]){_NUMBER}\s?(?:{'|'.join(map(re.escape, others))})(?!\w)",
                       re.IGNORECASE) if others else None
    fits = []
    for line in text.splitlines():
        found = pattern.findall(line)
        if found and not unexplained(left, set(words(line))):
            fits.append(found + (["(mixed)"] if mixed and mixed.search(line) else []))
    if len(fits) != 1 or len(fits[0]) != 1:
        return []
    return [Expected(f"the number of {units[0]} in {source}", fits[0][0])]


_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
#: the words a task names a value's shape by (the kinds ``values.scan`` tells apart)
_KINDS = {"email": {"email", "e", "mail", "address"}, "url": {"url", "link", "website", "site"},
          "time": {"time", "when"}, "date": {"date", "day", "when"},
          "phone": {"phone", "number", "telephone"}}


def section_value(task: str, source: str, text: str, names: list[str],
                  answer_words: set[str]) -> list[Expected]:
    """The one value of the shape the task names ("the support e-mail address") in the one
    section of a markdown text whose heading the task says ("## Support"), every other word
    of the task one of that shape's names, the heading's, or its value's line."""
    if not source.lower().endswith((".md", ".markdown")):
        return []
    said = {w for w in words(without(task, names)) if w not in FUNCTION_WORDS}
    kinds = [k for k, named in _KINDS.items()
             if said & named - {"number", "address", "e", "when"}]
    sections: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if head := _HEADING.match(line):
            sections.append((head.group(1), []))
        elif sections:
            sections[-1][1].append(line)
    hit = [(head, lines) for head, lines in sections
           if words(head) and not unexplained(set(words(head)), said | answer_words)]
    if len(kinds) != 1 or len(hit) != 1:
        return []
    found = [(line, v.text) for line in hit[0][1] for v in scan(line) if v.kind == kinds[0]]
    if len(found) != 1:
        return []
    stem = set(words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0]))
    if unexplained(said | answer_words, {*_KINDS[kinds[0]], *words(hit[0][0]),
                                         *words(found[0][0]), *stem, *_QUANTITY}):
        return []
    return [Expected(f"the {kinds[0]} under {hit[0][0]!r} in {source}", found[0][1])]


#: words that only ask for what a mark marks ("which stop is SHUT", "the names marked DONE")
_MARKED = {"mark", "marks", "marked", "name", "names", "which", "who", "item", "items",
           "entry", "entries", "one", "is", "are", "as", "flagged", "labelled", "labeled"}


#: how a list is laid out ("one per line", "a line each", "each on its own line")
_LAYOUT = re.compile(r"\b(?:one|each|a)\s+(?:per|a|on\s+(?:its|a|their)\s+own)\s+line\b|"
                     r"\ba\s+line\s+each\b|\bper\s+line\b", re.IGNORECASE)


def marked_items(task: str, source: str, text: str, names: list[str],
                 answer_words: set[str]) -> list[Expected]:
    """The items of the lines of ``source`` the one word in capitals the task names marks,
    the mark and what separates it taken off ("Mill Lane SHUT": Mill Lane); not when the
    task asks for lines, and every other word accounted for."""
    bare = _LAYOUT.sub(" ", without(task, names))  # ("one per line" asks for no lines)
    marks = set(re.findall(r"\b[A-Z]{2,}\b", bare))
    said = {w for w in words(bare) if w not in FUNCTION_WORDS}
    asked = set(words(bare))  # (a name of what is marked: "which stop", "who", "its name")
    if len(marks) != 1 or asked & {"line", "lines", "row", "rows", "whole", "full"} \
            or not asked & {"name", "names", "which", "who"}:
        return []
    mark = marks.pop()
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    held = [x for x in lines if re.search(rf"\b{mark}\b", x)]
    stem = set(words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0]))
    if not 0 < len(held) < len(lines) or unexplained(said | answer_words,
                                                     {mark.lower(), *_MARKED, *stem}):
        return []
    items = tuple(re.sub(rf"\s*\b{mark}\b\s*", " ", x).strip(" \t-–—:;,.|()[]*#") for x in held)
    if not all(items):
        return []
    return [Expected(f"the items of {source} marked {mark}", items=items)]
