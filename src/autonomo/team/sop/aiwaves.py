"""aiwaves Agents 1.x ``config.json`` SOPs, loaded as they are into the SOP model.

``root`` is the first state; ``relations`` give each state's next states by key ("0" stay,
"1" advance): with more than one, the state's controller judges after each message whether to
move on (or ``max_chat_nums`` forces it); with one, no controller is asked. ``begin_role``
speaks ``begin_query`` verbatim on entering a state. The ``controller_type`` picks speakers:
``order``, ``random``, or ``rule`` (the controller model chooses, with the call prompts).
Each agent's prompt components (style, task, rule, demonstrations, CustomizeComponent, last)
become its prompt in that state; ExtractComponent pulls tagged values into the shared
variables that CustomizeComponent templates use; CodeComponent writes one to a file.

``LLM`` blocks name models and temperatures (top level: the default; a state's: its
controller's; an agent state's: that role's there): a model configured under that name
(``llm.models``) or mapped to one in the run is used, else the default model, and the run
says so once.

The ``config`` block's values are strings; only MAX_CHAT_HISTORY is used (the window of chat
each agent sees). Nothing is read from or written to the process environment, and keys in it
are never copied into prompts or events.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autonomo.prompts import render
from autonomo.team.sop.check import placeholder_problems, raise_if, schema_problems
from autonomo.team.sop.schemas import schema
from autonomo.team.sop.source import Document, Problem, load_json, pointer
from autonomo.team.sop.spec import (
    Extraction,
    HookCall,
    Judge,
    RoleSpec,
    SopSpec,
    SpeakerPolicy,
    StateSpec,
    Transition,
)

DEFAULT_MAX_CHAT = 1000  # aiwaves' default max_chat_nums
SPEAKERS = {"order": "order", "random": "random", "rule": "model"}


def is_aiwaves(data: Any) -> bool:
    return isinstance(data, dict) and "relations" in data and "states" in data


def load_aiwaves(path: Path) -> SopSpec:
    doc = load_json(Path(path))
    raise_if(schema_problems(doc, schema("aiwaves")))
    return _compile(doc)


def _compile(doc: Document) -> SopSpec:
    data = doc.data
    states_data: dict[str, Any] = data["states"]
    finish = data.get("finish_state_name", "end_state")
    names = set(states_data) | {finish}
    problems: list[Problem] = []
    if data["root"] not in states_data:
        problems.append(doc.problem("/root", f"the root state {data['root']!r} is not under "
                                    f"`states`: use one of {', '.join(sorted(states_data))}"))
    for state, relation in data["relations"].items():
        if state not in states_data:
            problems.append(doc.problem(pointer("relations", state), f"the state {state!r} is "
                                        "not under `states`: add it there or fix the name"))
        for key, target in relation.items():
            if target not in names:
                problems.append(doc.problem(
                    pointer("relations", state, key), f"unknown state {target!r}: use one of "
                    f"{', '.join(sorted(names))}"))

    players: dict[str, dict[str, str]] = {}  # state -> role -> agent
    for agent, info in data["agents"].items():
        for state, role in info["roles"].items():
            if state not in states_data:
                problems.append(doc.problem(pointer("agents", agent, "roles", state),
                                f"unknown state {state!r}: use one of "
                                f"{', '.join(sorted(states_data))}"))
            players.setdefault(state, {})[role] = agent
    humans = set(data.get("User_Names", []))
    extracted = {word for state in states_data.values()
                 for parts in (state.get("agent_states") or {}).values()
                 for word in (parts.get("ExtractComponent") or {}).get("extract_words", [])}

    roles: dict[str, RoleSpec] = {}
    states: dict[str, StateSpec] = {finish: StateSpec(finish, kind="end")}
    history = "state" if data.get("environment_type", "cooperative").startswith("compet") \
        else "all"
    window = _int(data.get("config", {}).get("MAX_CHAT_HISTORY", ""))
    for name, state in states_data.items():
        if name == finish:
            continue
        ptr = pointer("states", name)
        state_roles: list[str] = state.get("roles") or []
        for index, role in enumerate(state_roles):
            agent = players.get(name, {}).get(role)
            if agent is None:
                problems.append(doc.problem(f"{ptr}/roles/{index}", f"no agent plays the role "
                                f"{role!r} in {name}: add \"{name}\": \"{role}\" to the roles of "
                                "an agent under `agents`"))
                continue
            style = data["agents"][agent].get("style", "")
            roles.setdefault(role, RoleSpec(role, agent=agent, style=style, human=agent in humans))
        begin = state.get("begin_role", "")
        if begin and begin not in state_roles:
            problems.append(doc.problem(f"{ptr}/begin_role", f"the begin role {begin!r} is not in "
                            f"this state's roles ({', '.join(state_roles)}): add it or fix it"))
        if not state_roles:
            problems.append(doc.problem(ptr, "the state has no `roles`: list who takes part"))
        compiled = _state(doc, name, state, players.get(name, {}), data, problems, extracted)
        compiled.history, compiled.history_window = history, window
        compiled.model, compiled.temperature = _llm(state), _temperature(state)
        relation = data["relations"].get(name, {})
        if len(relation) > 1:
            controller = state.get("controller", {})
            compiled.judge = Judge(controller.get("judge_system_prompt", ""),
                                   controller.get("judge_last_prompt", ""),
                                   controller.get("judge_extract_words", "end"))
            compiled.transitions = [Transition(t, "model", label=k) for k, t in relation.items()]
        elif relation and relation.get("0", next(iter(relation.values()))) != name:
            compiled.transitions = [Transition(next(iter(relation.values())), label="0")]
        states[name] = compiled
    raise_if(problems)
    return SopSpec(name=Path(doc.path).stem, format="aiwaves", source=doc.path, roles=roles,
                   states=states, start=data["root"], provided=extracted, model=_llm(data),
                   temperature=_temperature(data),
                   description=f"aiwaves SOP from {doc.path.name}: root {data['root']}")


def _state(doc: Document, name: str, state: dict[str, Any], players: dict[str, str],
           data: dict[str, Any], problems: list[Problem], extracted: set[str]) -> StateSpec:
    ptr = pointer("states", name)
    controller = state.get("controller", {})
    spec = StateSpec(
        name=name, roles=list(state.get("roles") or []),
        speakers=SpeakerPolicy(SPEAKERS[controller.get("controller_type", "order")],
                               prompt=controller.get("call_system_prompt", ""),
                               last_prompt=controller.get("call_last_prompt", ""),
                               extract=controller.get("call_extract_words", "end")),
        environment_prompt=state.get("environment_prompt", ""),
        max_messages=controller.get("max_chat_nums", DEFAULT_MAX_CHAT),
        origin=(str(doc.path), doc.line(ptr)),
    )
    if state.get("begin_query") and state.get("begin_role"):
        spec.opening_role, spec.opening = state["begin_role"], state["begin_query"]
        spec.opening_verbatim = True
    for role, parts in (state.get("agent_states") or {}).items():
        at = f"{ptr}/agent_states/{pointer(role)[1:]}"
        agent = players.get(role, role)
        spec.role_prompts[role] = _prompt(parts, role, agent, data)
        if _llm(parts):
            spec.role_models[role] = _llm(parts)
        if _temperature(parts) is not None:
            spec.role_temperatures[role] = _temperature(parts)  # type: ignore[assignment]
        custom = parts.get("CustomizeComponent") or {}
        for index, word in enumerate(custom.get("keywords", [])):
            if word not in extracted:
                problems.append(doc.problem(
                    f"{at}/CustomizeComponent/keywords/{index}", f"the placeholder {{{word}}} "
                    "has no value: no ExtractComponent in this SOP extracts it; add it to one's "
                    "extract_words or remove it"))
        problems += placeholder_problems(doc, f"{at}/CustomizeComponent/template",
                                         custom.get("template", ""),
                                         set(custom.get("keywords", [])) | extracted)
        if parts.get("last", {}).get("last_prompt"):
            spec.role_last_prompts[role] = parts["last"]["last_prompt"]
        extract = parts.get("ExtractComponent")
        if extract:
            spec.extractions[role] = Extraction(list(extract.get("extract_words", [])),
                                                extract.get("system_prompt", ""),
                                                extract.get("last_prompt", ""))
        code = parts.get("CodeComponent")
        if code and code.get("file_name") and code.get("keyword"):
            spec.after.append(HookCall("write_variable", {"file": code["file_name"],
                                                          "variable": code["keyword"]}))
    return spec


def _prompt(parts: dict[str, Any], role: str, agent: str, data: dict[str, Any]) -> str:
    style = parts.get("style", {})
    lines = [render("sop", "aiwaves_style", agent=agent, role=style.get("role", role),
                    style=style.get("style") or data["agents"].get(agent, {}).get("style", ""))]
    for key in ("task", "rule", "demonstrations"):
        text = (parts.get(key) or {}).get(key, "")
        if text.strip():
            lines.append(render("sop", f"aiwaves_{key}", text=text.strip()))
    custom = parts.get("CustomizeComponent") or {}
    if custom.get("template"):
        lines.append(custom["template"])
    return "\n".join(lines)


def _llm(block: dict[str, Any]) -> str:
    """The model an ``LLM`` block names (aiwaves: an OpenAI model name), else ''."""
    llm = block.get("LLM")
    return str(llm.get("model") or "").strip() if isinstance(llm, dict) else ""


def _temperature(block: dict[str, Any]) -> float | None:
    """The sampling temperature an ``LLM`` block sets, else None (the model's own)."""
    llm = block.get("LLM")
    value = llm.get("temperature") if isinstance(llm, dict) else None
    try:
        return None if value is None else float(value)
    except (TypeError, ValueError):
        return None


def _int(text: str) -> int:
    try:
        return max(0, int(str(text).strip()))
    except ValueError:
        return 0
