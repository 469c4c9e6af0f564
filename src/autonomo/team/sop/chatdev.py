"""ChatDev company folders (ChatChainConfig.json, PhaseConfig.json, RoleConfig.json), loaded
as they are into the SOP model.

A file missing from the company folder is taken from the ``Default`` company beside it, as
ChatDev does. Simple phases become two-role chat states (the user role opens with the phase
prompt, the assistant answers; ``<INFO>`` on the last line concludes); composed phases become
cycle states with ChatDev's break conditions. Each phase's behaviour in ChatDev's code is a
hook here (see ``PHASES``).
"""

from __future__ import annotations

from pathlib import Path

from autonomo.prompts import render
from autonomo.team.sop.check import placeholder_problems, raise_if, schema_problems
from autonomo.team.sop.schemas import schema
from autonomo.team.sop.source import Document, Problem, load_json, pointer
from autonomo.team.sop.spec import Condition, HookCall, RoleSpec, SopSpec, StateSpec, Transition

FILES = ("ChatChainConfig.json", "PhaseConfig.json", "RoleConfig.json")
DEFAULT_TURNS = 10  # ChatDev's chat_turn_limit_default
MARKER = "<INFO>"
REFLECTORS = ("Counselor", "Chief Executive Officer")

#: phase -> (hooks before the chat, hooks after it)
PHASES: dict[str, tuple[list[str], list[str]]] = {
    "DemandAnalysis": ([], ["set_modality"]),
    "LanguageChoose": ([], ["set_language"]),
    "Coding": ([], ["write_code"]),
    "ArtDesign": ([], ["propose_images"]),
    "ArtIntegration": ([], ["write_code"]),
    "CodeComplete": (["find_unimplemented"], ["write_code"]),
    "CodeReviewComment": ([], ["review_comments"]),
    "CodeReviewModification": ([], ["write_code"]),
    "CodeReviewHuman": (["ask_human_comments"], ["write_code"]),
    "TestErrorSummary": (["run_program"], ["summarise_errors"]),
    "TestModification": ([], ["write_code"]),
    "EnvironmentDoc": ([], ["write_requirements"]),
    "Manual": ([], ["write_manual"]),
}
#: composed phase -> when its cycle stops early
BREAKS: dict[str, list[Condition]] = {
    "CodeCompleteAll": [Condition("unimplemented_file", "empty")],
    "CodeReview": [Condition("review_done", "equals", "yes")],
    "Test": [Condition("tests_passed", "equals", "yes")],
    "HumanAgentInteraction": [Condition("human_done", "equals", "yes")],
}
VARIABLES = ("description", "modality", "language", "ideas", "codes", "comments",
             "test_reports", "error_summary", "unimplemented_file", "images", "requirements",
             "manual", "review_done", "tests_passed", "human_done")
BUILTIN = {"task", "assistant_role", "user_role", "conclusion", "gui", "chatdev_prompt"}


def is_company(path: Path) -> bool:
    return path.is_dir() and any((path / name).exists() for name in FILES)


def _flag(value: object) -> bool:
    return str(value).lower() == "true"


def _documents(folder: Path) -> dict[str, Document]:
    default = folder.parent / "Default"
    docs, problems = {}, []
    for name in FILES:
        path = folder / name
        if not path.exists() and (default / name).exists():
            path = default / name
        if not path.exists():
            problems.append(Problem(folder / name, 0, "", "is missing, and there is no Default "
                                    f"company at {default} to take it from: add the file"))
            continue
        docs[name] = load_json(path)
    raise_if(problems)
    for name, kind in zip(FILES, ("chatdev_chain", "chatdev_phase", "chatdev_role"), strict=True):
        problems += schema_problems(docs[name], schema(kind))
    raise_if(problems)
    return docs


