"""A value read, written with what the task says goes before or after it.

"write the version with a leading v", "prefix the code with #", "the number followed by %":
the text to write is the value read with that affix, not the value alone nor the task's
words. An example the task gives ("like v1.0.0", "e.g. #12") shows the affix by its shape:
what stands before and after the example's digits, when the value read has digits in the
same groups ("v1.0.0" and 4.12.7: ``v`` before). The example itself is no content.

Lexicon (closed): ``leading``, ``prefix``/``prefixed with``, ``preceded by``, ``in front``
(before); ``trailing``, ``suffix``/``suffixed with``, ``followed by`` (after); an example
after ``like``, ``e.g.``, ``for example``, ``such as``, ``say``. A sign named by its word:
slash, dot, hash, dash, hyphen, underscore, colon, percent, dollar, at, zero.
"""

from __future__ import annotations

import re

_SIGNS = {"slash": "/", "dot": ".", "hash": "#", "dash": "-", "hyphen": "-", "underscore": "_",
          "colon": ":", "percent": "%", "dollar": "$", "at": "@", "zero": "0"}
_AFFIX = (r"""(?:(?:a|an|the)\s+)?(?:(?:sign|character|letter)\s+)?"""
          r"""(?:["'`](?P<q> ?[^"'`\s]{1,6} ?)["'`]"""
          r"""|(?P<bare>[^\s"'`,;()]{1,10})(?![^\s"'`,;()]))""")
#: (before or after, pattern of the affix the task states)
_STATED = (
    ("before", re.compile(rf"\b(?:leading|preceded\s+by|prefix(?:ed)?(?:\s+(?:\w+\s+){{0,3}}?"
                          rf"with)?)\s+{_AFFIX}", re.IGNORECASE)),
    ("before", re.compile(rf"\bwith\s+{_AFFIX}\s+in\s+front\b", re.IGNORECASE)),
    ("after", re.compile(rf"\b(?:trailing|followed\s+by|suffix(?:ed)?(?:\s+(?:\w+\s+){{0,3}}?"
                         rf"with)?)\s+{_AFFIX}", re.IGNORECASE)),
)
_EXAMPLE = re.compile(r"\b(?:like|e\.\s?g\.?|eg|for example|such as|say)[,:]?\s+[\"'`]?"
                      r"(?P<example>[^\s\"'`()]*\d[^\s\"'`()]*?)[\"'`]?(?=[\s),;]|[.:](?:\s|$)|$)",
                      re.IGNORECASE)
_DIGITS = re.compile(r"\d+")
_OFF = re.compile(r"\b(?:without|no|remove|removing|drop|dropping|strip|stripping|minus|"
                  r"except|delete|deleting|lose|trim|cut)\b(?:\s+\w+){0,3}\s*$", re.IGNORECASE)


def _sign(found: re.Match[str]) -> str | None:
    if found.group("q"):
        return found.group("q")
    text = found.group("bare")
    # (a word is an affix only when it names a sign, or is short and no plain word: "v",
    # "ID-", "EUR", "TCK-" (a sign in it: up to 6); not "the leading one")
    sign = _SIGNS.get(text.lower().removesuffix("s"))
    plain = text.isalpha() and len(text) > 1 and not text.isupper()
    return sign or (text if len(text) <= (6 if re.search(r"[^\w\s]", text) else 3)
                    and not plain else None)


def stated(task: str) -> list[tuple[str, str]]:
    """(before, after) pairs the task states outright, each one side."""
    out = []
    for side, pattern in _STATED:
        for found in pattern.finditer(task):
            # ("without the leading zero", "strip the trailing slash": an affix to take off)
            if _OFF.search(task[max(0, found.start() - 30):found.start()]):
                continue
            if sign := _sign(found):
                out.append((sign, "") if side == "before" else ("", sign))
    return out


def examples(task: str) -> list[str]:
    """The examples the task gives of a value (with a digit): "like v1.0.0"."""
    return [m.group("example") for m in _EXAMPLE.finditer(task)]


def _shaped(example: str, value: str) -> str | None:
    """``value`` with the example's text before and after its digits, when both have their
    digits in the same groups ("v1.0.0" and "4.12.7"); None otherwise."""
    ex, got = _DIGITS.split(example), _DIGITS.split(value)
    if len(ex) != len(got) or len(ex) < 2 or ex[1:-1] != got[1:-1] or got[0] or got[-1]:
        return None
    return ex[0] + value + ex[-1] if ex[0] or ex[-1] else None


def affixed(task: str, texts: tuple[str, ...] | list[str]) -> list[str]:
    """The one-token values of ``texts`` with each affix the task states or its example
    shows (only those: never the example itself, which is no content); ``texts`` when there
    are none."""
    shown = examples(task)
    pairs = stated(task)
    made: list[str] = []
    for text in texts:
        value = text.strip()
        if not value or " " in value or "\n" in value or value in shown:
            continue
        # (not the affix itself: "EUR EUR")
        made += [before + value + after for before, after in pairs if not (
            (before and value.startswith(before.strip()))
            or (after and value.endswith(after.strip())))]
        made += [s for example in shown if (s := _shaped(example, value)) and s != value]
    # (a text without the affix the task asks for is not the answer: the value alone, or
    # the example, is what a 135M model wrote instead)
    return list(dict.fromkeys(made)) or list(texts)
