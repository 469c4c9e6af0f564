"""AutoGPT's one-shot strategy: ``thoughts`` and exactly one ``command``, as JSON."""

from __future__ import annotations

import json
from typing import Any

from autonomo import prompts
from autonomo.agent.episodes import Action
from autonomo.agent.parsing import parse_json_object
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.base import ModelRequest, PromptStrategy
from autonomo.agent.strategies.grounding import Situation
from autonomo.agent.strategies.schema import (
    COMPACT_THOUGHTS,
    FULL_THOUGHTS,
    THOUGHT_DESCRIPTIONS,
    one_shot_schema,
)
from autonomo.errors import ModelResponseError
from autonomo.llm.types import Completion
from autonomo.tools.registry import CommandRegistry


class OneShotStrategy(PromptStrategy):
    name = "one_shot"
    template = "one_shot"

    def thought_fields(self) -> tuple[str, ...]:
        return COMPACT_THOUGHTS if self.compact else FULL_THOUGHTS

    def render_system(self, state: AgentState) -> str:
        thoughts = {f: THOUGHT_DESCRIPTIONS[f] for f in self.thought_fields()}
        response_format = json.dumps(
            {"thoughts": thoughts, "command": {"name": "command name", "args": {"arg": "value"}}},
            indent=2 if not self.compact else None,
        )
        return prompts.render(
            self.template,
            "system_small" if self.compact else "system",
            profile=state.profile,
            directives=state.directives,
            commands=self.command_views(),
            response_format=response_format,
            example=self._example(),
        )

    def _example(self) -> str:
        """One example reply (the small model's prompt has its own, task-shaped examples)."""
        example_cmd = next((c for c in self.commands if c.example), None)
        if example_cmd is None:
            return ""
        thoughts: dict[str, Any] = {
            f: "…" for f in self.thought_fields()
        }
        thoughts[self.thought_fields()[0]] = "This command moves the task forward."
        return json.dumps(
            {"thoughts": thoughts,
             "command": {"name": example_cmd.name, "args": example_cmd.example}}
        )

    def build_request(self, commands: CommandRegistry,
                      where: Situation | None = None) -> ModelRequest:
        return ModelRequest(schema=one_shot_schema(commands, compact=self.compact, where=where))

    def parse(self, completion: Completion) -> Action:
        data = parse_json_object(completion.text)
        command = data.get("command")
        if not isinstance(command, dict) or not isinstance(command.get("name"), str):
            raise ModelResponseError(
                'The reply has no "command" object with a "name": '
                'reply with {"thoughts": {...}, "command": {"name": ..., "args": {...}}}.'
            )
        args = command.get("args", {})
        if not isinstance(args, dict):
            raise ModelResponseError('"command.args" must be a JSON object.')
        if command["name"] not in self.commands:
            raise ModelResponseError(
                f"Unknown command {command['name']!r}. Use one of: "
                f"{', '.join(self.commands.names())}."
            )
        thoughts = data.get("thoughts") if isinstance(data.get("thoughts"), dict) else {}
        return Action(
            name=self.commands.get(command["name"]).name,
            arguments=args,
            thoughts=thoughts,
            raw=completion.text.strip(),
        )
