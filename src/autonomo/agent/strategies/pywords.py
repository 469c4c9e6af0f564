"""Python functions and scripts described in words, composed by construction.

"Write geometry.py with a function circle_area(r) that returns the area of a circle of
radius r", "a function to_slug(text) that lowercases the text and replaces spaces with
hyphens", "a script that prints its first argument in capital letters". The signature comes
from the task as it spells it (the function's name, its parameters' names); the body is the
subject (a parameter, a script's argument or a file it reads) put through the operations
the task's words describe, in their order, from a small vocabulary of general operations
(text: case, strip, replace, remove, reverse, count, split, initials; numbers: parity,
sign, absolute value, rounding, bounds; lists: sum, length, largest, smallest, sorted,
average, unique) and common named quantities (areas, temperatures, leap years). A clause
with words no operation explains composes nothing (a 135M model offered only wrong code
writes it; offered nothing, it writes nothing). Every text parses (``ast.parse``) and names
nothing but its parameters and the safe names a body may call.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass

#: "circle_area(r)", "clamp(value, low, high)", "add(a, b)"
_SIGNATURE = re.compile(r"\b([A-Za-z_]\w*)\s*\(\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)?\s*\)")
#: "prints <phrase>", "that prints the text <phrase>"
PRINTS = re.compile(r"\b(?:prints?|outputs?|displays?|says?)\s+(?:out\s+)?(?:the\s+(?:text|"
                    r"words?|message|phrase|line|string)\s+)?(.+?)\s*(?:[;]|\.\s|\.?$)")
#: what a function or script does, after its signature or its file name, to the sentence end
_CLAUSE_END = re.compile(r"(?:[;]|\.\s|\.?$)")

#: words that carry no operation (articles, links, the words naming the subject's kind)
_FILLER = frozenset([
    "a", "an", "the", "it", "its", "it's", "their", "them", "they", "this", "that", "which",
    "who", "to", "of", "in", "on", "for", "from", "into", "by", "with", "as", "is", "are", "be",
    "being", "was", "and", "then", "also", "after", "before", "finally", "so",
    "should", "must", "will", "would", "can", "could", "returns", "return", "returning",
    "gives", "give", "giving", "yields", "yield", "takes", "take", "taking", "accepts",
    "accept", "given", "passed", "input", "inputs", "result", "value", "values", "answer",
    "new", "version", "copy", "out", "back", "function", "method", "def", "module", "script",
    "program", "file", "python", "py", "called", "named", "defining", "defines", "define",
    "text", "string", "strings", "word", "words", "str", "name", "names", "number", "numbers",
    "num", "list", "lists", "items", "item", "elements", "element", "array", "sequence",
    "argument", "arguments", "arg", "args", "parameter", "parameters", "param", "true", "false",
    "true,", "false,", "otherwise", "else", "if", "when", "whether", "or", "one", "all",
    "every", "each", "any", "only", "just", "plain", "whole", "full", "single", "same", "lines",
    "line", "up", "down", "how", "many", "much", "there", "command", "command-line",
    "commandline", "cli", "line's", "run", "running", "when", "do", "does", "done", "make",
    "makes", "made", "temperature", "degrees", "length", "weight", "time", "duration",
    "price", "amount", "amounts", "distance", "speed", "size", "score", "scores", "integer",
    "integers", "entries", "entry", "ones",
    "year", "years", "own", "converts", "convert", "converted", "converting", "turns", "turn",
    "turned", "changes", "change", "changed", "transforms", "transform", "computes", "compute",
    "calculates", "calculate", "works", "worked", "tells", "tell", "checks", "check", "says"])
#: a character or piece of text by its name ("replaces spaces with hyphens")
_CHARACTERS = {
    "space": " ", "spaces": " ", "blank": " ", "blanks": " ", "whitespace": " ",
    "hyphen": "-", "hyphens": "-", "dash": "-", "dashes": "-", "minus sign": "-",
    "underscore": "_", "underscores": "_", "comma": ",", "commas": ",",
    "dot": ".", "dots": ".", "period": ".", "periods": ".", "full stop": ".",
    "full stops": ".", "slash": "/", "slashes": "/", "colon": ":", "colons": ":",
    "semicolon": ";", "semicolons": ";", "tab": "\t", "tabs": "\t",
    "newline": "\n", "newlines": "\n", "line break": "\n", "line breaks": "\n",
    "plus sign": "+", "plus signs": "+", "nothing": "", "an empty string": "",
}
_CHARACTER = (r"(?:\"[^\"\n]{1,20}\"|'[^'\n]{1,20}'|"
              + "|".join(sorted((re.escape(k) for k in _CHARACTERS), key=len, reverse=True))
              + ")")


def _literal(raw: str) -> str:
    """A character's name or a quoted piece as a Python literal."""
    raw = raw.strip()
    if raw[:1] in "\"'" and raw[-1:] == raw[:1] and len(raw) > 1:
        return repr(raw[1:-1])
    return repr(_CHARACTERS[raw.lower()])


