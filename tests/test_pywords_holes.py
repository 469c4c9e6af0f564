"""A function whose description no operation composes: its signature is fixed, and the model
fills a one-line expression under a grammar (``pyholes.holes``) that allows only its
parameters, the task's numbers and quoted texts, digits, safe calls and operators. Every
text the pattern lets through parses and names nothing else. Wordings are this file's own."""

from __future__ import annotations

import ast
import json
import random
import re
from re import _parser as sre_parse  # (the standard parser of patterns)
from typing import Any

import pytest

from autonomo.agent.strategies import pyholes
from autonomo.llm.local_grammar import schema_grammar
from test_no_free_content import _contents, _offered

TASK = ("Write ratio.py with a function share(hits, misses) that returns the fraction of hits "
        "among all tries, or 'none' when there were 0 tries")


def _sample(tree: Any, rng: random.Random, out: list[str]) -> None:
    """Append a random text ``tree`` (a parsed pattern) matches."""
    for op, arg in tree:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(arg))
        elif name == "IN":
            chars = [chr(a) for o, a in arg if str(o) == "LITERAL"]
            chars += [chr(c) for o, a in arg if str(o) == "RANGE" for c in range(a[0], a[1] + 1)]
            out.append(rng.choice(chars))
        elif name == "SUBPATTERN":
            _sample(arg[3], rng, out)
        elif name == "BRANCH":
            _sample(rng.choice(arg[1]), rng, out)
        elif name in ("MAX_REPEAT", "MIN_REPEAT"):
            low, high, item = arg
            for _ in range(rng.randint(low, min(high, low + 3))):
                _sample(item, rng, out)
        elif name != "AT":
            raise AssertionError(f"unexpected pattern piece {name}")


def test_every_text_the_pattern_allows_parses_and_names_only_the_parameters() -> None:
    (hole,) = pyholes.holes(TASK)
    tree = sre_parse.parse(hole)
    rng = random.Random(7)
    for _ in range(400):
        out: list[str] = []
        _sample(tree, rng, out)
        raw = "".join(out)
        assert re.fullmatch(hole, raw)
        code = json.loads(f'"{raw}"')  # (the pattern is over the reply's JSON characters)
        tree_ = ast.parse(code)
        names = {n.id for n in ast.walk(tree_) if isinstance(n, ast.Name)}
        assert names <= {"hits", "misses", *pyholes._CALLS}, code
        assert code.startswith("def share(hits, misses):\n    return ")
        returned = tree_.body[0].body[0].value  # type: ignore[attr-defined]
        assert not isinstance(returned, ast.Name | ast.Constant), code  # an operation


def test_the_task_s_literals_are_allowed_and_nothing_else() -> None:
    (hole,) = pyholes.holes(TASK)
    ok = "def share(hits, misses):\\n    return hits / (hits + misses)\\n"
    assert re.fullmatch(hole, ok)
    assert re.fullmatch(hole, "def share(hits, misses):\\n    return hits == 'none'\\n")
    for bad in ("return tries / hits", "return __import__('os')", "return hits",
                "return 7 + 1", "return open(hits)", "return hits / (hits + misses"):
        assert not re.fullmatch(hole, f"def share(hits, misses):\\n    {bad}\\n"), bad


def test_the_pattern_is_a_grammar_the_local_model_takes() -> None:
    (hole,) = pyholes.holes(TASK)
    grammar = schema_grammar({"type": "object", "properties": {
        "content": {"type": "string", "pattern": hole}}, "required": ["content"]})
    assert "def shar" in grammar and "tries" not in grammar


@pytest.mark.parametrize("task", [
    "Create units.py with a function to_ticket(order) that books a seat for the order",
    "Create units.py with a function to_miles(km)",
    "Write geo.py with a function area(r) that returns the area of a circle of radius r",
    "Write doc.py that prints Hello",
])
def test_no_hole_where_the_task_says_no_value_or_one_is_composed(task: str) -> None:
    assert pyholes.holes(task) == []


def test_the_write_offers_the_pattern_for_the_function_s_file(tmp_path) -> None:
    offered = _offered(tmp_path, TASK)
    contents = [c for name in ("write_file", "append_to_file") if name in offered
                for c in _contents(offered[name])]
    assert contents and all(set(c) == {"type", "pattern"} for c in contents), contents
    assert contents[0]["pattern"] == pyholes.holes(TASK)[0]
