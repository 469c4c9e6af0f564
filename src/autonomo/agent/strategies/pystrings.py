"""A Python function of one text found from the example calls the task gives.

"greet.py with greet(name), e.g. greet("Ana") returns "Hello, Ana!"", "shout(word):
shout('hi') gives 'HI!'": the result holds the argument, changed by one plain text method
(as is, upper, lower, title, capitalize, strip, reversed), with a fixed text before and after
it. Every such body is tried on the examples; when those that fit agree on other texts, the
body is ``prefix + param.method() + suffix``; otherwise none (two functions fit). Texts are
evaluated by Python's own string methods on literals: nothing of the task is executed.
"""

from __future__ import annotations

import ast
import re

_TEXT = r"(?:\"([^\"\n]*)\"|'([^'\n]*)')"
#: greet("Ana") returns "Hello, Ana!"
EXAMPLE = re.compile(
    rf"\b([A-Za-z_]\w*)\(\s*{_TEXT}\s*\)\s*(?:gives|returns|is|equals|yields|=|==|->|→|"
    rf"should\s+(?:give|return|be)|will\s+(?:give|return|be)|must\s+(?:give|return|be))"
    rf"\s*{_TEXT}", re.IGNORECASE)
#: the methods a body may call on its text, as (code, what it does)
_METHODS = (("", lambda s: s), (".upper()", str.upper), (".lower()", str.lower),
            (".title()", str.title), (".capitalize()", str.capitalize),
            (".strip()", str.strip), ("[::-1]", lambda s: s[::-1]))
_PROBES = ("ab cd", "Xy", " mixed Case ")


def examples(task: str) -> dict[str, list[tuple[str, str]]]:
    """Each function's example calls of one text: (argument, result)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for name, a1, a2, r1, r2 in EXAMPLE.findall(task):
        out.setdefault(name, []).append((a1 or a2, r1 or r2))
    return out


def _bodies(param: str, calls: list[tuple[str, str]]) -> list[tuple[str, object, bool]]:
    """(code, function, whether the text is unchanged) of each body that gives every
    example's result."""
    out = []
    arg, want = calls[0]
    for code, method in _METHODS:
        changed = method(arg)
        if not changed or want.count(changed) != 1:
            continue
        before, after = want.split(changed)
        parts = [repr(before)] if before else []
        parts.append(param + code)
        parts += [repr(after)] if after else []

        def run(s: str, m: object = method, b: str = before, a: str = after) -> str:
            return b + m(s) + a  # type: ignore[operator]

        if all(run(a) == w for a, w in calls):
            out.append((" + ".join(parts), run, not code))
    return out


def body(param: str, calls: list[tuple[str, str]]) -> str | None:
    """The one body of ``param`` the examples pin down: the text unchanged when that fits
    (a method the example leaves it as it is shows nothing), else the fitting forms must
    agree on other texts."""
    fitting = _bodies(param, calls) if calls else []
    if not fitting:
        return None
    if fitting[0][2]:
        return fitting[0][0]  # (the text as it is fits: the example shows no change of it)
    results = {tuple(run(p) for p in _PROBES) for _, run, _ in fitting}  # type: ignore[operator]
    return fitting[0][0] if len(results) == 1 else None


def texts(task: str, signatures: list[tuple[str, list[str]]]) -> list[str]:
    """A function for each signature of one parameter the task gives text examples of."""
    given = examples(task)
    out = []
    for name, params in signatures:
        if len(params) == 1 and name in given and (made := body(params[0], given[name])):
            out.append(f"def {name}({params[0]}):\n    return {made}\n")
    return out


def fits(text: str, task: str) -> bool:
    """Whether ``text`` is one function of one parameter whose body is the one the task's
    text examples pin down (compared on the examples and on other texts)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    if len(tree.body) != 1 or not isinstance(func := tree.body[0], ast.FunctionDef) \
            or len(func.args.args) != 1 or len(func.body) != 1 \
            or not isinstance(func.body[0], ast.Return) or func.body[0].value is None:
        return False
    param = func.args.args[0].arg
    want = body(param, examples(task).get(func.name, []))
    return want is not None and ast.dump(func.body[0].value) == ast.dump(
        ast.parse(want, mode="eval").body)