@dataclass(frozen=True)
class _Op:
    """One operation of the vocabulary: the words that describe it, and what it makes of the
    expression so far (``e``) given the match and the parameters (``ps``)."""

    words: re.Pattern[str]
    make: Callable[[str, re.Match[str], tuple[str, ...]], str | None]
    #: whether it needs math (``import math``)
    math: bool = False
    #: the kinds of value it takes (``s`` text, ``n`` number, ``l`` list, ``b`` truth, ``*``
    #: any) and the kind it gives (``=`` the one it took, ``?`` unknown)
    takes: str = "*"
    gives: str = "?"

    @property
    def test(self) -> bool:
        """A test of a number ("even", "positive"): before a noun of items, a filter."""
        return self.takes == "n" and self.gives == "b"

    @property
    def by_unit(self) -> bool:
        """An operation on the items of a text or list (reverse, sort, unique, first): of a
        text's characters, never its words."""
        return self.takes == "sl" and self.gives in "=l?"


def _op(kinds: str, words: str,
        make: Callable[[str, re.Match[str], tuple[str, ...]], str | None],
        math: bool = False) -> _Op:
    takes, gives = kinds.split(">")
    return _Op(re.compile(words, re.IGNORECASE), make, math, takes, gives)


def _others(ps: tuple[str, ...], e: str) -> list[str]:
    return [p for p in ps if p != e]


def _bounded(e: str, m: re.Match[str], ps: tuple[str, ...]) -> str | None:
    low_high = _others(ps, e)
    if len(low_high) == 2:
        return f"max({low_high[0]}, min({e}, {low_high[1]}))"
    numbers = re.findall(r"-?\d+(?:\.\d+)?", m.group(0))
    return f"max({numbers[0]}, min({e}, {numbers[1]}))" if len(numbers) == 2 else None


def _of_all(call: str) -> Callable[[str, re.Match[str], tuple[str, ...]], str | None]:
    """``call`` of a list (one parameter) or of all the parameters (several)."""
    def make(e: str, m: re.Match[str], ps: tuple[str, ...]) -> str | None:
        return f"{call}({e})" if len(ps) <= 1 or e not in ps else f"{call}({', '.join(ps)})"
    return make


def _average(e: str, m: re.Match[str], ps: tuple[str, ...]) -> str:
    if len(ps) > 1 and e in ps:
        return f"({' + '.join(ps)}) / {len(ps)}"
    return f"sum({e}) / len({e})"


def _parity(e: str, m: re.Match[str], ps: tuple[str, ...]) -> str:
    """Even or odd, as the first of the words says; the other when "False" comes before it
    ("False for odd n and True for even n")."""
    even = re.sub(r"^(?:is|are)\s+", "", m.group(0).lower()).startswith("even")
    if re.search(r"\bfalse\b\W*(?:\w+\W+){0,2}$", m.string[:m.start()], re.IGNORECASE):
        even = not even
    return f"{e} % 2 == {0 if even else 1}"


