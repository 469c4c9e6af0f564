"""The one SOP engine: runs any ``SopSpec`` (autonomo YAML, ChatDev company, aiwaves config,
AutoAgents plan) state by state, and reports every step as an event."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autonomo.config import Settings
from autonomo.errors import AutonomoError, BudgetExceededError, UserError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Message, Usage
from autonomo.prompts import render
from autonomo.team.sop import decide
from autonomo.team.sop.events import SopEvent, SopObserver
from autonomo.team.sop.hooks import HOOKS
from autonomo.team.sop.spec import HookCall, SopSpec, StateSpec
from autonomo.team.sop.store import SopStore
from autonomo.team.sop.template import fill
from autonomo.team.store import StoredCall, TeamState

AskHuman = Callable[[str], str]
SHOWN = 2000  # characters of a variable's value kept in an event
SANDBOXED = {"run_program", "git_commit"}  # hooks that run code in the sandbox


@dataclass
class ChatLine:
    state: str
    role: str
    agent: str
    to: str
    text: str
    visit: int


@dataclass
class SopResult:
    run_id: str
    status: str  # finished, failed, stopped
    reason: str
    variables: dict[str, str]
    usage: dict[str, Usage]
    workspace: Path
    messages: int

    @property
    def total(self) -> Usage:
        return sum(self.usage.values(), Usage())


@dataclass
class _Outcome:
    raw: str = ""  # the concluding message as written
    conclusion: str = ""
    concluded: bool = False


def _no_human(question: str) -> str:
    raise UserError(f"This SOP asks a person ({question!r}); run it from a terminal.")


class RunStopped(AutonomoError):
    """The run was stopped from outside (the server closing while a person's answer was
    awaited); it can be resumed from its last checkpoint."""


@dataclass
class SopRun:
    """One run of an SOP: its shared variables, its chat and its usage per role."""

    spec: SopSpec
    task: str
    model: ChatModel
    workspace: Path
    smart_model: ChatModel | None = None
    settings: Settings | None = None
    store: SopStore | None = None
    observer: SopObserver | None = None
    ask_human: AskHuman = _no_human
    seed: int = 0
    budget: float | None = None
    max_transitions: int = 200
    run_id: str = ""
    variables: dict[str, str] = field(default_factory=dict)
    code_files: dict[str, str] = field(default_factory=dict)
    attempts: dict[str, int] = field(default_factory=dict)
    lines: list[ChatLine] = field(default_factory=list)
    last_concluded: bool = False
    #: model calls of an earlier attempt (resume): replayed when the same prompt comes again
    stored_calls: list[StoredCall] = field(default_factory=list)
    #: an SOP's model name -> a configured model's name (or fast / smart / default)
    model_map: dict[str, str] = field(default_factory=dict)
    #: ready models by name (a program's or a test's), before the configured ones
    named_models: dict[str, ChatModel] = field(default_factory=dict)
    #: where an incremental run (ChatDev's incremental_develop) takes the existing code from;
    #: None = the workspace itself
    code_from: Path | None = None
    #: set from outside (the web page's stop): the run stops before its next model call
    stopping: threading.Event | None = None

    def __post_init__(self) -> None:
        self.workspace = Path(self.workspace)
        self.workspace.mkdir(parents=True, exist_ok=True)
        self.rng = random.Random(self.seed)
        from autonomo.team.sop.role_models import resolve

        self._named = resolve(self.spec, default=self.model,
                              smart=self.smart_model or self.model, settings=self.settings,
                              mapping=self.model_map, given=self.named_models)
        self._models = {**self._named.models, "": self.model, "fast": self.model,
                        "smart": self.smart_model or self.model}
        self._seq = 0
        self._agent_usage: dict[str, Usage] = {}
        self._visit = 0
        self._sandbox: Any = None
        self._files: Any = None  # the workspace's descriptor-safe file access
        self._opening_line: ChatLine | None = None
        self._left: tuple[str, str] | None = None
        #: the question a person is being asked now (the web page shows it), else None
        self.asking: dict[str, Any] | None = None
        if not self.variables:
            self.variables = {**self.spec.variables, self.spec.task_variable: self.task}
        self._scratch = None
        if self.store is None:  # nothing is kept: the run's records go to a folder deleted
            import tempfile  # at its end

            self._scratch = tempfile.TemporaryDirectory(prefix="autonomo-sop-")
            self.store = SopStore(Path(self._scratch.name))
        if not self.run_id:
            self.run_id = self.store.create(
                name=self.spec.name, source=str(self.spec.source), format=self.spec.format,
                task=self.task, workspace=str(self.workspace))
        # every model call goes through the team layer: budget, usage per role, the call
        # store, and replay of an interrupted state's calls on resume
        from autonomo.team.calls import TeamCalls
        from autonomo.team.observer import TeamObserver

        self.team = TeamState(id=self.run_id, name=f"sop {self.spec.name}", idea=self.task,
                              spec={"sop": str(self.spec.source), "format": self.spec.format},
                              investment=self.budget, n_round=0, status="running",
                              workspace=str(self.workspace))
        self.store.teams.save(self.team, durable=self.store.fsync)
        # calls are written with the run's next events (a reply with its message): one
        # transaction per turn, as the agent writes a step with its calls
        self.calls = TeamCalls(self.team, self.store.teams, TeamObserver(), self.stored_calls,
                               batch=True)
        self.store.attach(self.run_id, self.calls)

    @property
    def usage(self) -> dict[str, Usage]:
        """Tokens and cost per role (the controller's own calls under "controller")."""
        usage = dict(self.calls.by_role)
        for role, extra in self._agent_usage.items():
            usage[role] = usage.get(role, Usage()) + extra
        return usage

    def values_now(self) -> dict[str, str]:
        return dict(self.variables)

    # -- events ---------------------------------------------------------------------------
    def emit(self, event_kind: str, *, hold: bool = False, **data: Any) -> None:
        """``hold``: written with the next events even if its kind is written at once."""
        self._seq += 1
        event = SopEvent(event_kind, data, self._seq)
        self.store.append(self.run_id, event, hold=hold)
        if self.observer:
            self.observer.on_event(event)

    def note(self, state: str, hook: str, text: str) -> None:
        self.emit("hook", state=state, hook=hook, text=text)

    # -- services hooks use ----------------------------------------------------------------
    def set_variable(self, name: str, value: str, by: str) -> None:
        old = self.variables.get(name)
        self.variables[name] = value
        if old != value:
            self.emit("variable", name=name, value=value[:SHOWN], by=by)

    def values(self, state: StateSpec) -> dict[str, str]:
        values = dict(self.variables)
        values.setdefault("assistant_role", state.roles[0] if state.roles else "")
        values.setdefault("user_role", state.roles[1] if len(state.roles) > 1 else "")
        if self.lines:
            values["last_speaker"] = self.lines[-1].role
            values["last_message"] = self.lines[-1].text
        return values

    @staticmethod
    def fill(text: str, values: dict[str, str]) -> str:
        return fill(text, values)

    def write_file(self, name: str, text: str, by: str) -> None:
        self.write_bytes(name, text.encode("utf-8"), by)

    def write_bytes(self, name: str, data: bytes, by: str) -> None:
        """Write a file in the workspace through folder descriptors, never following a
        symlink nor blocking on a FIFO (a program run in the sandbox may have planted one)."""
        from autonomo.tools import atomic
        from autonomo.tools.workspace import Workspace

        if self._files is None:
            self._files = Workspace(self.workspace)
        workspace = self._files
        try:  # a plain file name needs no resolving: a symlink at the name is refused anyway
            plain = "/" not in name and name not in (".", "..") and not name.startswith("~")
            parts = (name,) if plain and name else workspace.parts(name)
            atomic.write_whole(workspace, parts, data)  # a crash leaves the old file
        except (OSError, UserError, IndexError, ValueError) as exc:
            self.note(by, "write", f"could not write {name}: {exc}")
            return
        self.note(by, "write", f"wrote {'/'.join(parts)} ({len(data)} bytes)")

    def ask_person(self, question: str, *, state: str, role: str = "") -> str:
        """Ask the person playing ``role`` (or deciding in ``state``): the question is an event
        saved at once, so a page watching the run shows it while the answer is awaited."""
        self.emit("ask", state=state, role=role, question=question[:SHOWN])
        self.asking = {"seq": self._seq, "state": state, "role": role, "question": question}
        try:
            return self.ask_human(question)
        finally:
            self.asking = None

    def sandbox(self) -> Any:
        if self._sandbox is None:
            from autonomo.sandbox import create_sandbox

            settings = self.settings or Settings(data_dir=self.store.data_dir)
            self._sandbox = create_sandbox(self.workspace, settings.sandbox)
        return self._sandbox

    def last_reply(self, state: StateSpec, role: str = "") -> str:
        """The last message said (not the opening; by ``role`` if given) in the state's
        current visit."""
        for line in reversed(self.lines):
            if line.visit != self._visit:
                break
            if line is not self._opening_line and (not role or line.role == role):
                return line.text
        return self.variables.get("conclusion", "")

    def ask_model(self, purpose: str, messages: list[Message], state: StateSpec,
                  model: str = "", role: str = "") -> str:
        """A call for ``purpose`` on ``model`` (a name), else ``role``'s model in ``state``,
        else the state's (its controller's)."""
        name = model or (self._model_name(state, role) if role else
                         state.model or self.spec.model)
        return self._call(purpose, purpose, self._models.get(name, self.model), messages,
                          **self._sampling(state, role)).text

    def _call(self, role: str, purpose: str, model: ChatModel, messages: list[Message],
              *, with_message: bool = False, **options: Any) -> Any:
        """``with_message``: the reply is said at once, and its call written with that
        message; any other call is written as it returns."""
        if self.stopping is not None and self.stopping.is_set():
            raise RunStopped("stopped from the web page; resume it to go on")
        self.team.round = self._visit
        completion = self.calls.call(role, purpose, model, messages, **options)
        if not with_message:
            self.store.flush()
        return completion

    def transcript(self, state: StateSpec) -> str:
        lines = [f"{line.role}: {line.text}" for line in self._visible(state, None)]
        return "\n\n".join(lines) or "(nothing said yet)"

    # -- running ---------------------------------------------------------------------------
    def run(self, resume: dict[str, Any] | None = None) -> SopResult:
        """Run from the start state, or from a checkpoint (``resume``)."""
        if resume is None:
            self.emit("run_started", sop=self.spec.name, format=self.spec.format,
                      source=str(self.spec.source), task=self.task,
                      workspace=str(self.workspace), start=self.spec.start,
                      model_map=self.model_map)
        status, reason = "finished", "the SOP reached its end"
        for notice in self._named.notices:  # which model each named one is, said once
            self.emit("model", **notice)
        try:
            if self._needs_sandbox():  # a sandbox that cannot start stops the run before
                self.sandbox()  # its first model call, not in the middle of it
            if resume is None:
                self._hooks(StateSpec("setup"), self.spec.setup)
            reason = self._chain(resume) or reason
            self._hooks(StateSpec("teardown"), self.spec.teardown)
        except (BudgetExceededError, RunStopped) as exc:
            status, reason = "stopped", str(exc)
        except AutonomoError as exc:
            status, reason = "failed", str(exc)
        except KeyboardInterrupt:
            self._finish("stopped", "interrupted")
            raise
        except BaseException as exc:
            self._finish("failed", f"{type(exc).__name__}: {exc}")
            raise
        return self._finish(status, reason)

    def _needs_sandbox(self) -> bool:
        return any(call.name in SANDBOXED for state in self.spec.states.values()
                   for call in (*state.before, *state.after, *state.after_message,
                                *self.spec.setup, *self.spec.teardown))

    def _finish(self, status: str, reason: str) -> SopResult:
        if self._sandbox is not None:
            self._sandbox.close()
        for model in self._named.made:
            model.close()
        usage = {role: u.model_dump() for role, u in self.usage.items()}
        self.team.status, self.team.stop_reason = status, reason  # type: ignore[assignment]
        # the team row goes with this event (fsynced when the store's checkpoints are)
        self.emit("run_finished", status=status, reason=reason, usage=usage)
        self.store.detach(self.run_id)
        result = SopResult(self.run_id, status, reason, dict(self.variables), self.usage,
                           self.workspace, len(self.lines))
        if self._scratch is not None:
            self.store.close()
            self._scratch.cleanup()
        return result

    def _chain(self, resume: dict[str, Any] | None) -> str:
        current: str | None = resume["state"] if resume else self.spec.start
        for _ in range(self.max_transitions):
            if current is None:
                return ""
            state = self.spec.states[current]
            if state.kind == "end":
                return f"reached the end state {current}"
            if state.kind == "cycle":
                position = (resume or {}).get("cycle", (0, 0))
                self._cycle(state, tuple(position))
                outcome = _Outcome()
            else:
                self._checkpoint(current)
                outcome = self._state(state)
            resume = None
            following, why = self._next(state, outcome)
            self.emit("transition", frm=current, to=following or "end", why=why)
            current = following
        return f"stopped after {self.max_transitions} transitions"

    def _next(self, state: StateSpec, outcome: _Outcome) -> tuple[str | None, str]:
        if state.judge is not None and self._left:
            label, why = self._left
            self._left = None
            target = {t.label: t.to for t in state.transitions}.get(label)
            return target or None, why
        return decide.transition(self, state, outcome.raw)

    def _checkpoint(self, state: str, cycle: tuple[int, int] | None = None) -> None:
        self.emit("checkpoint", state=state, cycle=list(cycle) if cycle else None,
                  visit=self._visit, variables=self.variables, code_files=self.code_files,
                  attempts=self.attempts)

    def _cycle(self, state: StateSpec, start: tuple[int, ...]) -> None:
        first_cycle, first_child = start
        for index in range(first_cycle, state.cycles):
            self.emit("cycle", state=state.name, index=index + 1, of=state.cycles)
            for position, child_name in enumerate(state.children):
                if index == first_cycle and position < first_child:
                    continue
                child = self.spec.states[child_name]
                self._checkpoint(state.name, (index, position))
                self._enter(child, parent=state.name)
                self._hooks(child, child.before)
                if self._broken(state):
                    return
                self._talk(child)
                if self._broken(state):
                    return
        self.emit("cycle", state=state.name, index=state.cycles, of=state.cycles,
                  ended="ran every cycle")

    def _broken(self, state: StateSpec) -> bool:
        values = self.values(state)
        for condition in state.break_when:
            if condition.holds(values):
                self.emit("cycle", state=state.name, ended=f"break: {condition.describe()}")
                return True
        return False

    def _enter(self, state: StateSpec, parent: str = "") -> None:
        self._visit += 1
        self._opening_line = None
        self.emit("state_entered", state=state.name, parent=parent, roles=state.roles,
                  kind=state.kind)

    def _state(self, state: StateSpec) -> _Outcome:
        self._enter(state)
        self._hooks(state, state.before)
        return self._talk(state)

    def _hooks(self, state: StateSpec, calls: list[HookCall]) -> None:
        for call in calls:
            HOOKS[call.name].run(self, state, call.args)

    def _talk(self, state: StateSpec) -> _Outcome:
        """The chat of one state, its conclusion, outputs and after-hooks."""
        outcome = self._chat(state)
        self.last_concluded = outcome.concluded
        self.set_variable("conclusion", outcome.conclusion, state.name)
        for name, source in state.outputs.items():
            value = outcome.conclusion if source == "conclusion" else self.variables.get(source, "")
            self.set_variable(name, value, state.name)
        self._hooks(state, state.after)
        return outcome

    def _chat(self, state: StateSpec) -> _Outcome:
        values = self.values(state)
        last = ""
        if state.opening_role:
            text = state.opening if state.opening_verbatim else fill(state.opening, values)
            self._opening_line = self._say(state, state.opening_role, text, opening=True)
            last = state.opening_role
        self._left = None
        concluding: ChatLine | None = None
        for count in range(1, state.max_messages + 1):
            speaker, why = decide.next_speaker(self, state, last)
            self.emit("speaker", state=state.name, role=speaker, why=why)
            line = self._speak(state, speaker)
            self._hooks(state, state.after_message)
            if state.extractions.get(speaker):
                self._extract(state, speaker, line)
            last = speaker
            if state.conclusion_marker and _concludes(line.text, state.conclusion_marker):
                concluding = line
                break
            if state.judge is not None and len(state.transitions) > 1:
                if count >= state.max_messages:
                    break
                label, why = decide.judge(self, state)
                self.emit("judge", state=state.name, label=label, why=why)
                if _leaves(state, label):
                    self._left = (label, why)
                    break
        if state.judge is not None and self._left is None:
            labels = [t.label for t in state.transitions]
            label = "1" if "1" in labels else labels[0] if labels else ""
            self._left = (label, f"the limit of {state.max_messages} messages was reached")
        return self._conclude(state, concluding)

    def _conclude(self, state: StateSpec, concluding: ChatLine | None) -> _Outcome:
        marker = state.conclusion_marker or "\x00"
        if concluding is not None:
            how, raw = "marker", concluding.text
        elif state.fallback == "reflect":
            how, raw = "reflection", self._reflect(state)
        else:
            role = state.fallback.partition(":")[2]
            mine = [ln for ln in self._visible(state, None, own_visit=True)
                    if (not role or ln.role == role) and ln is not self._opening_line]
            how, raw = "last message", mine[-1].text if mine else ""
        conclusion = raw.split(marker)[-1].strip()
        self.emit("conclusion", state=state.name, how=how, text=conclusion[:SHOWN])
        return _Outcome(raw, conclusion, concluding is not None)

    def _reflect(self, state: StateSpec) -> str:
        asker, answerer = self.spec.reflectors or (state.roles[-1], state.roles[0])
        question = state.reflect_question or render("sop", "reflection_default_question")
        prompt = render("sop", "reflection", roles=" and ".join(state.roles),
                        conversation=self.transcript(state), question=question)
        self.emit("message", state=state.name, role=asker, agent="", to=answerer,
                  text=prompt[:SHOWN], reflection=True, hold=True)  # written with the answer
        system = fill(self.spec.roles[answerer].prompt, self.values(state))
        model = self._models.get(self._model_name(state, answerer), self.model)
        answer = self._call(answerer, answerer, model,
                            [Message.system(system), Message.user(prompt)],
                            with_message=True, **self._sampling(state, answerer)).text
        self.emit("message", state=state.name, role=answerer, agent="", to=asker, text=answer,
                  reflection=True)
        return answer

    def _extract(self, state: StateSpec, role: str, line: ChatLine) -> None:
        spec = state.extractions[role]
        system = render("sop", "aiwaves_extract_system", prompt=spec.prompt, words=spec.words)
        user = render("sop", "aiwaves_extract_user", message=line.text,
                      last_prompt=spec.last_prompt)
        answer = self.ask_model(role, [Message.system(system), Message.user(user)], state,
                                role=role)
        for word in spec.words:
            value = decide.extract(answer, word) or decide.extract(line.text, word)
            if value:
                self.set_variable(word, value, f"{state.name}/{role}")

    # -- speaking --------------------------------------------------------------------------
    def _say(self, state: StateSpec, role: str, text: str, usage: Usage | None = None,
             opening: bool = False) -> ChatLine:
        spec = self.spec.roles.get(role)
        others = [r for r in state.roles if r != role]
        to = others[0] if len(state.roles) == 2 and others else "all"
        line = ChatLine(state.name, role, spec.agent if spec else "", to, text, self._visit)
        self.lines.append(line)
        extra = {"opening": True} if opening else {}
        self.emit("message", state=state.name, role=role, agent=line.agent, to=to, text=text,
                  tokens=usage.total_tokens if usage else 0, cost=usage.cost if usage else 0.0,
                  **extra)
        return line

    def _speak(self, state: StateSpec, role_name: str) -> ChatLine:
        role = self.spec.roles[role_name]
        if role.human:  # a person answers like a model: stored, and replayed on resume
            from autonomo.team.human import HumanModel

            def ask(question: str) -> str:
                return self.ask_person(question, state=state.name, role=role_name)

            model: ChatModel = HumanModel(ask)
            messages = [Message.user(render("sop", "human_turn", role=role_name,
                                            agent=role.agent, state=state.name))]
        else:
            model = self._models.get(self._model_name(state, role_name), self.model)
            messages = self._context(state, role_name)
            commands = list(dict.fromkeys([*role.commands, *state.commands]))
            if commands:  # a role with commands (its own or the state's) works as an agent
                from autonomo.team.sop.acting import act

                settings = self.settings or Settings(data_dir=self.store.data_dir)
                text, usage = act(self, role, commands, model, messages[-1].content, settings)
                self._agent_usage[role_name] = self._agent_usage.get(role_name, Usage()) + usage
                return self._say(state, role_name, text, usage)
        completion = self._call(role_name, "speak", model, messages, with_message=True,
                                **self._sampling(state, role_name))
        return self._say(state, role_name, completion.text, completion.usage)

    def _model_name(self, state: StateSpec, role: str) -> str:
        """The model a role uses in a state: its own there, its own, the state's, the SOP's."""
        return (state.role_models.get(role) or self.spec.roles[role].model or state.model
                or self.spec.model)

    def _sampling(self, state: StateSpec, role: str = "") -> dict[str, float]:
        """The temperature a role (or, with none, the state's controller) samples at, if the
        SOP sets one (aiwaves' LLM blocks)."""
        value = state.role_temperatures.get(role) if role else None
        value = value if value is not None else state.temperature
        value = value if value is not None else self.spec.temperature
        return {} if value is None else {"temperature": value}

    def _visible(self, state: StateSpec, role: str | None, own_visit: bool = False
                 ) -> list[ChatLine]:
        if state.history == "all" and not own_visit:
            lines = self.lines
        else:
            lines = [ln for ln in self.lines if ln.visit == self._visit]
        if state.history_window and not own_visit:
            lines = lines[-state.history_window:]
        return lines

    def _context(self, state: StateSpec, role_name: str) -> list[Message]:
        role = self.spec.roles[role_name]
        values = self.values(state)
        system = "\n\n".join(part for part in (
            fill(role.prompt, values), fill(state.environment_prompt, values),
            fill(state.role_prompts.get(role_name, ""), values)) if part.strip())
        messages = [Message.system(system)]
        group = len(set(state.roles)) > 2
        for line in self._visible(state, role_name):
            if line.role == role_name:
                _append(messages, Message.assistant(line.text))
            else:
                _append(messages, Message.user(f"{line.role}: {line.text}" if group else line.text))
        last_prompt = fill(state.role_last_prompts.get(role_name, ""), values)
        if last_prompt or messages[-1].role != "user":
            _append(messages, Message.user(last_prompt or "Please go on."))
        return messages


def _append(messages: list[Message], message: Message) -> None:
    """Consecutive messages of one side are joined: chat templates expect turns to alternate."""
    if messages[-1].role == message.role and message.role != "system":
        messages[-1] = messages[-1].model_copy(
            update={"content": messages[-1].content + "\n\n" + message.content})
    else:
        messages.append(message)


def _concludes(text: str, marker: str) -> bool:
    """A reply concludes when its last non-empty line starts with the marker (ChatDev)."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return bool(lines) and lines[-1].strip().startswith(marker)


def _leaves(state: StateSpec, label: str) -> bool:
    target = {t.label: t.to for t in state.transitions}.get(label)
    return target is not None and target != state.name


