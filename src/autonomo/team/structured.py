"""Structured output for team actions: a pydantic model as the schema of the answer.

On a model that enforces schemas (the embedded one) the answer is decoded under the model's
JSON schema and is valid by construction. Elsewhere the schema is still sent (providers that
support it use it) and the answer is parsed, repaired and, when still invalid, re-asked with
the error — with the single agent's parser.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from autonomo import prompts
from autonomo.agent.parsing import parse_json_object
from autonomo.errors import ModelResponseError
from autonomo.llm.types import Completion, Message

M = TypeVar("M", bound=BaseModel)
Call = Callable[..., Completion]


@functools.cache
def output_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of ``model`` without titles, closed to extra properties; made once per
    model and shared by every call (do not change it)."""
    schema = copy.deepcopy(model.model_json_schema())

    def clean(node: Any) -> None:
        if isinstance(node, dict):
            node.pop("title", None)
            if node.get("type") == "object" and "properties" in node:
                node.setdefault("additionalProperties", False)
            for key, value in node.items():
                if key != "properties":
                    clean(value)
                else:
                    for prop in value.values():
                        clean(prop)
        elif isinstance(node, list):
            for item in node:
                clean(item)

    clean(schema)
    return schema


def ask_structured(call: Call, messages: list[Message], model: type[M], *,
                   retries: int = 2, max_tokens: int | None = None) -> M:
    """The answer to ``messages`` as a ``model``; re-asks up to ``retries`` times with the
    validation error, then raises ``ModelResponseError``."""
    schema = output_schema(model)
    history = list(messages)
    error = ""
    for _attempt in range(retries + 1):
        completion = call(history, schema=schema, max_tokens=max_tokens)
        try:
            return model.model_validate(parse_json_object(completion.text))
        except (ModelResponseError, ValidationError) as exc:
            error = _short_error(exc)
        history = [*history, Message.assistant(completion.text),
                   Message.user(prompts.render("team", "reask", error=error,
                                               model=model.__name__))]
    raise ModelResponseError(
        f"No valid {model.__name__} after {retries + 1} answers; the last error: {error}")


def _short_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'answer'}: {e['msg']}"
            for e in exc.errors()[:5])
    return str(exc)