#: units of a quantity and their size in its first unit (length in metres, mass in
#: kilograms, time in seconds, volume in litres, speed in metres per second)
_UNITS: tuple[tuple[str, str, float], ...] = (
    (r"kilomet(?:re|er)s?|kms?", "length", 1000.0), (r"miles?", "length", 1609.344),
    (r"met(?:re|er)s?", "length", 1.0), (r"feet|foot|ft", "length", 0.3048),
    (r"inch(?:es)?", "length", 0.0254), (r"centimet(?:re|er)s?|cm", "length", 0.01),
    (r"millimet(?:re|er)s?|mm", "length", 0.001), (r"yards?", "length", 0.9144),
    (r"kilo(?:gram)?s?|kg", "mass", 1.0), (r"grams?", "mass", 0.001),
    (r"pounds?|lbs?", "mass", 0.45359237), (r"ounces?|oz", "mass", 0.028349523125),
    (r"seconds?|secs?", "time", 1.0), (r"minutes?|mins?", "time", 60.0),
    (r"hours?|hrs?", "time", 3600.0), (r"days?", "time", 86400.0),
    (r"weeks?", "time", 604800.0), (r"lit(?:re|er)s?", "volume", 1.0),
    (r"millilit(?:re|er)s?|ml", "volume", 0.001),
    (r"km/h|kmh|kph|kilomet(?:re|er)s per hour", "speed", 1 / 3.6),
    (r"m/s|met(?:re|er)s per second", "speed", 1.0), (r"mph|miles per hour", "speed", 0.44704),
    (r"celsius|centigrade|c", "temperature", 0.0), (r"fahrenheit|f", "temperature", 0.0),
    (r"kelvin|k", "temperature", 0.0),
)
_UNIT = "(?:" + "|".join(sorted((u for u, _, _ in _UNITS), key=len, reverse=True)) + ")"
#: a temperature from one scale to another ({} the value)
_SCALES = {("c", "f"): "{} * 9 / 5 + 32", ("f", "c"): "({} - 32) * 5 / 9",
           ("c", "k"): "{} + 273.15", ("k", "c"): "{} - 273.15",
           ("f", "k"): "({} - 32) * 5 / 9 + 273.15", ("k", "f"): "({} - 273.15) * 9 / 5 + 32"}


def _unit(word: str) -> tuple[str, str, float] | None:
    """(the unit's first spelling, its quantity, its size) of a unit's name, or None."""
    for spelling, quantity, size in _UNITS:
        if re.fullmatch(spelling, word, re.IGNORECASE):
            return spelling, quantity, size
    return None


def _converted(e: str, m: re.Match[str], ps: tuple[str, ...]) -> str | None:
    """``e`` converted to the unit after "in"/"to"; from the unit before it, else the one a
    parameter is named after ("to_miles(km)"), else (temperatures) the other common scale."""
    to = _unit(m.group(2))
    source = next((u for u in (m.group(1), e, *ps) if u and _unit(u)), None)
    if to is None:
        return None
    if to[1] == "temperature":
        scale = to[0][0]
        came = _unit(source)[0][0] if source and _unit(source)[1] == "temperature" else (  # type: ignore[index]
            "f" if scale == "c" else "c")
        return _SCALES[(came, scale)].format(e) if (came, scale) in _SCALES else None
    if source is None or (unit := _unit(source)) is None or unit[1] != to[1] or unit == to:
        return None
    # (the shorter of the factor and its inverse: "ft * 0.3048", "km / 1.609344")
    times, by = f"{unit[2] / to[2]:.10g}", f"{to[2] / unit[2]:.10g}"
    return f"{e} * {times}" if len(times) <= len(by) else f"{e} / {by}"


def _compared(e: str, m: re.Match[str], ps: tuple[str, ...]) -> str | None:
    """"a is larger than b": a comparison of two parameters."""
    a, word, b = m.groups()
    if a not in ps or b not in ps:
        return None
    sign = ">" if word in ("larger", "greater", "bigger", "more", "higher", "above") else (
        "==" if word in ("equal to", "the same as") else "<")
    return f"{a} {sign} {b}"


