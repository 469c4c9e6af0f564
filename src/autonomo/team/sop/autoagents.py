"""AutoAgents: a planner generates the expert roles and the execution plan for a task,
observers send it back until they are satisfied, and the result is an SOP file to read, edit
and run (``autonomo sop generate``).

Generation loop, at most ``rounds`` times: the planner proposes roles and a plan (JSON); code
checks that every command exists, every step names a role, and the last step belongs to a
role without commands (the summariser) — a proposal that fails goes straight back; then the
agent observer checks the roles and the plan observer the plan, and their suggestions go
back too. In the generated SOP each step is a state in which its role works and an action
observer checks the result (``<INFO>`` accepts it, anything else asks for a redo).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import json_repair
import yaml
from pydantic import BaseModel, Field, ValidationError

from autonomo.llm.base import ChatModel
from autonomo.llm.types import Message, Usage
from autonomo.prompts import render, texts
from autonomo.team.sop.events import SopEvent, SopObserver

OBSERVER = "ActionObserver"


class RoleDraft(BaseModel):
    name: str = Field(max_length=40)
    description: str = Field(max_length=300)
    prompt: str = Field(max_length=800)
    commands: list[str] = Field(default_factory=list, max_length=6)
    steps: list[str] = Field(default_factory=list, max_length=6)


class StepDraft(BaseModel):
    role: str = Field(max_length=40)
    step: str = Field(max_length=400)


class TeamDraft(BaseModel):
    roles: list[RoleDraft] = Field(min_length=1, max_length=6)
    plan: list[StepDraft] = Field(min_length=1, max_length=8)


class Verdict(BaseModel):
    ok: bool
    suggestions: str = Field(default="", max_length=600)


@dataclass
class Generated:
    draft: TeamDraft
    sop: dict[str, Any]
    rounds: int
    accepted: bool
    history: list[dict[str, Any]] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)

    def yaml(self) -> str:
        return yaml.safe_dump(self.sop, sort_keys=False, allow_unicode=True, width=100)


def existing_roles() -> list[dict[str, Any]]:
    text = resources.files("autonomo.team.sop").joinpath("expert_roles.yaml").read_text("utf-8")
    return yaml.safe_load(text)


def _ask(model: ChatModel, system: str, user: str, answer: type[BaseModel], usage: list[Usage]
         ) -> tuple[BaseModel | None, str]:
    completion = model.complete([Message.system(system), Message.user(user)],
                                schema=answer.model_json_schema())
    usage.append(completion.usage)
    try:
        data = json_repair.loads(completion.text)
        return answer.model_validate(data), completion.text
    except (ValidationError, ValueError, TypeError) as exc:
        return None, f"{completion.text}\n(unusable: {exc})"


def check(draft: TeamDraft, commands: dict[str, str]) -> list[str]:
    """What code can see is wrong: unknown commands, unknown roles, no summariser last."""
    problems = []
    names = {role.name for role in draft.roles}
    for role in draft.roles:
        unknown = [c for c in role.commands if c not in commands]
        if unknown:
            problems.append(f"The role {role.name} names commands that do not exist: "
                            f"{', '.join(unknown)}. Use only: {', '.join(commands)}.")
        if not re.fullmatch(r"[A-Za-z][\w-]*", role.name):
            problems.append(f"The role name {role.name!r} must be one word.")
    for number, step in enumerate(draft.plan, 1):
        if step.role not in names:
            problems.append(f"Step {number} names the role {step.role}, which is not in the team.")
    last = next((r for r in draft.roles if r.name == draft.plan[-1].role), None)
    if last is None or last.commands:
        problems.append("The last step must be done by a role without commands that summarises "
                        "the results of every earlier step; add that role and that step.")
    return problems


def generate(task: str, model: ChatModel, commands: dict[str, str], *, rounds: int = 3,
             observer: SopObserver | None = None) -> Generated:
    """Roles and plan for ``task``, checked by code and by the two observers."""
    existing = existing_roles()
    usage: list[Usage] = []
    history: list[dict[str, Any]] = []
    feedback, draft, accepted, seq = "", None, False, 0

    def emit(kind: str, **data: Any) -> None:
        nonlocal seq
        seq += 1
        history.append({"kind": kind, **data})
        if observer:
            observer.on_event(SopEvent(kind, data, seq))

    planner_system = render("autoagents", "planner_system", existing=existing, commands=commands)
    number = 0
    for number in range(1, rounds + 1):
        proposal, raw = _ask(model, planner_system,
                             render("autoagents", "planner_user", task=task, feedback=feedback),
                             TeamDraft, usage)
        emit("message", state=f"generate round {number}", role="Planner", agent="", to="team",
             text=raw)
        if proposal is None:
            feedback = "Your reply was not the JSON asked for. Reply with JSON only."
            continue
        draft = proposal
        problems = check(draft, commands)
        if problems:
            feedback = "\n".join(problems)
            emit("hook", state=f"round {number}", hook="check", text=feedback)
            continue
        summary = render("autoagents", "observer_user", task=task, roles=draft.roles,
                         plan=draft.plan)
        verdicts = []
        for name, key in (("AgentObserver", "agent_observer_system"),
                          ("PlanObserver", "plan_observer_system")):
            verdict, raw = _ask(model, render("autoagents", key, commands=list(commands)),
                                summary, Verdict, usage)
            emit("message", state=f"generate round {number}", role=name, agent="",
                 to="Planner", text=raw)
            verdicts.append((name, verdict or Verdict(ok=True)))
        wanted = [f"{name}: {v.suggestions}" for name, v in verdicts if not v.ok]
        if not wanted:
            accepted = True
            break
        feedback = "\n".join(wanted)
    if draft is None:
        from autonomo.errors import ModelResponseError

        raise ModelResponseError(f"The planner gave no usable team in {rounds} rounds.")
    draft = _repaired(draft, commands, existing, emit) if check(draft, commands) else draft
    return Generated(draft, to_sop(task, draft, commands), number, accepted, history,
                     sum(usage, Usage()))


def _repaired(draft: TeamDraft, commands: dict[str, str], existing: list[dict[str, Any]],
              emit: Any) -> TeamDraft:
    """After the last round: drop unknown commands and steps of unknown roles, and add the
    summariser if it is still missing (the team must always have one)."""
    roles = [role.model_copy(update={"commands": [c for c in role.commands if c in commands]})
             for role in draft.roles]
    names = {role.name for role in roles}
    plan = [step for step in draft.plan if step.role in names]
    last = next((r for r in roles if plan and r.name == plan[-1].role), None)
    if last is None or last.commands:
        summariser = next(r for r in existing if not r["commands"])
        roles.append(RoleDraft(**summariser))
        plan.append(StepDraft(role=summariser["name"], step="Given the results of the steps "
                              "above, answer the original task completely."))
    emit("hook", state="generate", hook="repair", text="removed unknown commands and roles; "
         "made sure a summariser ends the plan")
    return TeamDraft(roles=roles, plan=plan)


def to_sop(task: str, draft: TeamDraft, commands: dict[str, str]) -> dict[str, Any]:
    """The autonomo SOP file (as data) that carries the plan out."""
    roles: dict[str, Any] = {
        role.name: {"prompt": role.prompt, "description": role.description,
                    "commands": list(role.commands), "steps": list(role.steps)}
        for role in draft.roles}
    roles[OBSERVER] = {"prompt": texts("autoagents")["action_observer_prompt"],
                       "description": "checks each step's result"}
    states: dict[str, Any] = {}
    total = len(draft.plan)
    for number, step in enumerate(draft.plan, 1):
        last = number == total
        after = {"hook": "record_result", "args": {"role": step.role,
                                                    "label": f"Step {number} ({step.role})"}}
        if last:
            after["args"].update(variable="answer", file="answer.md")
        states[f"step_{number}"] = {
            "roles": [step.role, OBSERVER],
            "opening": {"role": OBSERVER, "text": render(
                "autoagents", "step_opening", number=number, total=total, step=step.step)},
            "max_turns": 4,
            "conclusion": "<INFO>",
            "fallback": f"last:{step.role}",
            "after": [after],
            "next": [{"to": "end" if last else f"step_{number + 1}"}],
        }
    return {"sop": 1, "name": _slug(task), "description": f"Generated for the task: {task}",
            "variables": {"results": "", "answer": ""}, "roles": roles, "start": "step_1",
            "states": states}


def _slug(task: str) -> str:
    words = re.findall(r"[a-z0-9]+", task.lower())[:5]
    return "-".join(words) or "generated"


def write(generated: Generated, path: Path) -> Path:
    path.write_text(generated.yaml(), encoding="utf-8")
    return path


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2)
