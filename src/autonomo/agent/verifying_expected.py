"""A derived answer (``Expected``) and the word helpers the derived-value verifiers share
(``verifying_derived``, ``verifying_lists``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

#: words of a list ("the keys of", "one per line")
LIST_WORDS = {"keys", "key", "names", "name", "list", "column", "columns", "headers",
              "header", "values", "each", "sorted", "sort", "alphabetically", "order",
              "alphabetical", "sections"}

#: words of an answer file's name that say nothing of what it holds ("out.txt")
GENERIC_ANSWER = {"out", "output", "answer", "answers", "result", "results", "list", "txt",
                  "index", "inventory", "manifest", "contents", "catalog", "overview",
                  "filenames", "listing"}

#: words that ask for a count
COUNTING = re.compile(r"\bhow\s+many\b|\bcount\b|\bnumber\s+of\b", re.IGNORECASE)


@dataclass(frozen=True)
class Expected:
    """A derived answer: one value, or a list of items (``ordered``: in that order)."""

    how: str
    value: str | None = None
    items: tuple[str, ...] = ()
    ordered: bool = False
    #: the same tokens in the same order will do (a program's output: "2 3 5" for "2\n3\n5")
    loose: bool = False
    #: the folder the items are in: every item may be written with it before ("d/a.py")
    place: str = ""

    def key(self) -> tuple[object, ...]:
        if self.value is not None:
            return ("value", self.value)
        if len(self.items) == 1:  # (a list of one: the same as that value)
            return ("value", self.items[0])
        return ("list", self.items if self.ordered else tuple(sorted(self.items)))

    def holds(self, text: str) -> bool:
        if self.value is not None and self.how.startswith(("the sum", "the result")):
            try:  # a sum in any notation of the same number (7, 7.0, 7.00)
                return abs(float(text.strip()) - float(self.value)) < 1e-9
            except ValueError:
                return False
        if self.value is not None and self.loose:
            return same_tokens(self.value, text)
        if self.value is not None:
            return text.strip() == self.value
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if self.place and lines and all(x.startswith(self.place) for x in lines):
            lines = [x[len(self.place):] for x in lines]  # each with its folder, all alike
        return lines == list(self.items) if self.ordered else sorted(lines) == sorted(self.items)


def same_tokens(shown: str, text: str) -> bool:
    """``text`` holds the tokens of ``shown`` in order, with the same separators between
    them: any white space for white space ("2 3 5" for "2\\n3\\n5"), but a "," or ";" only
    where ``shown`` has it, and no space where it has none ("1,234" is not "1 234")."""
    mine, theirs = re.split(r"([\s,;]+)", shown.strip()), re.split(r"([\s,;]+)", text.strip())
    if len(mine) != len(theirs):
        return False
    for at, (a, b) in enumerate(zip(mine, theirs, strict=True)):
        if at % 2 == 0 and a != b:
            return False
        if at % 2 == 1 and (re.sub(r"\s", "", a) != re.sub(r"\s", "", b)
                            or bool(re.search(r"\s", a)) != bool(re.search(r"\s", b))):
            return False
    return True


def singular(word: str) -> str:
    if len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") \
        else word


def unexplained(needed: set[str], explained: set[str]) -> set[str]:
    """The words of ``needed`` that ``explained`` does not account for (a plural for its
    singular and back)."""
    known = {f for w in explained for f in _forms(w)}
    return {w for w in needed if not _forms(w) & known}


def _forms(word: str) -> set[str]:
    """A word, its singular, and of a plural in -ies its -y form ("cities": city)."""
    return {word, singular(word)} | ({word[:-3] + "y"} if len(word) > 4 and word.endswith("ies")
                                     else set())


def asks_order(task: str) -> bool:
    return bool(re.search(r"\b(?:sort|sorted|alphabetical|alphabetically|order|a\s*(?:to|-)\s*z)"
                          r"\b", task, re.IGNORECASE))