#: the vocabulary, most specific first (an earlier match takes its words from later ones)
_OPS: tuple[_Op, ...] = (
    # -- named quantities
    _op("n>b", r"\bleap years?\b",
        lambda e, m, ps: f"({e} % 4 == 0 and {e} % 100 != 0) or {e} % 400 == 0"),
    _op("n>n", r"\barea of (?:a |the )?circle\b(?: (?:of|with|from) (?:a |the |its )?radius)?",
        lambda e, m, ps: f"math.pi * {e} ** 2", math=True),
    _op("n>n", r"\b(?:circumference|perimeter) of (?:a |the )?circle\b(?: (?:of|with|from) "
        r"(?:a |the |its )?radius)?", lambda e, m, ps: f"2 * math.pi * {e}", math=True),
    _op("n>n", r"\bvolume of (?:a |the )?sphere\b(?: (?:of|with|from) (?:a |the |its )?radius)?",
        lambda e, m, ps: f"4 / 3 * math.pi * {e} ** 3", math=True),
    _op("n>n", r"\barea of (?:a |the )?square\b(?: (?:of|with|from) (?:a |the |its )?side)?",
        lambda e, m, ps: f"{e} ** 2"),
    _op("n>n", r"\bvolume of (?:a |the )?cube\b(?: (?:of|with|from) (?:a |the |its )?side)?",
        lambda e, m, ps: f"{e} ** 3"),
    _op("*>n", r"\barea of (?:a |the )?(?:rectangle|triangle)\b",
        lambda e, m, ps: (f"{ps[0]} * {ps[1]}" + (" / 2" if "tri" in m.group(0).lower() else ""))
        if len(ps) == 2 else None),
    _op("*>n", r"\bperimeter of (?:a |the )?rectangle\b",
        lambda e, m, ps: f"2 * ({ps[0]} + {ps[1]})" if len(ps) == 2 else None),
    _op("n>n", rf"(?:\b(?:from )?({_UNIT}) )?(?:(?:is )?(?:in|into|to|as)|converted to) "
        rf"(?:degrees )?({_UNIT})\b", _converted),
    _op("n>n", r"\bperimeter of (?:a |the )?square\b(?: (?:of|with|from) (?:a |the |its )?side)?",
        lambda e, m, ps: f"4 * {e}"),
    _op("*>n", r"\bhypotenuse\b", lambda e, m, ps: f"math.hypot({ps[0]}, {ps[1]})" if len(ps) == 2
        else None, math=True),
    _op("n>n", r"\bsquare root\b", lambda e, m, ps: f"math.sqrt({e})", math=True),
    _op("n>b", r"\b(?:is )?(?:an? )?prime(?: number)?\b(?! factor)",
        lambda e, m, ps: f"{e} > 1 and all({e} % d for d in range(2, int({e} ** 0.5) + 1))"),
    _op("n>n", r"\bfactorial\b", lambda e, m, ps: f"math.factorial({e})", math=True),
    # -- numbers
    _op("n>n", r"\b(?:(?:limit|clamp|restrict|bound|constrain)\w*|(?:kept|keep\w*)(?= (?:within|"
        r"between|in the range)))\b(?: (?!(?:to|within|into|in|between|inside)\b)\w+)?"
        r"(?: (?:to|within|into|in|between|inside))?(?: (?:the|a))?(?: range)?"
        r"(?: (?:of|from))?(?: \w+(?:\.\.| to | and |-|, ?)\w+)?", _bounded),
    _op("n>b", r"\b(?:is |are )?(?:even|odd)\b(?:[^.;]*?\b(?:even|odd)\b)?", _parity),
    _op("n>b", r"\b(?:is )?divisible by (\d+)\b", lambda e, m, ps: f"{e} % {m.group(1)} == 0"),
    _op("n>b", r"\b(?:is )?positive\b", lambda e, m, ps: f"{e} > 0"),
    _op("n>b", r"\b(?:is )?negative\b", lambda e, m, ps: f"{e} < 0"),
    _op("n>n", r"\babsolute(?: value)?\b", lambda e, m, ps: f"abs({e})"),
    _op("n>n", r"\bround\w*(?: (?:it|them))?(?: to)? (\d+) (?:decimal places|decimals|digits)\b",
        lambda e, m, ps: f"round({e}, {m.group(1)})"),
    _op("n>n", r"\bround\w*(?: to (?:the nearest )?(?:whole|integer|int))?\b",
        lambda e, m, ps: f"round({e})"),
    # -- text
    _op("s>n", r"\b(?:how many|number of|count\w* (?:of )?(?:the )?|counts?) vowels\b",
        lambda e, m, ps: f"sum(c in 'aeiouAEIOU' for c in {e})"),
    _op("s>n",
        r"\b(?:how many|number of|count\w* (?:of )?(?:the )?|counts?) words\b|\bword count\b",
        lambda e, m, ps: f"len({e}.split())"),
    _op("s>n",
        r"\b(?:how many|number of|count\w* (?:of )?(?:the )?|counts?) lines\b|\bline count\b",
        lambda e, m, ps: f"len({e}.splitlines())"),
    _op("sl>n",
        r"\b(?:how many|number of|count\w* (?:of )?(?:the )?|counts?) (?:characters|letters)\b"
        r"|\b(?:the )?length of\b|\bits length\b", lambda e, m, ps: f"len({e})"),
    _op("s>s", r"\b(?:initials|first letters? of (?:each|every) (?:word|name|part))\b",
        lambda e, m, ps: f"''.join(w[0] for w in {e}.split())"),
    _op("s>s", r"\b(?:in |to |into )?(?:lower ?case\w*|lower-case\w*|small letters)\b|\blowers\b",
        lambda e, m, ps: f"{e}.lower()"),
    _op("s>s", r"\b(?:in |to |into )?(?:upper ?case\w*|upper-case\w*|capital letters|capitals|"
        r"all caps|block letters)\b", lambda e, m, ps: f"{e}.upper()"),
    _op("s>s", r"\b(?:in |to |into )?title ?case\b|\bcapitali[sz]\w* (?:each|every|all) words?\b",
        lambda e, m, ps: f"{e}.title()"),
    _op("s>s", r"\bcapitali[sz]\w*(?: the first (?:letter|character))?\b",
        lambda e, m, ps: f"{e}.capitalize()"),
    _op("s>s", r"\breplac\w* (?:all |every |each |any )?(?:the )?(" + _CHARACTER + r") (?:with|by) "
        r"(?:an? |the )?(" + _CHARACTER + r")",
        lambda e, m, ps: f"{e}.replace({_literal(m.group(1))}, {_literal(m.group(2))})"),
    _op("s>s",
        r"(?:\b|(?=[\"']))(" + _CHARACTER + r") (?:replaced|swapped|changed|turned) (?:with|by|"
        r"in ?to|for) (?:an? |the )?(" + _CHARACTER + r")",
        lambda e, m, ps: f"{e}.replace({_literal(m.group(1))}, {_literal(m.group(2))})"),
    _op("s>s",
        r"\b(?:strip\w*|trim\w*)(?: (?:off |away )?(?:the )?(?:leading and trailing |surrounding |"
        r"extra )?(?:white ?space|spaces|blanks))?(?: (?:at|from) (?:both|the) ends?)?",
        lambda e, m, ps: f"{e}.strip()"),
    _op("s>s",
        r"\b(?:remov\w*|delet\w*|drop\w*|without)(?: all| every| any)?(?: the)? (" + _CHARACTER
        + r")", lambda e, m, ps: f"{e}.replace({_literal(m.group(1))}, '')"),
    _op("s>b", r"\b(?:starts?|begins?) with (\"[^\"\n]{1,20}\"|'[^'\n]{1,20}')",
        lambda e, m, ps: f"{e}.startswith({_literal(m.group(1))})"),
    _op("s>b", r"\bends? with (\"[^\"\n]{1,20}\"|'[^'\n]{1,20}')",
        lambda e, m, ps: f"{e}.endswith({_literal(m.group(1))})"),
    _op("sl>b", r"\bpalindrome\b", lambda e, m, ps: f"{e} == {e}[::-1]"),
    _op("sl>=", r"\b(?:revers\w*|backwards?)(?: order)?\b", lambda e, m, ps: f"{e}[::-1]"),
    _op("s>l", r"\bsplit\w*(?: (?:it|them))? (?:into|in) words\b", lambda e, m, ps: f"{e}.split()"),
    _op("s>l",
        r"\bsplit\w*(?: (?:it|them|the \w+))? (?:on|by|at)(?: the| each| every)? (" + _CHARACTER
        + ")", lambda e, m, ps: f"{e}.split({_literal(m.group(1))})"),
    _op("l>s", r"\bjoin\w*(?: (?:it|them|the \w+))? (?:with|using|by)(?: an?| the)? (" + _CHARACTER
        + ")", lambda e, m, ps: f"{_literal(m.group(1))}.join({e})"),
    _op("sl>b", r"\b(?:contains?|includes?|has)(?: the (?:text|word|letter|character))? "
        r"(\"[^\"\n]{1,20}\"|'[^'\n]{1,20}')", lambda e, m, ps: f"{_literal(m.group(1))} in {e}"),
    _op("s>s", r"(\"[^\"\n]{1,20}\"|'[^'\n]{1,20}') (?:followed by|then|and then|joined with|"
        r"put before)(?= )", lambda e, m, ps: f"{_literal(m.group(1))} + {e}"),
    _op("s>s",
        r"\b(?:followed by|then|with) (\"[^\"\n]{1,20}\"|'[^'\n]{1,20}') (?:at the end|after it|"
        r"added|appended)", lambda e, m, ps: f"{e} + {_literal(m.group(1))}"),
    _op("sl>=", r"\brepeated (\w+) times\b", lambda e, m, ps: f"{e} * {m.group(1)}"
        if m.group(1) in ps or m.group(1).isdigit() else None),
    _op("*>n", r"\b(?:how many times|number of times|occurrences of|count\w* of) (\w+)"
        r"(?: (?:appears|occurs|is found|shows up))?\b",
        lambda e, m, ps: f"{o[0]}.count({m.group(1)})" if m.group(1) in ps and len(
            o := _others(ps, m.group(1))) == 1 else None),
    _op("l>n",
        r"\b(?:how many|number of|count\w* (?:of )?(?:the )?) ?(?:items|elements|entries|values|"
        r"things)\b", lambda e, m, ps: f"len({e})"),
    _op("*>b", r"\b(\w+) is (larger|greater|bigger|more|higher|above|smaller|less|lower|"
        r"below|equal to|the same as)(?: than)? (\w+)\b", _compared),
    # -- lists and several parameters
    _op("l>n", r"\b(?:average|mean)\b", _average),
    _op("l>n", r"\b(?:sum|total)\b",
        lambda e, m, ps: " + ".join(ps) if len(ps) > 1 and e in ps else f"sum({e})"),
    _op("*>n",
        r"\bproduct\b", lambda e, m, ps: " * ".join(ps) if len(ps) > 1 and e in ps else None),
    _op("l>n", r"\b(?:largest|biggest|greatest|highest|maximum|max|larger|bigger|greater|higher)\b",
        _of_all("max")),
    _op("l>n", r"\b(?:smallest|lowest|least|minimum|min|smaller|lower)\b", _of_all("min")),
    _op("sl>l", r"\b(?:(?:in )?sorted(?: order)?|sort\w*|in (?:ascending |alphabetical )?order|"
        r"alphabetically)\b",
        lambda e, m, ps: f"sorted({e})"),
    _op("sl>l", r"\b(?:unique|distinct|without (?:the )?duplicates|duplicates removed|"
        r"remov\w* (?:the )?duplicates)\b", lambda e, m, ps: f"list(dict.fromkeys({e}))"),
    _op("sl>?", r"\bfirst (?:item|element|one|entry|value)\b", lambda e, m, ps: f"{e}[0]"),
    _op("sl>?", r"\blast (?:item|element|one|entry|value)\b", lambda e, m, ps: f"{e}[-1]"),
)