def load_company(folder: Path) -> SopSpec:
    """The company in ``folder`` as an SOP; ``SopError`` lists every problem found."""
    folder = Path(folder)
    docs = _documents(folder)
    chain_doc, phase_doc, role_doc = (docs[name] for name in FILES)
    chain, phases, role_lines = chain_doc.data, phase_doc.data, role_doc.data
    roles = {name: RoleSpec(name, "\n".join(lines)) for name, lines in role_lines.items()}
    known = BUILTIN | set(VARIABLES)
    problems: list[Problem] = []

    def role_problem(doc: Document, ptr: str, name: str) -> None:
        if name not in roles:
            problems.append(doc.problem(ptr, f"the role {name!r} is not in RoleConfig.json "
                                        f"({role_doc.path}): add it there, or use one of "
                                        f"{', '.join(sorted(roles))}"))

    for index, name in enumerate(chain.get("recruitments", [])):
        role_problem(chain_doc, pointer("recruitments", index), name)
    for name, lines in role_lines.items():
        for index, line in enumerate(lines):
            problems += placeholder_problems(role_doc, pointer(name, index), line, known,
                                             f" in the prompt of {name}")

    states: dict[str, StateSpec] = {}
    needs_reflection = False

    def simple(item: dict, ptr: str, state_name: str) -> StateSpec | None:
        nonlocal needs_reflection
        phase = item["phase"]
        if phase not in phases:
            problems.append(chain_doc.problem(ptr + "/phase", f"the phase {phase!r} is not in "
                            f"PhaseConfig.json ({phase_doc.path}): add it there or fix the name"))
            return None
        config = phases[phase]
        for key in ("assistant_role_name", "user_role_name"):
            role_problem(phase_doc, pointer(phase, key), config[key])
        for index, line in enumerate(config["phase_prompt"]):
            problems.extend(placeholder_problems(phase_doc, pointer(phase, "phase_prompt", index),
                                                 line, known, f" in the phase {phase}"))
        turns = item["max_turn_step"] if item["max_turn_step"] > 0 else DEFAULT_TURNS
        reflect = _flag(item["need_reflect"])
        needs_reflection |= reflect
        before, after = PHASES.get(phase, ([], []))
        assistant = config["assistant_role_name"]
        question = ""
        if reflect:
            key = f"chatdev_question_{phase}"
            question = render("sop", key) if _has_prompt(key) else ""
        return StateSpec(
            name=state_name, roles=[assistant, config["user_role_name"]],
            opening_role=config["user_role_name"], opening="\n\n".join(config["phase_prompt"]),
            max_messages=1 if turns == 1 else 2 * turns, conclusion_marker=MARKER,
            fallback="reflect" if reflect else f"last:{assistant}", reflect_question=question,
            before=[HookCall(h) for h in before], after=[HookCall(h) for h in after],
            origin=(str(chain_doc.path), chain_doc.line(ptr)),
        )

    order: list[str] = []
    for index, item in enumerate(chain["chain"]):
        ptr = pointer("chain", index)
        name = _unique(item["phase"], states)
        if item["phaseType"] == "SimplePhase":
            state = simple(item, ptr, name)
        else:
            children = []
            for position, part in enumerate(item["Composition"]):
                child = simple(part, f"{ptr}/Composition/{position}",
                               _unique(f"{name}.{part['phase']}", states))
                if child:
                    states[child.name] = child
                    children.append(child.name)
            state = StateSpec(name=name, kind="cycle", children=children,
                              cycles=item["cycleNum"], break_when=BREAKS.get(item["phase"], []),
                              origin=(str(chain_doc.path), chain_doc.line(ptr)))
        if state:
            states[name] = state
            order.append(name)
    if needs_reflection:
        for reflector in REFLECTORS:
            if reflector not in roles:
                problems.append(role_doc.problem("", f"the role {reflector!r} is missing: ChatDev "
                                "phases with need_reflect \"True\" need it for self-reflection"))
    raise_if(problems)
    for current, following in zip(order, [*order[1:], ""], strict=True):
        states[current].transitions = [Transition(following)]
    variables = {name: "" for name in VARIABLES}
    variables["gui"] = render("sop", "chatdev_gui") if _flag(chain.get("gui_design")) else ""
    variables["chatdev_prompt"] = chain.get("background_prompt") or render(
        "sop", "chatdev_background")
    spec = SopSpec(
        name=folder.name, format="chatdev", source=folder, roles=roles, states=states,
        start=order[0], variables=variables, reflectors=REFLECTORS if needs_reflection else None,
        description=f"ChatDev company {folder.name}: " + " -> ".join(order),
    )
    _flags(spec, chain)
    return spec


def _flags(spec: SopSpec, chain: dict) -> None:
    """ChatDev's flags as autonomo parts (see ``flag_hooks``): the existing code, a web
    lookup and past experience before the chain, a task rewrite as its first phase, this
    project kept in the memory after it."""
    if _flag(chain.get("git_management")):  # git runs in the sandbox, never on the host
        for state in spec.states.values():
            if any(call.name == "write_code" for call in state.after):
                state.after.append(HookCall("git_commit"))
    if _flag(chain.get("incremental_develop")):
        spec.setup.append(HookCall("load_code"))
    if _flag(chain.get("web_spider")):
        spec.setup.append(HookCall("web_lookup"))
    if _flag(chain.get("with_memory")):
        spec.setup.append(HookCall("recall_experience"))
        spec.teardown.append(HookCall("remember_experience"))
        spec.variables["memory"] = ""
        for state in spec.states.values():
            if any(call.name == "write_code" for call in state.after) and state.roles:
                state.role_prompts[state.roles[0]] = "{memory}"  # the programmer sees it
    if _flag(chain.get("self_improve")):
        engineer, customer = "Prompt Engineer", "Customer"
        spec.roles.setdefault(engineer, RoleSpec(engineer,
                                                 render("sop", "chatdev_prompt_engineer")))
        spec.roles.setdefault(customer, RoleSpec(customer, render("sop", "chatdev_customer")))
        spec.states["SelfImprove"] = StateSpec(
            name="SelfImprove", roles=[engineer, customer], opening_role=customer,
            opening=render("sop", "chatdev_improve_request"), max_messages=1,
            conclusion_marker=MARKER, fallback=f"last:{engineer}",
            after=[HookCall("improve_task")], transitions=[Transition(spec.start)])
        spec.start = "SelfImprove"


def _unique(name: str, taken: dict[str, StateSpec]) -> str:
    candidate, number = name, 2
    while candidate in taken:
        candidate, number = f"{name}#{number}", number + 1
    return candidate


def _has_prompt(key: str) -> bool:
    from autonomo.prompts import texts

    return key in texts("sop")
