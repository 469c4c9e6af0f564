"""A function's body the task's words do not compose, left to the model under a grammar.

"a function hit_rate(hits, misses) that returns the share of hits": when no operation of
``pywords`` composes the body, the grammar lets the model write one expression made only of
the function's parameters, the task's numbers and quoted texts, digits, safe calls and
operators (``holes``); whatever it writes parses and names nothing else.
"""

from __future__ import annotations

import re

from autonomo.agent.strategies.pywords import function_texts, signed


class Hole(str):
    """A text to write that is left open: its value is a JSON-schema ``pattern`` over the
    reply's raw JSON characters (``\\n`` stands escaped), which the grammar enforces
    (``narrowing``); never a text to write as it is."""


#: what a function's body may call on its values, and a text's methods
_CALLS = ("abs", "round", "min", "max", "len", "sum", "sorted", "str", "int", "float")
_METHODS = ("lower", "upper", "strip", "title", "split")
_OPERATORS = ("+", "-", "*", "/", "//", "%", "**", "==", "!=", "<", ">", "<=", ">=")
#: a clause that says the function gives a value back
_GIVES = re.compile(r"\b(?:returns?|returning|gives?|giving|computes?|calculates?|"
                    r"converts?|converting|works? out)\b", re.IGNORECASE)
_QUOTED = re.compile(r"'([^'\"\\\n\[\]]{1,30})'|\"([^'\"\\\n\[\]]{1,30})\"")


def _alternatives(items: list[str]) -> str:
    """One of ``items`` (a plain group: llama.cpp's converter takes no ``(?:``)."""
    return "(" + "|".join(sorted(dict.fromkeys(items), key=len, reverse=True)) + ")"


def _escape(text: str) -> str:
    """``text`` as a pattern of literal characters, each special one in a class of its own
    (llama.cpp's converter reads no backslash escapes but ``\\n`` inside a literal)."""
    return "".join(f"[{c}]" if c in ".^$*+?()[{}|-/%=!<>" else c for c in text)


def holes(task: str) -> list[Hole]:
    """For each function the task signs and says returns a value, whose body no operation
    composes: its signature, and a one-line expression left to the model, made only of its
    parameters (one first), the numbers and quoted texts of the task, digits, and safe
    calls and operators. Whatever the grammar lets through parses and names nothing
    but these (bounded: no parenthesis left open)."""
    out = []
    numbers = re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", task)
    texts = [f"'{a or b}'" for a, b in _QUOTED.findall(task)]
    for name, params, clause in signed(task):
        if function_texts(f"{name}({', '.join(params)}) {clause}") or not _GIVES.search(clause):
            continue
        names = _alternatives(list(params))
        atom = _alternatives([*params, "[0-9]", *(_escape(n) for n in numbers),
                              *(_escape(t) for t in texts)])
        operator = " " + _alternatives([_escape(o) for o in _OPERATORS]) + " "
        group = rf"[(]{atom}({operator}{atom}){{1,3}}[)]"
        rest = rf"({operator}({atom}|{group})){{0,3}}"
        inner = rf"({atom}|{group}){rest}"
        # (the first value a parameter: "1 - 3 / 3" computes nothing from the arguments)
        first = rf"({names}|[(]{names}({operator}{atom}){{1,3}}[)]){rest}"
        call = (_alternatives(list(_CALLS)) + rf"[(]{first}(, {inner}){{0,2}}[)]|{names}[.]"
                + _alternatives(list(_METHODS)) + "[(][)]")
        term = rf"({_alternatives(list(_CALLS))}[(]{inner}(, {inner}){{0,2}}[)]|{atom}|{group})"
        # (an operation at least: "return x" unchanged is refused at the finish)
        expr = (rf"(({call}|[(]{names}({operator}{atom}){{1,3}}[)])({operator}{term}){{0,3}}"
                rf"|{names}({operator}{term}){{1,4}})")
        head = _escape(f"def {name}({', '.join(params)}):")
        out.append(Hole(rf"^{head}\\n    return {expr}\\n$"))
    return out