#: a script's subject: its arguments, or the file its first argument names
_SUBJECTS = (
    (re.compile(r"\b(?:the )?(?:text of |words in |contents? of )?(?:the |a )?file "
                r"(?:\w+ )?(?:given|passed|named|whose name is given)(?: to it)? as (?:its |the )?"
                r"(?:first |1st |only )?(?:command[- ]line )?argument\b", re.IGNORECASE),
     "open(sys.argv[1], encoding='utf-8').read()"),
    (re.compile(r"\b(?:its|the|their) (?:first |1st |only )?(?:command[- ]line )?argument\b"
                r"|\b(?:an?|one) (?:command[- ]line )?argument\b", re.IGNORECASE), "sys.argv[1]"),
    (re.compile(r"\bas (?:its )?(?:command[- ]line )?arguments\b|\b(?:its|the|all|their) "
                r"(?:command[- ]line )?arguments\b", re.IGNORECASE), "' '.join(sys.argv[1:])"),
)
#: names a composed body may use besides its parameters
_SAFE_NAMES = frozenset({"math", "sys", "open", "print", "len", "sum", "max", "min", "abs", "round",
                         "sorted", "list", "dict", "str", "int", "float", "w", "c", "d",
                         "all", "range"})


#: a noun of a list's items, after a test that filters them ("the even numbers")
_ITEMS = r"(?:numbers?|values?|items?|elements?|entries|ones|integers?|scores?|amounts?)"


