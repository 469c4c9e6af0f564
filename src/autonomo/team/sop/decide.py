"""The engine's decisions: who speaks next, whether a judged state goes on, which state
comes next. Each returns its choice and the reason shown to the user."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from autonomo.llm.types import Message
from autonomo.prompts import render
from autonomo.team.sop.spec import StateSpec, Transition

if TYPE_CHECKING:
    from autonomo.team.sop.engine import SopRun


def extract(text: str, word: str) -> str:
    """The content of the last ``<word>…</word>`` in ``text`` (aiwaves' extract), else ''."""
    found = re.findall(rf"<{re.escape(word)}>(.*?)</{re.escape(word)}>", text or "", re.DOTALL)
    return found[-1].strip() if found else ""


def next_speaker(run: SopRun, state: StateSpec, last: str) -> tuple[str, str]:
    """The role that speaks next after ``last`` and why."""
    roles = state.roles
    policy = state.speakers
    if len(roles) == 1:
        return roles[0], "the only role here"
    if policy.mode == "random":
        return run.rng.choice(roles), "chosen at random"
    if policy.mode == "rule":
        values = run.values(state)
        for condition, speaker in policy.rules:
            if condition.holds(values):
                return speaker, f"rule: {condition.describe()}"
    if policy.mode == "model":
        chosen, why = _model_speaker(run, state, last)
        if chosen:
            return chosen, why
        following, _ = _in_order(roles, last)
        return following, why + "; the next in order speaks"
    return _in_order(roles, last)


def _in_order(roles: list[str], last: str) -> tuple[str, str]:
    if last in roles:
        return roles[(roles.index(last) + 1) % len(roles)], "next in order"
    return roles[0], "first in order"


def _model_speaker(run: SopRun, state: StateSpec, last: str) -> tuple[str, str]:
    policy = state.speakers
    roles = [run.spec.roles[name] for name in dict.fromkeys(state.roles)]
    values = run.values(state)
    system = (policy.prompt and run.fill(policy.prompt, values)) or render(
        "sop", "speaker_system", environment=run.fill(state.environment_prompt, values),
        state=state.name, roles=roles, extract=policy.extract)
    user = render("sop", "speaker_user", conversation=run.transcript(state), last=last or "nobody",
                  last_prompt=run.fill(policy.last_prompt, values))
    answer = run.ask_model("controller", [Message.system(system), Message.user(user)], state)
    name = extract(answer, policy.extract) or answer.strip()
    for role in state.roles:
        if name.strip().lower() == role.lower():
            return role, f"the controller chose {role}"
    for role in state.roles:  # the name somewhere in a looser answer
        if role.lower() in answer.lower():
            return role, f"the controller named {role}"
    return "", f"the controller's answer {answer.strip()[:60]!r} names no role here"


def judge(run: SopRun, state: StateSpec) -> tuple[str, str]:
    """aiwaves' transit: ask the controller whether the state is done; a relation label."""
    assert state.judge is not None
    values = run.values(state)
    system = run.fill(state.judge.prompt, values) if state.judge.prompt.strip() else render(
        "sop", "judge_system", environment=run.fill(state.environment_prompt, values),
        state=state.name, extract=state.judge.extract)
    user = render("sop", "judge_user", conversation=run.transcript(state),
                  last_prompt=run.fill(state.judge.last_prompt, values))
    answer = run.ask_model("controller", [Message.system(system), Message.user(user)], state)
    label = answer.strip() if answer.strip().isdigit() else extract(answer, state.judge.extract)
    if not label.isdigit():
        return "0", f"the controller's answer {answer.strip()[:60]!r} has no decision: stay"
    return label, f"the controller answered {label}"


def transition(run: SopRun, state: StateSpec, raw_conclusion: str) -> tuple[str | None, str]:
    """The next state after ``state`` (None ends the run) and why."""
    options = state.transitions
    index = 0
    values = run.values(state)
    while index < len(options):
        option = options[index]
        if option.kind == "always":
            return option.to or None, "the next stage"
        if option.kind == "variable" and option.when and option.when.holds(values):
            return option.to or None, option.when.describe()
        if option.kind == "marker" and option.marker in raw_conclusion:
            return option.to or None, f"the conclusion says {option.marker}"
        if option.kind in ("model", "human"):
            group = [o for o in options[index:] if o.kind == option.kind]
            chosen, why = _choose(run, state, group, raw_conclusion)
            return chosen.to or None, why
        index += 1
    return None, "no transition applies"


def _choose(run: SopRun, state: StateSpec, group: list[Transition], conclusion: str
            ) -> tuple[Transition, str]:
    names = [o.to or "end" for o in group]
    if group[0].kind == "human":
        answer = run.ask_person(f"Which stage comes after {state.name}? ({' / '.join(names)})",
                                state=state.name)
        who = "you"
    else:
        system = render("sop", "transition_system", state=state.name, options=names)
        user = render("sop", "transition_user", conclusion=conclusion)
        answer = run.ask_model("controller", [Message.system(system), Message.user(user)], state)
        answer = extract(answer, "next") or answer
        who = "the model"
    for option, name in zip(group, names, strict=True):
        if answer.strip().lower() == name.lower():
            return option, f"{who} chose {name}"
    for option, name in zip(group, names, strict=True):
        if name.lower() in answer.lower():
            return option, f"{who} named {name}"
    return group[0], f"{who} answered {answer.strip()[:40]!r}; taking the first option"
