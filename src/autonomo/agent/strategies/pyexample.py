"""A Python function's body found from the example calls the task gives.

"write tip_calc.py with a function tip(amount, percent) that returns the tip, e.g. tip(80, 15)
gives 12.0": the words ("the tip") name no operation, but the example pins one down. Here
every small arithmetic expression of the function's parameters (each used), the task's own
numbers and a few plain constants is evaluated on the example's arguments; those that give
the example's result, of the fewest terms, are the body, when they all agree on other
arguments too (else nothing: two different functions fit the example). The same examples
check the bodies composed from the words (``texts_fit``): a body that misses them is not
offered. Only numbers are evaluated, by Python's own arithmetic on literals (no names, no
calls, bounded powers): nothing of the task is executed.
"""

from __future__ import annotations

import ast
import functools
import math
import re

from autonomo.agent.strategies import pystrings

#: "tip(80, 15) gives 12.0", "half(9) is 4.5", "area(3, 4) -> 12", "f(2) should return 4"
EXAMPLE = re.compile(
    r"\b([A-Za-z_]\w*)\(\s*(-?\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?)*)\s*\)\s*"
    r"(?:gives|returns|is|equals|yields|outputs|=|==|->|→|should\s+(?:give|return|be)|"
    r"will\s+(?:give|return|be)|must\s+(?:give|return|be)|evaluates\s+to|comes\s+out\s+as)"
    r"\s*(-?\d+(?:\.\d+)?)(?![\w.]|\.\d)", re.IGNORECASE)
_SIGNATURE = re.compile(r"\b(?:def\s+|function\s+|func\s+|called\s+)?([A-Za-z_]\w*)\(\s*"
                        r"([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*){0,2})\s*\)")
_OPERATORS = ("+", "-", "*", "/")
#: constants any arithmetic may need beside the task's own numbers
_PLAIN = ("1", "2", "100")
#: terms of an expression tried at most (three: some 23,000 expressions of 9 atoms)
MAX_TERMS = 3
_PROBES = ((3.7, 1.9, 2.3), (11.0, 7.0, 5.0), (0.5, 4.0, 9.0))


def examples(task: str) -> dict[str, list[tuple[tuple[float, ...], float]]]:
    """Each function's example calls: (arguments, result)."""
    out: dict[str, list[tuple[tuple[float, ...], float]]] = {}
    for name, args, result in EXAMPLE.findall(task):
        values = tuple(float(a) for a in re.split(r"\s*,\s*", args.strip()))
        out.setdefault(name, []).append((values, float(result)))
    return out


def _value(expr: ast.expr, env: dict[str, float]) -> float | None:
    """``expr`` of numbers, names in ``env`` and + - * / ** (bounded), or None."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, (int, float)) \
            and not isinstance(expr.value, bool):
        return float(expr.value)
    if isinstance(expr, ast.Name):
        return env.get(expr.id)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        inner = _value(expr.operand, env)
        return None if inner is None else (-inner if isinstance(expr.op, ast.USub) else inner)
    if isinstance(expr, ast.BinOp):
        a, b = _value(expr.left, env), _value(expr.right, env)
        if a is None or b is None:
            return None
        try:
            if isinstance(expr.op, ast.Add):
                return a + b
            if isinstance(expr.op, ast.Sub):
                return a - b
            if isinstance(expr.op, ast.Mult):
                return a * b
            if isinstance(expr.op, ast.Div):
                return a / b
            if isinstance(expr.op, ast.FloorDiv):
                return float(a // b)
            if isinstance(expr.op, ast.Mod):
                return a % b
            if isinstance(expr.op, ast.Pow) and abs(b) <= 8 and abs(a) <= 1e6:
                result = a ** b
                return result if isinstance(result, float) else None
        except (ZeroDivisionError, OverflowError):
            return None
    return None


def returned(text: str) -> tuple[str, list[str], ast.expr] | None:
    """(name, parameters, returned expression) of a text that is one function returning
    one arithmetic expression, else None."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef):
        return None
    func = tree.body[0]
    if len(func.body) != 1 or not isinstance(func.body[0], ast.Return) \
            or func.body[0].value is None or func.decorator_list:
        return None
    return func.name, [a.arg for a in func.args.args], func.body[0].value


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def fits(text: str, calls: list[tuple[tuple[float, ...], float]]) -> bool | None:
    """Whether the function ``text`` gives each example's result (None: not judged, it is no
    one-expression function of numbers)."""
    found = returned(text)
    if found is None:
        return None
    _, params, expr = found
    for args, want in calls:
        if len(args) != len(params):
            return False
        got = _value(expr, dict(zip(params, args, strict=True)))
        if got is None:
            return None
        if not _close(got, want):
            return False
    return True


def _expressions(atoms: list[str], size: int) -> list[str]:
    """Expressions of ``size`` atoms joined by the operators, bracketed every way."""
    if size == 1:
        return list(atoms)
    out = []
    for left in range(1, size):
        for a in _expressions(atoms, left):
            for b in _expressions(atoms, size - left):
                for op in _OPERATORS:
                    out.append(f"({a} {op} {b})")
    return out