def _filter(clause: str, start: int, end: int, op: _Op, m: re.Match[str]) -> bool:
    """Whether a test ("even", "positive") picks items: a noun of items right after it, or
    "<items> that are" right before it."""
    return op.test and (re.match(rf"\s+{_ITEMS}\b", clause[end:], re.IGNORECASE) is not None
                        or re.search(rf"\b{_ITEMS}\b(?:\s+\w+){{0,3}}\s+(?:that|which)\s+"
                                     r"(?:are\s+)?$", clause[:start], re.IGNORECASE) is not None)


def _chain(clause: str, subject: str, params: tuple[str, ...],
           start_kind: str = "?") -> tuple[str, bool, tuple[str, ...]] | None:
    """``subject`` put through the operations ``clause`` describes, in its order, whether it
    needs math, and the words the operations took; None when a word of the clause is
    explained by no operation (nor filler, nor a parameter's name) or none is found."""
    # (an example in parentheses and file names are no operation: "(python i.py ada -> A)")
    clause = re.sub(r"\([^()]*\)|\b[\w-]+\.[A-Za-z]{1,4}\b", " ", clause)
    taken: list[tuple[int, int, _Op, re.Match[str]]] = []
    for op in _OPS:
        for m in op.words.finditer(clause):
            if not any(m.start() < end and start < m.end() for start, end, _, _ in taken):
                taken.append((m.start(), m.end(), op, m))
    if not taken:
        return None
    rest = clause
    for start, end, _, _ in sorted(taken, reverse=True):
        rest = rest[:start] + " " + rest[end:]
    words = re.findall(r"[A-Za-z_][\w'-]*|\d+(?:\.\d+)?", rest)
    if [w for w in words if w.lower() not in _FILLER and w not in params]:
        return None
    # (a test before a noun of items, or after "numbers that are", is a filter of them,
    # applied first: "the sum of the even numbers in nums")
    steps = sorted(taken, key=lambda t: (not _filter(clause, *t), t[0]))
    plural = re.search(r"\bwords\b", rest, re.IGNORECASE) is not None
    expr, math, kind = subject, False, start_kind
    for start, end, op, m in steps:
        if _filter(clause, start, end, op, m):
            if kind not in "?l":
                return None
            var = next(v for v in ("x", "v", "k", "y") if v not in params)
            expr, kind = f"[{var} for {var} in {expr} if {op.make(var, m, params)}]", "l"
            continue
        if kind != "?" and op.takes != "*" and kind not in op.takes:
            return None  # ("len(s).upper()": a text operation on a count)
        if op.by_unit and plural and kind in "?s":
            return None  # ("the words of s in reverse order" is no s[::-1])
        made = op.make(expr if expr == subject else _wrapped(expr), m, params)
        if made is None:
            return None
        expr, math = made, math or op.math
        kind = kind if op.gives == "=" else op.gives
    took = tuple(w for _, _, _, m in taken for w in re.findall(r"[A-Za-z]+", m.group(0)))
    return expr, math, took


