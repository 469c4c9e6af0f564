"""Shared pieces for agent tests: a plugin with a few real commands, and agent builders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from autonomo.agent.builder import new_agent
from autonomo.agent.profile import AgentProfile
from autonomo.agent.state import AgentStore
from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel
from autonomo.plugins.hookspecs import hookimpl
from autonomo.plugins.manager import create_plugin_manager
from autonomo.tools.context import CommandContext
from autonomo.tools.registry import CommandResult, command


@command
def write_note(ctx: CommandContext, path: str, text: str) -> str:
    """Write text to a file in the workspace.

    Args:
        path: file name
        text: what to write
    """
    (ctx.workspace / path).write_text(text)
    return f"Wrote {len(text)} characters to {path}."


@command
def count_lines(ctx: CommandContext, path: str) -> str:
    """Count the lines of a file.

    Args:
        path: file name
    """
    return str(len((ctx.workspace / path).read_text().splitlines()))


@command
def big_output(n: int = 1000) -> str:
    """Return n characters of text."""
    return ("lorem ipsum " * (n // 12 + 1))[:n]


@command
def finish(reason: str) -> CommandResult:
    """Finish the task.

    Args:
        reason: what was done
    """
    return CommandResult(status="success", output=reason, finished=True)


class TestCommands:
    @hookimpl
    def register_commands(self, register):
        for cmd in (write_note, count_lines, big_output, finish):
            register(cmd)


def plugins(*extra: Any):
    return create_plugin_manager(load_entry_points=False, extra=[TestCommands(), *extra])


def reply(command_name: str, reasoning: str = "next step", **args: Any) -> str:
    """A one-shot JSON reply with compact thoughts (what the scripted model 'says')."""
    return json.dumps(
        {"thoughts": {"reasoning": reasoning, "text": reasoning, "plan": "-", "speak": "-",
                      "observations": "-", "self_criticism": "-"},
         "command": {"name": command_name, "args": args}}
    )


def make_agent(tmp_path: Path, responses: list, *, task: str = "write hello to a note",
               settings: Settings | None = None, plugin_manager=None, **kwargs: Any):
    settings = settings or Settings(data_dir=tmp_path / "data")
    model = ScriptedModel(responses)
    store = AgentStore(settings.data_dir)
    agent = new_agent(
        task, settings, store, model,
        profile=kwargs.pop("profile", AgentProfile(name="TestGPT", role="a test agent")),
        plugins=plugin_manager or plugins(), **kwargs,
    )
    return agent, model, store
