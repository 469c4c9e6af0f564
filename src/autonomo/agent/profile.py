"""Who the agent is (profile) and how it should work (directives)."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from pydantic import BaseModel, Field

from autonomo.errors import UserError

if TYPE_CHECKING:
    from autonomo.config import Settings


class Directives(BaseModel):
    constraints: list[str] = Field(default_factory=list)
    resources: list[str] = Field(default_factory=list)
    best_practices: list[str] = Field(default_factory=list)

    @classmethod
    def defaults(cls) -> Directives:
        """The default directives, from the editable prompt-settings file."""
        text = resources.files("autonomo.prompts").joinpath("directives.yaml").read_text("utf-8")
        return cls.model_validate(yaml.safe_load(text))

    @classmethod
    def load(cls, settings: Settings) -> Directives:
        """The user's prompt-settings file (``$AUTONOMO_DIRECTIVES``, else
        ``<data dir>/directives.yaml``) if present, else the packaged defaults."""
        custom = Path(os.environ.get("AUTONOMO_DIRECTIVES", settings.data_dir / "directives.yaml"))
        if not custom.is_file():
            return cls.defaults()
        try:
            return cls.model_validate(yaml.safe_load(custom.read_text("utf-8")) or {})
        except Exception as exc:
            raise UserError(f"{custom} is not a valid directives file: {exc}") from exc

    def merged_with(self, other: Directives) -> Directives:
        """These directives plus ``other``'s, without duplicates, order kept."""

        def merge(a: list[str], b: list[str]) -> list[str]:
            return list(dict.fromkeys([*a, *b]))

        return Directives(
            constraints=merge(self.constraints, other.constraints),
            resources=merge(self.resources, other.resources),
            best_practices=merge(self.best_practices, other.best_practices),
        )


class AgentProfile(BaseModel):
    """AutoGPT's AI settings: a role-based name, what it does, and (optionally) goals."""

    name: str = "Autonomo"
    role: str = "an autonomous agent that completes the user's task on its own"
    goals: list[str] = Field(default_factory=list, max_length=5)


def profile_schema() -> dict[str, Any]:
    """The ``create_agent`` function's arguments, tight enough for a small model."""
    short = {"type": "string", "minLength": 3, "maxLength": 120}
    return {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 2, "maxLength": 40},
            "description": {"type": "string", "minLength": 10, "maxLength": 200},
            "best_practices": {"type": "array", "items": short, "minItems": 1, "maxItems": 5},
            "constraints": {"type": "array", "items": short, "minItems": 1, "maxItems": 5},
        },
        "required": ["name", "description", "best_practices", "constraints"],
        "additionalProperties": False,
    }
