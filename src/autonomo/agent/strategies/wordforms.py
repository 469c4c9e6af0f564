"""Forms of a word a task may use for a file's word: a short form ("kg" of "kilograms") and
a verb's inflection ("shipped" of "ship"); and a task's ways of asking said in the words the
facts are keyed by ("no duplicates": distinct), for ``ranking.rank``."""

from __future__ import annotations

import re


def abbreviates(short: str, word: str) -> bool:
    """``short`` is a short form of ``word``: its first letter, then other consonants of it
    in order ("kg" of "kilograms", "qty" of "quantity"; not a word like "me"), and much
    shorter."""
    if not (2 <= len(short) <= 4 and short.isalpha() and len(word) >= len(short) + 3
            and short[0] == word[0] and not set(short[1:]) & set("aeiou")):
        return False
    rest = iter(word[1:])
    return all(letter in rest for letter in short[1:])


def inflects(form: str, word: str) -> bool:
    """``form`` is ``word`` with a verb's ending ("finished", "closing", "shipped" of
    "finish", "close", "ship"); both of at least four letters."""
    if len(word) < 4 or not form.startswith(word.removesuffix("e")):
        return False
    rest = form[len(word.removesuffix("e")):]
    return rest in ("ed", "ing", "es", "d") or rest in (word[-1] + "ed", word[-1] + "ing")


_ONCE = re.compile(r"\b(?:(?:no|without)\s+(?:duplicates?|repeats?|dupes)|once)\b", re.I)
_A_TO_Z = re.compile(r"\ba\s*(?:to|-)\s*z\b", re.IGNORECASE)
_THAN = re.compile(r"\b(?:more|less|fewer|greater|higher|lower|bigger|smaller|longer|shorter)"
                   r"\s+than\s+(-?\d+(?:\.\d+)?)\b", re.IGNORECASE)
_NO_HEADER = re.compile(r"\b(?:not\s+counting|excluding|without|apart\s+from|except(?:\s+for)?)"
                        r"\s+(?:the\s+)?header(?:\s+(?:row|line))?", re.IGNORECASE)
#: "how often", "how many times": a count
_HOW_OFTEN = re.compile(r"\bhow\s+(?:often|many\s+times)\b", re.IGNORECASE)


def plain_asking(task: str) -> str:
    """``task`` with its ways of asking put in the facts' words: "no duplicates" and "each
    once" are distinct, "A to Z" sorted, "not counting the header row" the rows, "more than
    10" the bound 10 (not "the most"), "counted" and "how often" a count."""
    task = _ONCE.sub(" distinct ", _A_TO_Z.sub(" sorted ", task))
    task = _NO_HEADER.sub(" rows ", task)
    task = _THAN.sub(r" \1 ", task)
    task = _HOW_OFTEN.sub(" how many count ", task)
    return re.sub(r"\bcount(?:ed|ing|s)\b", "count", task, flags=re.IGNORECASE)
