"""Getting a JSON object out of a model's reply, repairing it when that is safe."""

from __future__ import annotations

import json
from typing import Any

import json_repair

from autonomo.errors import ModelResponseError


def parse_json_object(text: str) -> dict[str, Any]:
    """The JSON object in ``text``: parsed strictly, else from a code fence, else repaired."""
    text = text.strip()
    if not text:
        raise ModelResponseError("The reply was empty; reply with one JSON object.")
    for candidate in _candidates(text):
        try:
            value = json.loads(candidate)
        except (json.JSONDecodeError, RecursionError):  # or nested thousands deep
            continue
        if isinstance(value, dict):
            return value
    try:
        repaired = json_repair.loads(_outermost_braces(text) or text)
    except (ValueError, RecursionError):  # json-repair refuses deep nesting with ValueError
        repaired = None
    if isinstance(repaired, dict) and repaired:
        return repaired
    raise ModelResponseError(
        f"The reply is not a JSON object: {text[:200]!r}. Reply with one JSON object only."
    )


def unpaired_surrogate(*values: Any) -> str | None:
    """Where a string in ``values`` (nested in dicts and lists) holds an unpaired surrogate
    (JSON may carry one, ``"\\udcff"``; no file name, file or record can): a description,
    or None when all is text."""
    stack = list(values)
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack += [*value.keys(), *value.values()]
        elif isinstance(value, list | tuple):
            stack += value
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:
                return (f"{value[exc.start]!r}, half of a character (an unpaired surrogate), "
                        f"in {value[:60]!r}")
    return None


def require_text(*values: Any) -> None:
    """``ModelResponseError`` if ``values`` hold an unpaired surrogate: a reply with one
    failed to be recorded and the run died."""
    if (where := unpaired_surrogate(*values)) is not None:
        raise ModelResponseError(f"The reply holds {where}: reply with plain text.")


def _candidates(text: str) -> list[str]:
    found = [text]
    if "```" in text:
        for block in text.split("```")[1::2]:
            found.append(block.removeprefix("json").strip())
    braces = _outermost_braces(text)
    if braces:
        found.append(braces)
    return found


def _outermost_braces(text: str) -> str | None:
    start, end = text.find("{"), text.rfind("}")
    return text[start : end + 1] if 0 <= start < end else None
