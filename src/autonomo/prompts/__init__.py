"""Prompt text, kept as package data: ``<name>.yaml`` files whose values are Jinja2 templates.

Every layer renders its prompts through ``render`` (this package imports nothing else from
autonomo, so the lowest layers can use it too).
"""

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
def texts(name: str) -> dict[str, str]:
    """The raw parts of ``<name>.yaml``."""
    return yaml.safe_load(resources.files(__name__).joinpath(f"{name}.yaml").read_text("utf-8"))


@cache
def _templates(name: str) -> dict[str, jinja2.Template]:
    templates = {}
    for key, value in texts(name).items():
        template = _ENV.from_string(value)
        # a plain dict instead of Jinja's ChainMap over the environment's globals (which
        # never change here): every render copies and scans it, which made the ChainMap
        # cost more than the rendering (about 50 k instructions a render)
        template.globals = dict(template.globals)
        templates[key] = template
    return templates


def render(name: str, part: str, **values: Any) -> str:
    """Render ``part`` of ``<name>.yaml`` (e.g. ``render("one_shot", "system", ...)``)."""
    return _templates(name)[part].render(**values).strip()
