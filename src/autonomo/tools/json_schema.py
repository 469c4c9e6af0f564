"""Build a ``Command`` from a JSON schema (MCP tools, plugins describing tools as data)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, create_model

from autonomo.tools.registry import Command

_SIMPLE = {"string": str, "integer": int, "number": float, "boolean": bool, "null": type(None)}


def python_type(schema: dict[str, Any]) -> Any:
    """A Python type for one JSON-schema property (permissive where the schema is complex:
    the server validates again)."""
    if schema.get("enum"):
        return Literal[tuple(schema["enum"])]
    kind = schema.get("type")
    if isinstance(kind, list):
        members = [python_type({**schema, "type": k}) for k in kind]
        if type(None) in members:
            others = [m for m in members if m is not type(None)]
            return Optional[others[0]] if len(others) == 1 else Any  # noqa: UP045
        return Any
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind == "array":
        return list[python_type(schema.get("items") or {})]
    if kind == "object":
        return dict[str, Any]
    return Any


def params_model(name: str, schema: dict[str, Any]) -> type[BaseModel]:
    """A pydantic model for an ``{"type": "object", "properties": …}`` schema."""
    required = set(schema.get("required") or [])
    fields: dict[str, Any] = {}
    for prop, spec in (schema.get("properties") or {}).items():
        spec = spec if isinstance(spec, dict) else {}
        annotation = python_type(spec)
        description = spec.get("description")
        if prop in required:
            fields[prop] = (annotation, Field(..., description=description))
        else:
            fields[prop] = (
                Optional[annotation],  # noqa: UP045
                Field(spec.get("default"), description=description),
            )
    extra = "allow" if schema.get("additionalProperties") is True else "forbid"
    safe = re.sub(r"\W", "_", name)
    return create_model(f"{safe}_args", __config__=ConfigDict(extra=extra), **fields)


def command_from_json_schema(
    name: str,
    description: str,
    schema: dict[str, Any],
    function: Callable[..., Any],
    *,
    category: str = "general",
    enabled: bool | Callable[[Any], bool] = True,
) -> Command:
    """A ``Command`` whose arguments follow ``schema``; ``function(**arguments)`` runs it
    (without a context). Optional arguments the model left out arrive as None."""
    return Command(
        name=name,
        description=description,
        function=function,
        params_model=params_model(name, schema),
        takes_context=False,
        category=category,
        enabled=enabled,
    )