def _parses(code: str, params: tuple[str, ...]) -> bool:
    """Whether ``code`` parses and names nothing but ``params`` and the safe names."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)} | {
        t.id for n in ast.walk(tree) if isinstance(n, ast.comprehension)
        for t in ast.walk(n.target) if isinstance(t, ast.Name)}
    return all(n.id in params or n.id in _SAFE_NAMES or n.id in defined
               for n in ast.walk(tree) if isinstance(n, ast.Name))


def _clause(task: str, start: int) -> str:
    """The words after ``start`` to the clause's end, without the linking words before
    them ("that returns", ", returning", "should")."""
    rest = task[start:]
    end = _CLAUSE_END.search(rest)
    return rest[:end.start() if end else len(rest)].strip(" ,:-")


def _wrapped(expr: str) -> str:
    """``expr`` in parentheses when an operator outside any would bind wrongly after it."""
    try:
        node = ast.parse(expr, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return expr
    return f"({expr})" if isinstance(node, ast.BinOp | ast.BoolOp | ast.Compare) else expr


def signed(task: str) -> list[tuple[str, tuple[str, ...], str]]:
    """(name, parameters, clause) of each function the task signs (``name(params)``)."""
    out = []
    for m in _SIGNATURE.finditer(task):
        params = tuple(p.strip() for p in (m.group(2) or "").split(",") if p.strip())
        if params and m.group(1) not in ("print", "len", "range"):
            out.append((m.group(1), params, _clause(task, m.end())))
    return out


def _subject(clause: str, params: tuple[str, ...]) -> str:
    """The parameter the clause names first, else the first."""
    named = [(m.start(), p) for p in params
             if (m := re.search(rf"\b{re.escape(p)}\b", clause))]
    return min(named)[1] if named else params[0]


def function_texts(task: str) -> list[str]:
    """Each function the task signs (``name(params)``), its body composed from the clause
    after the signature."""
    out = []
    for name, params, clause in signed(task):
        made = _chain(clause, _subject(clause, params), params)
        if made is None:
            continue
        expr, math, _ = made
        head = "import math\n\n\n" if math else ""
        code = f"{head}def {name}({', '.join(params)}):\n    return {expr}\n"
        if _parses(code, params):
            out.append(code)
    return out


def _script_chain(task: str, phrase: str) -> tuple[str, bool, tuple[str, ...]] | None:
    """What ``phrase`` (what the task says a script prints) makes of the script's subject:
    the file or the arguments the task says it is given (None: no subject, or words the
    vocabulary does not explain)."""
    found = [(m.start(), code) for pattern, code in _SUBJECTS
             for m in [pattern.search(task)] if m]
    if not found:
        return None
    subject = min(found)[1]
    for pattern, _ in _SUBJECTS:
        phrase = pattern.sub(" ", phrase)
    return _chain(phrase, subject, (), "s") if phrase.strip(" .,") else (subject, False, ())


def script_text(task: str, phrase: str) -> str | None:
    """A script printing what ``phrase`` describes (``_script_chain``), or None."""
    if (made := _script_chain(task, phrase)) is None:
        return None
    expr, math, _ = made
    code = f"{'import math' + chr(10) if math else ''}import sys\n\nprint({expr})\n"
    return code if _parses(code, ()) else None


#: "the numbers from 1 to 10", "10 down to 1", "every integer 0 through 5"
_RANGE = re.compile(r"^(?:(?:each|every|all)? ?(?:the )?(?:numbers?|integers?|whole numbers?|"
                    r"values?)? ?(?:from )?)?(-?\d+) (?:to|through|thru|up to|down to|until) "
                    r"(-?\d+)(?:,? (?:one|each) (?:per|on its own|a) line| in order)?$",
                    re.IGNORECASE)


def counted(phrase: str) -> str | None:
    """A script printing the whole numbers of a range, one a line, both ends included
    ("prints the numbers from 1 to 10", "prints 5 down to 1"), or None."""
    if not (m := _RANGE.match(phrase.strip(" ."))):
        return None
    low, high = int(m.group(1)), int(m.group(2))
    if abs(high - low) > 10_000:
        return None
    step = ", -1" if high < low else ""
    return f"for i in range({low}, {high + (1 if high >= low else -1)}{step}):\n    print(i)\n"


def explained(task: str) -> frozenset[str]:
    """The words of the task an operation of a function it signs explains ("Fahrenheit" of
    "returns the temperature in Fahrenheit"): words of what the code does, not text it must
    hold."""
    out: set[str] = set()
    for _, params, clause in signed(task):
        if made := _chain(clause, _subject(clause, params), params):
            out.update(made[2])
    for phrase in PRINTS.findall(task):
        if made := _script_chain(task, phrase):
            # (and an example's words: "(python i.py grace hopper -> GH)")
            out.update(made[2], (w for example in re.findall(r"\(([^()]*)\)", phrase)
                                 for w in re.findall(r"\w+", example)))
    return frozenset(out)


def described(phrase: str) -> bool:
    """Whether what a script prints is described, not given ("its first argument in
    capitals", "how many words the file has"): such a phrase is no text to print."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", phrase)}
    return bool(words & {"its", "their", "argument", "arguments", "given", "file", "input",
                         "how", "many", "number", "count", "length", "result", "sum", "each"})
