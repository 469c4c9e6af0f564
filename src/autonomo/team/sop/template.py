"""``{name}`` placeholders, as ChatDev's and aiwaves' prompts write them (``{{`` is a brace)."""

from __future__ import annotations

import re
from collections.abc import Mapping

_TOKEN = re.compile(r"\{\{|\}\}|\{([A-Za-z_]\w*)\}")


def placeholders(text: str) -> list[str]:
    """The placeholder names in ``text``, in order of first use."""
    seen: dict[str, None] = {}
    for match in _TOKEN.finditer(text or ""):
        if match.group(1):
            seen.setdefault(match.group(1), None)
    return list(seen)


def fill(text: str, values: Mapping[str, object]) -> str:
    """Replace each placeholder with its value; one with no value is left as it is (the
    validator reports those before a run starts)."""

    def replace(match: re.Match[str]) -> str:
        token = match.group(0)
        if token == "{{":
            return "{"
        if token == "}}":
            return "}"
        name = match.group(1)
        return str(values[name]) if name in values else token

    return _TOKEN.sub(replace, text or "")
