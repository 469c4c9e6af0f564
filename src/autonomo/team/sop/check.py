"""Checks shared by the loaders: JSON Schema errors and placeholders, each as a ``Problem``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import jsonschema

from autonomo.team.sop.source import Document, Problem, pointer
from autonomo.team.sop.template import placeholders


def schema_problems(doc: Document, schema: dict[str, Any]) -> list[Problem]:
    """Every place where ``doc`` breaks ``schema``, with the schema's hint on what to write."""
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for error in sorted(validator.iter_errors(doc.data), key=lambda e: list(map(str, e.path))):
        leaf = _deepest(error)
        ptr = pointer(*leaf.absolute_path)
        hint = leaf.schema.get("x-hint") if isinstance(leaf.schema, dict) else None
        message = _message(leaf)
        problems.append(doc.problem(ptr, f"{message}; {hint}" if hint else message))
    return problems


def _deepest(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """For oneOf/anyOf, the sub-error that got furthest into the document."""
    if not error.context:
        return error
    best = max(error.context, key=lambda e: len(e.absolute_path))
    if len(best.absolute_path) > len(error.absolute_path):
        return _deepest(best)
    return error


def _message(error: jsonschema.ValidationError) -> str:
    kind = error.validator
    if kind == "required":
        missing = [name for name in error.validator_value if name not in (error.instance or {})]
        return "missing " + ", ".join(repr(m) for m in missing) + ": add it"
    if kind == "type":
        return (f"{error.instance!r} has the wrong type: expected {error.validator_value}, "
                f"got {type(error.instance).__name__}")
    if kind == "additionalProperties":
        return f"{error.message}: remove it or check its spelling"
    if kind in ("enum", "const"):
        allowed = error.validator_value if kind == "enum" else [error.validator_value]
        return f"{error.instance!r} is not allowed: use one of {', '.join(map(repr, allowed))}"
    return error.message


def placeholder_problems(
    doc: Document, ptr: str, text: str, known: Iterable[str], where: str = ""
) -> list[Problem]:
    """A problem for each ``{name}`` in ``text`` that no variable or hook gives a value."""
    known = set(known)
    missing = [name for name in placeholders(text) if name not in known]
    return [
        doc.problem(ptr, f"the placeholder {{{name}}}{where} has no value: declare it under "
                         "`variables` (or have a hook provide it), or remove it from the text")
        for name in missing
    ]


def raise_if(problems: list[Problem]) -> None:
    if problems:
        from autonomo.team.sop.source import SopError

        raise SopError(problems)
