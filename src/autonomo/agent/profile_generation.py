"""AutoGPT's first step: the model writes the agent's profile from the task (``profile_for``
makes that call for a new agent, counted in its usage and budget)."""

from __future__ import annotations

import json

import pluggy
from pydantic import ValidationError

from autonomo import prompts
from autonomo.agent.calls import ModelCalls
from autonomo.agent.parsing import parse_json_object
from autonomo.agent.profile import AgentProfile, Directives, profile_schema
from autonomo.agent.state import AgentState, CallRecord
from autonomo.errors import BudgetExceededError, ModelResponseError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Message, ToolSpec

CREATE_AGENT = ToolSpec(
    name="create_agent",
    description="Create an agent for the task: its name, role and task-specific directives.",
    parameters=profile_schema(),
)


def generate_profile(model: ChatModel, task: str) -> tuple[AgentProfile, Directives]:
    """A profile and directives for ``task`` from a ``create_agent`` call.

    Raises ``ModelResponseError`` when the model's answer is unusable; callers fall back to
    the default profile.
    """
    messages = [
        Message.system(prompts.render("create_agent", "system")),
        Message.user(prompts.render("create_agent", "user", task=task)),
    ]
    if model.supports_tools and not model.enforces_schema:
        completion = model.complete(messages, tools=[CREATE_AGENT], max_tokens=400)
        if not completion.tool_calls:
            raise ModelResponseError("The model did not call create_agent.")
        arguments = completion.tool_calls[0].arguments
    else:
        completion = model.complete(messages, schema=profile_schema(), max_tokens=400)
        arguments = parse_json_object(completion.text)
    try:
        name = str(arguments["name"]).strip()
        description = str(arguments["description"]).strip()
        directives = Directives(
            best_practices=[str(x) for x in arguments.get("best_practices", [])][:5],
            constraints=[str(x) for x in arguments.get("constraints", [])][:5],
        )
    except (KeyError, TypeError, ValidationError) as exc:
        raise ModelResponseError(
            f"create_agent arguments are incomplete: {json.dumps(arguments)[:200]}"
        ) from exc
    if not name or not description:
        raise ModelResponseError("create_agent returned an empty name or description.")
    role = description[0].lower() + description[1:] if description else description
    return AgentProfile(name=name.replace(" ", ""), role=role.rstrip(".")), directives


def profile_for(
    model: ChatModel, task: str, state: AgentState, plugins: pluggy.PluginManager | None
) -> tuple[AgentProfile, Directives, list[CallRecord]]:
    """The model's ``create_agent`` answer, and its call for the trajectory; the call is
    counted in the agent's usage and budget like any other. The default profile when the
    answer is unusable or the budget too small."""
    calls = ModelCalls(state, plugins)
    try:
        profile, directives = generate_profile(calls.model(model, "profile"), task)
    except (ModelResponseError, BudgetExceededError):
        profile, directives = AgentProfile(), Directives()
    return profile, directives, calls.take_unsaved()
