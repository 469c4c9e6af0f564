"""``Team``: hire roles, invest a budget, run rounds until done — and resume after a crash.

Each round, every role with news takes one turn (observe → think → act). A turn is committed
(the messages it consumed and the role's state, in one transaction) when it ends; messages
and model calls are written as they happen. A team killed mid-round is rebuilt from the store
(``Team.resume``): committed turns are not redone, and the turn that was cut short is redone
with its model calls played back from the store, publishing the same messages with the same
ids — nothing lost, nothing twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autonomo.errors import BudgetExceededError, ModelResponseError, UserError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Usage
from autonomo.team.calls import TeamCalls
from autonomo.team.environment import Environment
from autonomo.team.message import EVERYONE, USER_REQUIREMENT, Message
from autonomo.team.observer import TeamObserver
from autonomo.team.role import Role
from autonomo.team.store import StoredTurn, TeamState, TeamStore


@dataclass
class TeamResult:
    status: str
    reason: str
    rounds: int
    state: TeamState
    history: list[Message]
    usage: dict[str, Usage]


class Team:
    """A team of roles sharing an environment, a budget, a store and a workspace."""

    def __init__(self, store: TeamStore, model: ChatModel, *, roles: Iterable[Role] = (),
                 name: str = "team", investment: float | None = None,
                 spec: dict[str, Any] | None = None, observer: TeamObserver | None = None,
                 workspace: Path | None = None, state: TeamState | None = None,
                 services: dict[str, Any] | None = None, fsync: bool = False) -> None:
        self.store, self.model = store, model
        #: fsync each finished turn (survives a power loss); without it a turn still
        #: survives a crash of the process, like the single agent's steps
        self.fsync = fsync
        self.observer = observer or TeamObserver()
        self.state = state or TeamState(name=name, investment=investment, spec=spec or {})
        if not self.state.workspace:
            if workspace is None:
                workspace = store.default_workspace(self.state.id)
                # behind a folder only its owner can enter (a root-owned workspace must be,
                # see sandbox/bubblewrap.py)
                workspace.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            self.state.workspace = str(workspace.resolve())
        self.workspace.mkdir(parents=True, exist_ok=True)
        #: shared helpers for actions (a workbench for agent runs, a sandbox, ...)
        self.services: dict[str, Any] = dict(services or {})
        self.calls = TeamCalls(self.state, store, self.observer, batch=True)
        self.env = Environment(recorder=self._record, seed=self.state.id)
        self.env.listeners.append(self.observer.on_message)
        self.hire(roles)
        if state is None:
            store.save(self.state)

    @property
    def workspace(self) -> Path:
        return Path(self.state.workspace)

    @property
    def roles(self) -> list[Role]:
        return list(self.env.roles.values())

    @property
    def human(self) -> ChatModel:
        """Where human answers come from: ``services["human"]`` or the terminal."""
        if "human" not in self.services:
            from autonomo.team.human import HumanModel

            self.services["human"] = HumanModel()
        return self.services["human"]

    def hire(self, roles: Iterable[Role]) -> None:
        roles = list(roles)
        for role in roles:
            role.team = self
        self.env.add_roles(roles)

    def invest(self, amount: float) -> None:
        """Set the team's budget in US dollars; calls stop before it would be exceeded."""
        if amount <= 0:
            raise UserError(f"The investment must be positive, not {amount}.")
        self.state.investment = amount
        self.store.save(self.state)

    def _record(self, message: Message, recipients: list[str], turn: str) -> None:
        self.store.write(self.state.id, calls=self.calls.take_unsaved(),
                         message=(message, recipients, turn))

    # -- running --------------------------------------------------------------------------------
    def run_project(self, idea: str, send_to: str | set[str] = EVERYONE) -> Message:
        """Publish the requirement the team starts from."""
        if not idea.strip():
            raise UserError("The idea is empty: say what the team should do.")
        self.state.idea = idea.strip()
        self.store.save(self.state)
        return self.env.publish(Message(content=self.state.idea, role="user",
                                        cause_by=USER_REQUIREMENT, sent_from="user",
                                        send_to=send_to))

    def run(self, n_round: int | None = None, idea: str | None = None) -> TeamResult:
        """Run until every role is idle, ``n_round`` rounds have run, or the budget stops it."""
        if idea:
            self.run_project(idea)
        state = self.state
        if n_round is not None:
            state.n_round = n_round
        state.status, state.stop_reason = "running", ""
        self.store.save(state)
        try:
            self._loop()
        finally:
            for role in self.roles:
                role.close()
        return TeamResult(state.status, state.stop_reason, state.round, state,
                          self.env.history.get(), dict(self.calls.by_role))

    def _loop(self) -> None:
        state = self.state
        committed = {t.role for t in self.store.turns(state.id) if t.round == state.round}
        resuming = state.round > 0 and bool(committed | self._open_turns())
        while True:
            if not resuming:
                if self.env.is_idle:
                    self._end("finished", "Every role is idle: nothing left to do.")
                    break
                if state.round >= state.n_round:
                    self._end("stopped", f"Reached the round limit ({state.n_round}).")
                    break
                state.round += 1  # saved with the round's first turn
                self.env.start_round(state.round)
                committed = set()
            resuming = False
            self.observer.on_round(state.round)
            if not self._run_round(committed):
                break

    def _open_turns(self) -> set[str]:
        return {r.name for r in self.roles if r.inbox}

    def _run_round(self, committed: set[str]) -> bool:
        """One turn for each role with news; False when the team had to stop."""
        for role in self.roles:
            if role.name in committed or not role.inbox:
                continue
            consumed = [m.id for m in role.inbox]
            try:
                role.run_turn()
            except BudgetExceededError as exc:
                self._end("stopped", f"Budget reached: {exc}")
                return False
            except ModelResponseError as exc:
                self._end("failed", f"{role.name} could not go on: {exc}")
                return False
            except UserError as exc:  # e.g. no sandbox: saved, then shown to the user
                self._end("failed", f"{role.name}: {exc}")
                raise
            self.store.write(self.state.id, calls=self.calls.take_unsaved(), state=self.state,
                             turn=StoredTurn(self.state.round, role.name, consumed,
                                             role.state_dict()), durable=self.fsync)
        return True

    def _end(self, status: str, reason: str) -> None:
        self.state.status, self.state.stop_reason = status, reason  # type: ignore[assignment]
        self.store.write(self.state.id, calls=self.calls.take_unsaved(), state=self.state,
                         durable=True)
        self.observer.on_note(reason)
        self.observer.on_end(self.state)

    # -- resuming ---------------------------------------------------------------------------------
    @classmethod
    def resume(cls, team_id: str, store: TeamStore, model: ChatModel, roles: Iterable[Role],
               **kwargs: Any) -> Team:
        """The team ``team_id`` rebuilt from the store with freshly made ``roles``."""
        state = store.load(team_id)
        state.round = max(state.round, store.last_round(state.id))
        store.discard_unfinished(state.id, state.round)
        team = cls(store, model, roles=roles, state=state, **kwargs)
        team.calls = TeamCalls(state, store, team.observer, store.calls(state.id), batch=True)
        team._restore()
        return team

    def _restore(self) -> None:
        state, env = self.state, self.env
        turns = self.store.turns(state.id)
        consumed: dict[str, set[str]] = {}
        for turn in turns:
            consumed.setdefault(turn.role, set()).update(turn.consumed)
            if turn.role in env.roles:
                env.roles[turn.role].load_state(turn.state)
        env.round = state.round
        for message, recipients, turn in self.store.messages(state.id):
            env.history.add(message)
            if turn in env.roles:
                env.roles[turn].memory.add(message)
            for name in recipients:
                role = env.roles.get(name)
                if role is None:
                    raise UserError(f"Team {state.id} has a message for {name!r}, but no role "
                                    "of that name was hired on resume.")
                if message.id in consumed.get(name, ()):
                    role.memory.add(message)
                elif message.round < state.round:
                    role.inbox.append(message)
                else:
                    role.pending.append(message)
        for role in env.roles.values():  # memory in history order
            role.memory = type(role.memory)(m for m in env.history if m in role.memory)
