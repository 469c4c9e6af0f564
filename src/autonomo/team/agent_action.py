"""``AgentAction``: an action that is a whole single-agent run.

The role hands its instruction to a new autonomous agent — the single agent of
``autonomo.agent``, with its commands, sandbox, memory and budget — working in the team's
workspace, and publishes the agent's final answer. No second agent runtime: the agent is built
by the team's ``Workbench`` and driven by the ordinary ``Runner``.

The run goes through the team's calls like a model call (``AgentRun`` answers "what did the
agent do with this task?"), so it is counted in the role's usage, bounded by the team's
budget (the agent gets what is left as its own budget, reserved for the run), stored, and on
resume after a crash replayed from the store instead of run again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from autonomo.errors import UserError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Completion, Message
from autonomo.team.action import Action, ActionContext, ActionOutput

if TYPE_CHECKING:
    from autonomo.agent.workbench import Workbench
    from autonomo.team.role import Role


class AgentRun(ChatModel):
    """A "model" whose answer is a single agent's run on the last message (the task)."""

    name = "agent-run"
    context_window = 1_000_000

    def __init__(self, bench: Workbench, role: Role, *, max_steps: int,
                 tools: Sequence[Any] | None, budget: float | None) -> None:
        self.bench, self.role = bench, role
        self.max_steps, self.tools, self.budget = max_steps, tools, budget

    def complete(self, messages: Sequence[Message], **options: Any) -> Completion:  # type: ignore[override]
        from autonomo.agent.approval import AutoApproval
        from autonomo.agent.profile import AgentProfile
        from autonomo.agent.runner import Runner

        assert self.role.team is not None
        profile = AgentProfile(name=self.role.name.replace(" ", ""),
                               role=f"the {self.role.profile} of a team: {self.role.goal}")
        agent = self.bench.new_agent(messages[-1].content, profile=profile,
                                     workspace=self.role.team.workspace,
                                     tools=self.tools, budget=self.budget)
        result = Runner(agent, AutoApproval()).run(max_steps=self.max_steps)
        usage = result.state.usage.model_copy()
        text = (f"Agent {result.state.id} {result.status} after {result.steps} step(s): "
                f"{result.reason}")
        return Completion(text=text, usage=usage, model=self.name, finish_reason="stop")

    def estimate_cost(self, messages: Sequence[Message], max_tokens: int | None = None) -> float:
        return self.budget or 0.0


class AgentAction(Action):
    """Run a single agent on this action's prompt; its outcome becomes the message."""

    max_steps: int = 10
    #: the agent's tools: functions, commands or command names (None: the configured
    #: selection), as ``Workbench.new_agent`` takes them
    tools: Sequence[Any] | None = None

    def run(self, ctx: ActionContext) -> ActionOutput:
        role = ctx.role
        team = role.team
        assert team is not None
        bench = team.services.get("workbench")
        if bench is None:
            settings = team.services.get("settings")
            if settings is None:
                raise UserError(f"{self.name} runs a single agent: give the team a "
                                "'workbench' (or 'settings') service.")
            from autonomo import Workbench

            bench = team.services["workbench"] = Workbench.open(
                settings, models=(team.model, team.model, team.model))
        runner = AgentRun(bench, role, max_steps=self.max_steps, tools=self.tools,
                          budget=team.calls.remaining_budget())
        task = self.render(ctx)
        completion = team.calls.call(role.name, self.name, runner, [Message.user(task)])
        return ActionOutput(completion.text)
