"""Prompt templates: YAML files of Jinja2 templates in ``autonomo/prompts``."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import jinja2
import yaml

_ENV = jinja2.Environment(
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=False,
    undefined=jinja2.StrictUndefined,
    autoescape=False,
)


@cache
def _load(name: str) -> dict[str, jinja2.Template]:
    text = resources.files("autonomo.prompts").joinpath(f"{name}.yaml").read_text("utf-8")
    return {key: _ENV.from_string(value) for key, value in yaml.safe_load(text).items()}


def render(name: str, part: str, **values: Any) -> str:
    """Render ``part`` of prompt file ``name`` (e.g. ``render("one_shot", "system", ...)``)."""
    return _load(name)[part].render(**values).strip()


def has_part(name: str, part: str) -> bool:
    return part in _load(name)
