"""Forms of a word a task may use for a file's word: a short form ("kg" of "kilograms") and
a verb's inflection ("shipped" of "ship"), for ``facts.rank``."""

from __future__ import annotations


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
