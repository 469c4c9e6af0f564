"""The one internal SOP specification (``SopSpec``: states, roles, transitions, hooks) that
every format (autonomo YAML, ChatDev, aiwaves, AutoAgents) compiles into, and that the one
engine runs.

A run moves through *states* (ChatDev calls them phases). A chat state is a conversation
between its roles: an optional opening line, then speakers chosen by a policy, until a
conclusion marker, a turn limit or a transition ends it. A cycle state repeats its child states
until a break condition holds. Hooks (named behaviours such as "write the code blocks to files")
run before and after a state. Transitions pick the next state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

SpeakerMode = Literal["order", "random", "model", "rule"]
TransitionKind = Literal["always", "marker", "variable", "model", "human"]
ConditionOp = Literal["equals", "not_equals", "contains", "empty", "not_empty"]


@dataclass
class Condition:
    """A test on a shared variable (or on ``conclusion``, the state's last conclusion)."""

    variable: str
    op: ConditionOp = "equals"
    value: str = ""

    def holds(self, variables: dict[str, str]) -> bool:
        actual = str(variables.get(self.variable, ""))
        if self.op == "equals":
            return actual.strip().lower() == self.value.strip().lower()
        if self.op == "not_equals":
            return actual.strip().lower() != self.value.strip().lower()
        if self.op == "contains":
            return self.value.lower() in actual.lower()
        if self.op == "empty":
            return not actual.strip()
        return bool(actual.strip())

    def describe(self) -> str:
        if self.op in ("empty", "not_empty"):
            return f"{self.variable} is {self.op.replace('_', ' ')}"
        return f"{self.variable} {self.op.replace('_', ' ')} {self.value!r}"


@dataclass
class RoleSpec:
    """A role in the SOP and how it is played."""

    name: str
    prompt: str = ""  # system prompt template ({placeholders} from the environment)
    description: str = ""
    agent: str = ""  # the agent (person) playing it, e.g. aiwaves' "Alice"
    style: str = ""
    #: "" = the state's (else the SOP's, else the default) model; "fast" / "smart"; or a name
    #: looked up in the configuration (``llm.models``) or the run's mapping
    model: str = ""
    commands: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    human: bool = False


@dataclass
class SpeakerPolicy:
    """Who speaks next in a chat state."""

    mode: SpeakerMode = "order"
    #: rule mode: the first condition that holds names the speaker; else ``order``
    rules: list[tuple[Condition, str]] = field(default_factory=list)
    #: model mode: system prompt for the choice, and the tag the answer is read from
    prompt: str = ""
    last_prompt: str = ""
    extract: str = "end"


@dataclass
class Transition:
    """An edge to another state (``to`` = "" ends the run)."""

    to: str
    kind: TransitionKind = "always"
    when: Condition | None = None
    marker: str = ""  # marker kind: a conclusion starting with this text
    label: str = ""  # aiwaves' relation key ("0" stay, "1" advance)


@dataclass
class Judge:
    """A model that decides after each message whether a state goes on (aiwaves' controller).

    Its answer is read from ``<extract>…</extract>`` (or is a bare digit) and names a
    transition label; a label that is not a transition means "stay"."""

    prompt: str = ""
    last_prompt: str = ""
    extract: str = "end"


@dataclass
class HookCall:
    """A named behaviour with arguments (see ``autonomo.team.sop.hooks``)."""

    name: str
    args: dict[str, str] = field(default_factory=dict)


@dataclass
class Extraction:
    """After a role speaks, a model call pulls ``<word>…</word>`` values into variables
    (aiwaves' ExtractComponent)."""

    words: list[str]
    prompt: str = ""
    last_prompt: str = ""


@dataclass
class StateSpec:
    name: str
    kind: Literal["chat", "cycle", "end"] = "chat"
    roles: list[str] = field(default_factory=list)
    speakers: SpeakerPolicy = field(default_factory=SpeakerPolicy)
    #: the first message, spoken by ``opening_role`` to open the state
    opening_role: str = ""
    opening: str = ""
    opening_verbatim: bool = False  # aiwaves' begin_query is not a template
    environment_prompt: str = ""
    #: per-role prompt parts for this state (appended to the role's own prompt)
    role_prompts: dict[str, str] = field(default_factory=dict)
    role_last_prompts: dict[str, str] = field(default_factory=dict)
    extractions: dict[str, Extraction] = field(default_factory=dict)
    max_messages: int = 10
    conclusion_marker: str = ""
    #: with no conclusion: "reflect" (a counsellor asks, the CEO concludes), "last" (the
    #: last message), or "last:<role>" (that role's last message)
    fallback: str = "last"
    reflect_question: str = ""
    #: variable <- "conclusion" (or another variable name), applied after the state
    outputs: dict[str, str] = field(default_factory=dict)
    before: list[HookCall] = field(default_factory=list)
    after: list[HookCall] = field(default_factory=list)
    after_message: list[HookCall] = field(default_factory=list)
    transitions: list[Transition] = field(default_factory=list)
    judge: Judge | None = None
    history: Literal["state", "all"] = "state"
    history_window: int = 0  # 0 = every message
    #: the model of this state's controller calls, and of its roles that name none
    model: str = ""
    #: per role in this state (aiwaves' agent_states LLM): wins over the role's own model
    role_models: dict[str, str] = field(default_factory=dict)
    #: sampling temperature of the controller's calls and, per role, of the roles' (aiwaves)
    temperature: float | None = None
    role_temperatures: dict[str, float] = field(default_factory=dict)
    commands: list[str] = field(default_factory=list)
    # cycle states
    children: list[str] = field(default_factory=list)
    cycles: int = 1
    break_when: list[Condition] = field(default_factory=list)
    #: where the state was declared: (file, line) for messages
    origin: tuple[str, int] = ("", 0)


@dataclass
class SopSpec:
    """A whole SOP: roles, states, the start state and the initial shared environment."""

    name: str
    format: Literal["autonomo", "chatdev", "aiwaves"]
    source: Path
    roles: dict[str, RoleSpec]
    states: dict[str, StateSpec]
    start: str
    variables: dict[str, str] = field(default_factory=dict)
    #: placeholders whose value a hook provides while the run goes (no initial value needed)
    provided: set[str] = field(default_factory=set)
    description: str = ""
    task_variable: str = "task"
    #: who asks and who answers a self-reflection (ChatDev: Counselor asks, CEO answers)
    reflectors: tuple[str, str] | None = None
    #: the model every role and state uses unless it names its own (aiwaves' top-level LLM)
    model: str = ""
    temperature: float | None = None
    #: hooks run once before the first state (not on resume), and after the last one when
    #: the run finished (ChatDev's flags: load the code, recall or keep experience, look up)
    setup: list[HookCall] = field(default_factory=list)
    teardown: list[HookCall] = field(default_factory=list)

    def model_names(self) -> dict[str, list[str]]:
        """Every model name the SOP asks for (not fast/smart) -> who asks for it."""
        users: dict[str, list[str]] = {}

        def add(name: str, who: str) -> None:
            if name and name not in ("fast", "smart"):
                users.setdefault(name, []).append(who)

        add(self.model, "the whole SOP")
        for role in self.roles.values():
            add(role.model, role.name)
        for state in self.states.values():
            add(state.model, f"{state.name} (controller)")
            for role, name in state.role_models.items():
                add(name, f"{role} in {state.name}")
        return users

    def state(self, name: str) -> StateSpec:
        return self.states[name]
