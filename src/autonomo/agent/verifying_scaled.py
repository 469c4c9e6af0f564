"""A value read, changed by the one operation the task states ("double it", "add 15"):
the answer is the value the other derivations read (``verifying_derived``) put through
that operation (``strategies.scaled``), compared as a number (8.5 is 8.50).

Only a value the source holds as written is operated on (not a count or a sum computed from
it): whether "how many" then means the rows or the number written is not decided here.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from autonomo.agent.strategies import scaled
from autonomo.agent.verifying_expected import Expected

#: words that name what an operation gives: "write the result", "what's left"
RESULT_WORDS = frozenset({"result", "answer", "new", "left", "remaining", "remains",
                          "comes", "figure", "number", "amount", "value", "it", "that"})


def words_of(task: str) -> frozenset[str]:
    """The words the task's one operation accounts for (none when it states none)."""
    done = scaled.operation(task)
    return done.said | RESULT_WORDS if done else frozenset()


def scaled_expected(expected: list[Expected], task: str, texts: list[str]) -> list[Expected]:
    """``expected`` put through the task's operation: each a number one of ``texts`` (the
    sources) holds as written; nothing when one is not (a list, a count, a word)."""
    done = scaled.operation(task)
    if done is None:
        return expected
    out = []
    for found in expected:
        value = found.value if found.value is not None else (
            found.items[0] if len(found.items) == 1 else None)
        if value is None or not re.fullmatch(r"-?\d+(?:\.\d+)?", value) or not any(
                re.search(rf"(?<![\d.]){re.escape(value)}(?![\d]|\.\d)", t) for t in texts):
            return []
        try:
            result = scaled.shown(done.apply(Decimal(value)), value)
        except (InvalidOperation, ZeroDivisionError):
            return []
        out.append(Expected(f"the result of {found.how}, changed as the task says", result))
    return out
