"""OpenDevin's action style: ``{"action": ..., "args": ...}`` in an inner monologue."""

from __future__ import annotations

import json

from autonomo import prompts
from autonomo.agent.episodes import Action
from autonomo.agent.parsing import parse_json_object
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.base import ModelRequest, PromptStrategy
from autonomo.agent.strategies.grounding import Situation
from autonomo.agent.strategies.schema import command_call_schema
from autonomo.errors import ModelResponseError
from autonomo.llm.types import Completion
from autonomo.tools.registry import Command, CommandRegistry

#: OpenDevin's vocabulary, mapped to the commands that implement it
ACTION_COMMANDS = {
    "read": "read_file",
    "write": "write_file",
    "run": "execute_shell",
    "kill": "kill",
    "browse": "read_webpage",
    "recall": "recall",
    "think": "think",
    "finish": "finish",
}


class ActionsStrategy(PromptStrategy):
    name = "actions"
    template = "actions"

    def action_name(self, cmd: Command) -> str:
        """The short action name the model uses (``read`` for ``read_file``)."""
        for action, command_name in ACTION_COMMANDS.items():
            if cmd.name == command_name:
                return action
        return cmd.name

    def command_views(self) -> list[dict[str, str]]:
        views = []
        for c in self.commands:
            signature = c.signature().replace(c.name + "(", self.action_name(c) + "(", 1)
            views.append({"name": self.action_name(c), "signature": signature,
                          "description": c.description})
        return views

    def render_system(self, state: AgentState) -> str:
        example = ""
        if any(c.name == "think" for c in self.commands):
            example = json.dumps({"action": "think",
                                  "args": {"thought": "First I should look at the files."}})
        return prompts.render(
            self.template, "system", profile=state.profile, directives=state.directives,
            commands=self.command_views(), example=example,
        )

    def render_action(self, action: Action) -> str:
        return json.dumps({"action": action.name, "args": action.arguments})

    def build_request(self, commands: CommandRegistry,
                      where: Situation | None = None) -> ModelRequest:
        return ModelRequest(
            schema={
                "anyOf": [
                    command_call_schema(c, compact=self.compact, name_key="action",
                                        name=self.action_name(c), where=where)
                    for c in commands
                ]
            }
        )

    def resolve(self, name: str) -> Command | None:
        return self.commands.get(ACTION_COMMANDS.get(name, name))

    def parse(self, completion: Completion) -> Action:
        data = parse_json_object(completion.text)
        name = data.get("action")
        if not isinstance(name, str):
            raise ModelResponseError('Reply with {"action": <name>, "args": {...}}.')
        cmd = self.resolve(name)
        if cmd is None:
            names = ", ".join(v["name"] for v in self.command_views())
            raise ModelResponseError(f"Unknown action {name!r}. Use one of: {names}.")
        args = data.get("args", {})
        if not isinstance(args, dict):
            raise ModelResponseError('"args" must be a JSON object.')
        thoughts = {"text": args["thought"]} if cmd.name == "think" and "thought" in args else {}
        return Action(name=cmd.name, arguments=args, thoughts=thoughts,
                      raw=completion.text.strip())