def _clean(expr: str) -> str:
    return ast.unparse(ast.parse(expr, mode="eval"))


@functools.lru_cache(maxsize=64)
def _bodies(task: str, name: str, params: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(bodies(task, name, list(params)))


def bodies(task: str, name: str, params: list[str]) -> list[str]:
    """The simplest expressions of ``params`` (each used) that fit every example call of
    ``name`` and agree with each other elsewhere; none when there is no example, nothing
    fits, or the fitting ones differ."""
    calls = [c for c in examples(task).get(name, []) if len(c[0]) == len(params)]
    if not calls or not params:
        return []
    spans = [m.span() for m in EXAMPLE.finditer(task)] + [
        m.span() for m in _SIGNATURE.finditer(task)]
    rest = "".join(" " if any(a <= i < b for a, b in spans) else c for i, c in enumerate(task))
    numbers = re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", rest)
    # (one example's own arguments may be the constants: "triple(3) is 9" is x * 3 as well
    # as x * x, so both are tried and must agree)
    shown = [f"{a:g}" for a in calls[0][0]] if len(calls) == 1 else []
    atoms = list(dict.fromkeys([*params, *numbers, *_PLAIN, *shown]))[:9]
    for size in range(len(params), min(len(params) + 2, MAX_TERMS + 1)):
        fitting = []
        for expr in _expressions(atoms, size):
            names = set(re.findall(r"[A-Za-z_]\w*", expr))
            if names != set(params):
                continue
            tree = ast.parse(expr, mode="eval").body
            if all(_close(_value(tree, dict(zip(params, a, strict=True))) or math.nan, w)
                   for a, w in calls):
                fitting.append((expr, tree))
        if fitting:
            return _one_class(params, fitting)
    return []


def _families(expr: str) -> int:
    """How many kinds of operator ``expr`` mixes: products and quotients, sums and
    differences."""
    return len({"*" if o in "*/" else "+" for o in re.findall(r" ([-+*/]) ", expr)})


def _one_class(params: list[str], fitting: list[tuple[str, ast.expr]]) -> list[str]:
    """The one function the fitting expressions make (told apart on other arguments); of
    several, the one made with one kind of operator when only one is (a product with a
    constant, not a sum divided: ``amount * percent / 100``, not ``(amount + 100) /
    percent``); else none."""
    probes = [dict(zip(params, p, strict=False)) for p in _PROBES]
    classes: list[list[tuple[str, ast.expr]]] = []
    for expr, tree in fitting:
        for group in classes:
            values = [(_value(group[0][1], env), _value(tree, env)) for env in probes]
            if all(a is not None and b is not None and _close(a, b) for a, b in values):
                group.append((expr, tree))
                break
        else:
            classes.append([(expr, tree)])
    if len(classes) > 1:
        classes = [g for g in classes if min(_families(e) for e, _ in g) == 1]
    if len(classes) != 1:
        return []
    best = min(classes[0], key=lambda c: (_families(c[0]), len(_clean(c[0]))))
    return [_clean(best[0])]


def same(text: str, body: str, params: list[str]) -> bool:
    """Whether the function ``text`` returns what ``body`` does on other arguments."""
    found, other = returned(text), ast.parse(body, mode="eval").body
    if found is None:
        return False
    for probe in _PROBES:
        env = dict(zip(params, probe, strict=False))
        a, b = _value(found[2], env), _value(other, env)
        if a is None or b is None or not _close(a, b):
            return False
    return True


def texts(task: str) -> list[str]:
    """A function for each signature the task gives an example call of, its body fitted to
    the examples (``bodies``)."""
    out = []
    given = examples(task)
    signed = [(n, [p.strip() for p in raw.split(",")]) for n, raw in
              dict(_SIGNATURE.findall(task)).items()]
    for name, raw in dict(_SIGNATURE.findall(task)).items():
        params = [p.strip() for p in raw.split(",")]
        if name in given and all(re.fullmatch(r"[A-Za-z_]\w*", p) for p in params) and not \
                any(p.replace(".", "").isdigit() for p in params):
            out += [f"def {name}({', '.join(params)}):\n    return {body}\n"
                    for body in _bodies(task, name, tuple(params))]
    return out + pystrings.texts(task, signed)


def checked(task: str, candidates: list[str]) -> list[str]:
    """``candidates`` with every function the examples refute removed, those they confirm
    first, then the bodies fitted to the examples."""
    calls, told = examples(task), pystrings.examples(task)
    if not calls and not told:
        return candidates
    scored = []
    for text in candidates:
        found = returned(text)
        verdict = fits(text, calls.get(found[0], [])) if found and calls.get(found[0]) else None
        if verdict is None and found and told.get(found[0]):
            verdict = pystrings.fits(text, task) or None  # (text examples only confirm)
        if verdict is not False:
            scored.append((0 if verdict else 1, text))
    confirmed = [t for s, t in scored if s == 0]
    return list(dict.fromkeys([*confirmed, *texts(task), *(t for s, t in scored if s)]))
