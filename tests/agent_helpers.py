"""Shared pieces for agent tests: a few plain functions as tools, and agent builders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from autonomo import (
    AgentProfile,
    CommandContext,
    ScriptedModel,
    Settings,
    Workbench,
    create_plugin_manager,
)
from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.tools.registry import CommandResult


def write_note(ctx: CommandContext, path: str, text: str) -> str:
    """Write text to a file in the workspace.

    Args:
        path: file name
        text: what to write
    """
    (ctx.workspace / path).write_text(text)
    return f"Wrote {len(text)} characters to {path}."


def count_lines(ctx: CommandContext, path: str) -> str:
    """Count the lines of a file.

    Args:
        path: file name
    """
    return str(len((ctx.workspace / path).read_text().splitlines()))


def big_output(n: int = 1000) -> str:
    """Return n characters of text."""
    return ("lorem ipsum " * (n // 12 + 1))[:n]


#: what test agents are given: three plain functions and the built-in finish
TEST_TOOLS = [write_note, count_lines, big_output, "finish"]


def plugins(*extra: Any):
    """A plugin manager with the built-ins and ``extra``, without installed plugins."""
    return create_plugin_manager(load_entry_points=False, extra=extra)


def workbench(settings: Settings, model: ScriptedModel, plugin_manager=None, *,
              smart_model=None, summary_model=None) -> Workbench:
    """A workbench whose agents have no long-term memory (as the loop tests want)."""
    models = (model, smart_model or model, summary_model or model)
    bench = Workbench.open(settings, plugins=plugin_manager or plugins(), models=models)
    bench.memory = False
    return bench


class ConstrainedModel(ScriptedModel):
    """A scripted model whose replies follow the schema, like the local model: a small
    model's strategy (first look, grounded arguments, commands not offered)."""

    enforces_schema = True


def constrained_agent(tmp_path: Path, responses: list, *, task: str):
    """An agent on a ``ConstrainedModel`` with a small model's (compact) strategy."""
    model = ConstrainedModel(responses)
    agent, _, _ = make_agent(tmp_path, [], task=task)
    agent.model = agent.smart_model = model
    agent.strategy.compact = True  # as the workbench makes it for such a model
    agent.strategy.finish_evidence = True
    return agent, model


def recorded_state(workspace: Path, task: str, steps) -> AgentState:
    """A state whose record is ``steps``: (command, arguments, status[, output]) each."""
    state = AgentState(tasks=[task], workspace=str(workspace))
    for number, (name, args, status, *output) in enumerate(steps, 1):
        state.episodes.append(Episode(
            number=number, action=Action(name=name, arguments=args),
            result=CommandResult(status=status, output=output[0] if output else "")))
    return state


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
    bench = workbench(settings, model, plugin_manager, smart_model=kwargs.pop("smart_model", None),
                      summary_model=kwargs.pop("summary_model", None))
    agent = bench.new_agent(
        task,
        profile=kwargs.pop("profile", AgentProfile(name="TestGPT", role="a test agent")),
        tools=kwargs.pop("tools", TEST_TOOLS), **kwargs,
    )
    return agent, model, bench.store
