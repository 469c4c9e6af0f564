"""autonomo's own SOP file (YAML; schema in ``schemas/sop.schema.json``).

```yaml
sop: 1
name: poem
roles:
  Writer: {prompt: "You write short poems. The task: {task}"}
  Editor: {prompt: "You edit poems."}
states:
  draft:
    roles: [Writer, Editor]
    opening: {role: Editor, text: "Write the poem."}
    max_turns: 4
    conclusion: "<INFO>"
    set: {poem: conclusion}
    next: [{to: end}]
```
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autonomo.team.sop.check import placeholder_problems, raise_if, schema_problems
from autonomo.team.sop.hooks import HOOKS, provided_by
from autonomo.team.sop.schemas import schema
from autonomo.team.sop.source import Document, Problem, load_yaml, pointer
from autonomo.team.sop.spec import (
    Condition,
    HookCall,
    RoleSpec,
    SopSpec,
    SpeakerPolicy,
    StateSpec,
    Transition,
)

END = "end"
ALWAYS_KNOWN = {"task", "assistant_role", "user_role", "conclusion", "last_speaker",
                "last_message"}


def load_yaml_sop(path: Path) -> SopSpec:
    doc = load_yaml(Path(path))
    raise_if(schema_problems(doc, schema("sop")))
    return _compile(doc)


def _command_problems(doc: Document, ptr: str, names: list[str]) -> list[Problem]:
    """Roles may use only commands that exist (built-in or from an installed plugin)."""
    if not names:
        return []
    from autonomo.plugins.manager import create_plugin_manager
    from autonomo.tools.registry import CommandRegistry

    registry = CommandRegistry()
    create_plugin_manager().hook.register_commands(register=registry.register)
    return [doc.problem(f"{ptr}/{index}", f"unknown command {name!r}: use one of "
                        f"{', '.join(sorted(registry.names()))}")
            for index, name in enumerate(names) if name not in registry]


def _condition(data: dict[str, Any]) -> Condition:
    op = next(key for key in data if key != "variable")
    value = data[op]
    return Condition(data["variable"], op, "" if value is True else str(value))


def _hooks(items: list[Any]) -> list[HookCall]:
    return [HookCall(i) if isinstance(i, str) else HookCall(i["hook"], dict(i.get("args", {})))
            for i in items]


def _compile(doc: Document) -> SopSpec:
    data = doc.data
    problems: list[Problem] = []
    roles = {name: RoleSpec(name, **{k: v for k, v in (spec or {}).items()})
             for name, spec in data["roles"].items()}
    state_names = list(data["states"])
    start = data.get("start", state_names[0])
    if start not in data["states"]:
        problems.append(doc.problem("/start", f"unknown state {start!r}: use one of "
                                    f"{', '.join(state_names)}"))
    variables = {k: str(v) for k, v in (data.get("variables") or {}).items()}
    every_hook = [h.name for s in data["states"].values() for key in ("before", "after",
                  "after_message") for h in _hooks((s or {}).get(key, []))]
    outputs = {name for s in data["states"].values() for name in (s or {}).get("set", {})}
    known = (ALWAYS_KNOWN | set(variables) | set(data.get("provided", []))
             | provided_by(every_hook) | outputs)
    for name, role in roles.items():
        problems += placeholder_problems(doc, pointer("roles", name, "prompt"), role.prompt, known)
        problems += _command_problems(doc, pointer("roles", name, "commands"), role.commands)

    states: dict[str, StateSpec] = {}
    for name, raw in data["states"].items():
        raw = raw or {}
        ptr = pointer("states", name)

        def check_role(role: str, field: str, allowed: list[str], ptr: str = ptr,
                       problems: list[Problem] = problems) -> None:
            if role not in allowed:
                problems.append(doc.problem(f"{ptr}/{field}", f"unknown role {role!r}: declare it "
                                f"under `roles` or use one of {', '.join(allowed) or 'none'}"))

        state_roles = list(raw.get("roles", []))
        for index, role in enumerate(state_roles):
            check_role(role, f"roles/{index}", list(roles))
        state = StateSpec(name=name, roles=state_roles,
                          origin=(str(doc.path), doc.line(ptr)))
        if "cycle" in raw:
            state.kind = "cycle"
            state.children = list(raw["cycle"])
            state.cycles = raw.get("cycles", 1)
            state.break_when = [_condition(c) for c in raw.get("break_when", [])]
            for index, child in enumerate(state.children):
                if child not in data["states"] or child == name:
                    others = ", ".join(n for n in state_names if n != name)
                    problems.append(doc.problem(f"{ptr}/cycle/{index}", f"unknown state "
                                                f"{child!r}: use one of {others}"))
        elif not state_roles:
            problems.append(doc.problem(ptr, "the state has no `roles` (or `cycle`): list who "
                                             "takes part"))
        speakers = raw.get("speakers", "order")
        if isinstance(speakers, dict):
            rules = [(_condition(r["if"]), r["speaker"]) for r in speakers["rule"]]
            for index, (_, speaker) in enumerate(rules):
                check_role(speaker, f"speakers/rule/{index}/speaker", state_roles)
            state.speakers = SpeakerPolicy("rule", rules=rules)
        else:
            state.speakers = SpeakerPolicy(speakers)
        if "opening" in raw:
            opening = raw["opening"]
            check_role(opening["role"], "opening/role", state_roles)
            state.opening_role, state.opening = opening["role"], opening["text"]
            state.opening_verbatim = opening.get("verbatim", False)
            if not state.opening_verbatim:
                problems += placeholder_problems(doc, f"{ptr}/opening/text", state.opening, known)
        state.environment_prompt = raw.get("environment", "")
        problems += placeholder_problems(doc, f"{ptr}/environment", state.environment_prompt,
                                         known)
        for role, text in raw.get("role_prompts", {}).items():
            check_role(role, f"role_prompts/{pointer(role)[1:]}", state_roles)
            problems += placeholder_problems(doc, f"{ptr}/role_prompts/{pointer(role)[1:]}",
                                             text, known)
        state.role_prompts = dict(raw.get("role_prompts", {}))
        state.max_messages = raw.get("max_turns", 10)
        state.conclusion_marker = raw.get("conclusion", "")
        state.fallback = raw.get("fallback", "last")
        if state.fallback.startswith("last:"):
            check_role(state.fallback[5:], "fallback", state_roles)
        state.reflect_question = raw.get("reflect_question", "")
        state.outputs = dict(raw.get("set", {}))
        for key in ("before", "after", "after_message"):
            calls = _hooks(raw.get(key, []))
            setattr(state, key, calls)
            for index, call in enumerate(calls):
                if call.name not in HOOKS:
                    problems.append(doc.problem(f"{ptr}/{key}/{index}", f"unknown hook "
                                    f"{call.name!r}: use one of {', '.join(sorted(HOOKS))}"))
        state.history = raw.get("history", "state")
        state.history_window = raw.get("history_window", 0)
        state.model = raw.get("model", "")
        state.commands = list(raw.get("commands", []))
        problems += _command_problems(doc, f"{ptr}/commands", state.commands)
        for index, edge in enumerate(raw.get("next", [])):
            target = edge["to"]
            if target != END and target not in data["states"]:
                problems.append(doc.problem(f"{ptr}/next/{index}/to", f"unknown state {target!r}"
                                f": use one of {', '.join([*state_names, END])}"))
            kind = edge.get("decided_by") or ("variable" if "when" in edge else
                                              "marker" if "marker" in edge else "always")
            state.transitions.append(Transition(
                "" if target == END else target, kind,
                _condition(edge["when"]) if "when" in edge else None, edge.get("marker", "")))
        states[name] = state
    raise_if(problems)
    return SopSpec(name=data.get("name", doc.path.stem), format="autonomo", source=doc.path,
                   roles=roles, states=states, start=start, variables=variables,
                   provided=set(data.get("provided", [])),
                   description=data.get("description", ""))
