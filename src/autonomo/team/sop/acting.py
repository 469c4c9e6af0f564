"""A role that has commands works as a single agent (``autonomo.agent``): it gets the latest
request of the chat as its task, may use only its own commands, works in the SOP's workspace,
and what it did and found becomes its message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from autonomo.config import Settings
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Usage
from autonomo.prompts import render
from autonomo.team.sop.spec import RoleSpec

if TYPE_CHECKING:
    from autonomo.team.sop.engine import SopRun

STEPS = 8  # most agent steps per turn of a role


def act(run: SopRun, role: RoleSpec, commands: list[str], model: ChatModel, instruction: str,
        settings: Settings) -> tuple[str, Usage]:
    """Run ``role`` as an agent on ``instruction``; its report and usage."""
    from autonomo import AgentProfile, Runner, Workbench

    values = run.values_now()
    task = render("sop", "agent_task", role=role.name, description=role.description,
                  prompt=run.fill(role.prompt, values), instruction=instruction)
    bench = Workbench.open(settings, models=model)
    bench.memory = False  # a turn's agent needs no long-term memory (nor the embedder)
    try:
        agent = bench.new_agent(
            task, profile=AgentProfile(name=role.name, role=role.description or role.name),
            tools=commands, workspace=run.workspace,
            budget=run.calls.remaining_budget())
        result = Runner(agent).run(max_steps=STEPS)
    finally:
        bench.store.close()
    steps = [f"{e.action.describe()}: " + (e.summary or (e.result.output if e.result else "")
                                           )[:300].replace("\n", " ")
             for e in agent.state.episodes if e.action.name != "finish"]
    report = render("sop", "agent_report", steps=steps, status=result.status,
                    reason=result.reason)
    return report, agent.state.usage
