"""JSON Schemas shipped with the package: autonomo's SOP file and the files of other systems."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema ``<name>.schema.json`` of this package."""
    text = resources.files(__name__).joinpath(f"{name}.schema.json").read_text("utf-8")
    return json.loads(text)
