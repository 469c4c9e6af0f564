"""An agent's persistent state, saved after every step, and the store that keeps it."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import orjson
from pydantic import BaseModel, Field

from autonomo.agent.episodes import Episode
from autonomo.agent.owner import Owner
from autonomo.agent.profile import AgentProfile, Directives
from autonomo.errors import AgentBusyError
from autonomo.llm.types import Completion, Message, Usage
from autonomo.storage.db import AGENT_MIGRATIONS, Database
from autonomo.storage.intents import IntentFiles
from autonomo.storage.model_json import model_json
from autonomo.storage.prompts import Fresh, PromptWriter, read_calls

Status = Literal["created", "running", "waiting", "finished", "stopped", "failed"]


_clock: tuple[int, str] = (0, "")


def _now() -> str:
    """The current UTC time to the second, ISO 8601 (formatted once per second: every step
    stamps two or three rows)."""
    global _clock
    second = int(time.time())
    if _clock[0] != second:
        _clock = (second, datetime.fromtimestamp(second, UTC).isoformat(timespec="seconds"))
    return _clock[1]


#: options as the trajectory keeps them (anything not JSON as its ``str``)
_OPTIONS_JSON = json.JSONEncoder(default=str)


#: keys that are not strings as json writes them; dates and dataclasses to ``str`` (``default``)
_ORJSON_OPTIONS = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
                   | orjson.OPT_PASSTHROUGH_DATACLASS)


def _options_json(options: dict[str, Any]) -> str:
    """A call's options as JSON (anything not JSON as its ``str``); orjson, a tenth of the
    work, for all but integers past 64 bits."""
    try:
        return orjson.dumps(options, default=str, option=_ORJSON_OPTIONS).decode()
    except (orjson.JSONEncodeError, TypeError):
        return _OPTIONS_JSON.encode(options)


class AgentState(BaseModel):
    """Everything needed to resume an agent. Episodes are stored as rows of their own."""

    id: str = Field(default_factory=lambda: uuid.uuid4().hex[:12])
    created_at: str = Field(default_factory=_now)
    profile: AgentProfile = Field(default_factory=AgentProfile)
    directives: Directives = Field(default_factory=Directives)
    #: the first task and any follow-up tasks, in order
    tasks: list[str] = Field(default_factory=list)
    workspace: str = ""
    strategy: str = "one_shot"
    commands: list[str] | None = None
    status: Status = "created"
    #: why the run ended (finish reason, step limit, budget, the user, an error)
    stop_reason: str = ""
    usage: Usage = Field(default_factory=Usage)
    #: the latest episodes shown in full; earlier ones appear as summaries
    compacted_upto: int = 0
    #: frozen condensations of older summary lines (OpenDevin): each replaces the summaries
    #: of the episodes up to ``condensed_upto``
    condensed: list[str] = Field(default_factory=list)
    condensed_upto: int = 0
    parent_id: str | None = None
    budget: float | None = None
    episodes: list[Episode] = Field(default_factory=list, exclude=True)

    @property
    def task(self) -> str:
        return self.tasks[-1] if self.tasks else ""

    @property
    def name(self) -> str:
        return self.profile.name


def _busy(agent_id: str, owner: Owner, updated_at: str) -> AgentBusyError:
    return AgentBusyError(
        f"Agent {agent_id} is already being run by {owner.describe()}; last update "
        f"{updated_at}. Wait for that run to end or stop it (kill {owner.pid}), then try "
        "again.")


@dataclass(frozen=True)
class Activity:
    """Who drives an agent now, and when its row last changed."""

    owner: Owner | None
    alive: bool
    updated_at: str

    def display_status(self, status: str) -> str:
        """``status`` as people should read it: a 'running' agent whose process is gone
        was interrupted (killed or crashed)."""
        if status == "running" and not self.alive:
            return "interrupted"
        return status


@dataclass
class CallRecord:
    """One model call, as kept in the trajectory."""

    step: int
    purpose: str
    messages: list[Message]
    options: dict[str, Any]
    completion: Completion


_Fresh = list[Fresh]


@dataclass
class _Prepared:
    """An agent's steps in flight (episodes without a result, written to its intent file)
    and the rows of its calls not yet in the database."""

    episodes: list[Episode] = field(default_factory=list)
    calls: list[tuple[tuple[Any, ...], _Fresh]] = field(default_factory=list)


#: an intent record read back: the episodes in flight, the usage, the calls' rows
_Intent = tuple[list[Episode], Usage, list[tuple[Any, ...]]]
#: the columns of a call's row (``AgentStore._call_row``)
_CALL_COLUMNS = 8


def _intent(record: dict[str, Any] | None) -> _Intent | None:
    """``record`` checked and parsed; None when it is not one this store writes."""
    if record is None:
        return None
    try:
        calls = [tuple(row) for row in record["calls"]]
        if any(len(row) != _CALL_COLUMNS for row in calls):
            return None
        return ([Episode.model_validate_json(e) for e in record["episodes"]],
                Usage.model_validate_json(record["usage"]), calls)
    except (KeyError, TypeError, ValueError):
        return None


#: fields of the agent row that do not make it a new row (``AgentStore._write_agent``)
_NOT_IN_KEY = frozenset({"usage"})
#: SQL, in a query of ``agents``: the usage written with the agent's newest model call
_NEWEST_USAGE = ("(select usage from model_calls where agent_id = agents.id"
                 " and usage is not null order by id desc limit 1)")
#: SQL, in a query of ``agents``: its last update, the row's or its newest model call's
_LAST_UPDATE = ("max(updated_at, coalesce((select created_at from model_calls"
                " where agent_id = agents.id order by id desc limit 1), ''))")


def _later(usage: Usage, newest: str | None) -> Usage:
    """The later of the agent row's ``usage`` and the one written with its newest model
    call (``newest``, JSON; None before ``m004``). Usage only grows: the later is the
    larger."""
    if newest is None:
        return usage
    other = Usage.model_validate_json(newest)
    return other if _size(other) > _size(usage) else usage


def _size(usage: Usage) -> tuple[int, int, int, int, float]:
    return (usage.calls, usage.prompt_tokens, usage.completion_tokens,
            usage.cached_prompt_tokens, usage.cost)


class AgentStore:
    """Agents in the data directory's SQLite database; workspaces in ``agents/<id>/``."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.db = Database(self.data_dir / "autonomo.db", AGENT_MIGRATIONS)
        #: prompts as stored: each message once per agent (``storage/prompts.py``)
        self._prompts = PromptWriter()
        #: per agent, the agent row this store last committed (all but its usage and time)
        #: and its usage: an unchanged row is not written again (``_write_agent``)
        self._agent_rows: dict[str, tuple[tuple[str, ...], str]] = {}
        #: a step's intent, written before its command runs (``storage/intents.py``)
        self.intents = IntentFiles(self.data_dir)
        #: per agent: the steps in flight and their calls' rows, for the next transaction
        self._prepared: dict[str, _Prepared] = {}

    def default_workspace(self, agent_id: str) -> Path:
        return self.data_dir / "agents" / agent_id / "workspace"

    # -- agents -----------------------------------------------------------------------------
    def save(self, state: AgentState, *, durable: bool = True) -> None:
        self.write(state, durable=durable)

    def _write_agent(self, db: Any, state: AgentState, usage: str,
                     carried: bool) -> tuple[tuple[str, ...], str] | None:
        """Upsert the agent row unless this store last committed it with the same content;
        a change of usage alone needs no new row when the transaction's last model call
        ``carried`` it (its ``usage`` column, ``m004``). Returns what to remember once
        committed, or None.

        A step's agent row differs from the last only by its usage (and the time): not
        rewriting it saves a page and the row's JSON a step. So ``updated_at`` is the time
        of the row's last change; the agent's last update is the later of it and of its
        newest model call (``activity``)."""
        key = (state.name, state.created_at, state.status, model_json(state, _NOT_IN_KEY))
        last = self._agent_rows.get(state.id)
        if last is not None and last[0] == key and (carried or last[1] == usage):
            return None
        db.execute(
            "insert into agents(id, name, created_at, updated_at, status, state)"
            " values (?, ?, ?, ?, ?, ?)"
            " on conflict(id) do update set name=excluded.name, updated_at=excluded.updated_at,"
            " status=excluded.status, state=excluded.state",
            (state.id, state.name, state.created_at, _now(), state.status, model_json(state)),
        )
        return key, usage

    def save_episode(self, state: AgentState, episode: Episode, *, durable: bool = True) -> None:
        """Write one episode and the agent row in one transaction."""
        self.write(state, episodes=[episode], durable=durable)

    def write(
        self,
        state: AgentState,
        *,
        episodes: Iterable[Episode] = (),
        calls: Iterable[CallRecord] = (),
        durable: bool = True,
    ) -> None:
        """Episodes, model calls and the agent row, in one transaction (one fsync at most).
        The steps in flight (``write_intent``) and their calls go with it."""
        stored: dict[Hashable, str] = {}
        objects: list[tuple[Message, str]] = []
        prepared = self._prepared.get(state.id)
        if prepared is not None:
            episodes = [*episodes]
            episodes += [e for e in prepared.episodes if all(e is not x for x in episodes)]
        call_rows = prepared.calls if prepared is not None else []
        call_rows = [*call_rows, *(self._call_row(state.id, call) for call in calls)]
        usage = model_json(state.usage)
        with self.db.transaction(durable=durable) as db:
            for number, (row, fresh) in enumerate(call_rows, 1):  # the last: with the usage
                self._insert_call(db, row, fresh, usage if number == len(call_rows) else None,
                                  stored, objects)
            rows = [(state.id, e.number, model_json(e)) for e in episodes]
            if rows:
                db.executemany(
                    "insert into episodes(agent_id, number, data) values (?, ?, ?)"
                    " on conflict(agent_id, number) do update set data=excluded.data", rows)
            agent_row = self._write_agent(db, state, usage, bool(call_rows))
        # committed
        if prepared is not None and self._prepared.get(state.id) is prepared:
            del self._prepared[state.id]
        self._prompts.committed(state.id, stored, objects)
        if agent_row is not None:
            self._agent_rows[state.id] = agent_row

    def load(self, agent_id: str) -> AgentState:
        """An agent by id, unique id prefix, or unique name."""
        found = self.db.state_by_id("agents", agent_id, what="agent",
                                    listing="autonomo agents list", or_name=True)
        state = AgentState.model_validate_json(found)
        state.episodes = [
            Episode.model_validate_json(r[0])
            for r in self.db.query(
                "select data from episodes where agent_id = ? order by number", (state.id,)
            )
        ]
        newest = self.db.query(f"select {_NEWEST_USAGE} from agents where id = ?",
                               (state.id,))
        state.usage = _later(state.usage, newest[0][0] if newest else None)
        self._in_flight(state, _intent(self.intents.read(state.id)))  # shown as running
        return state

    # -- a step in flight -------------------------------------------------------------------------
    def write_intent(self, state: AgentState, episode: Episode,
                     calls: Iterable[CallRecord]) -> None:
        """Before ``episode``'s command runs: record that it started, with the model calls
        not yet written, in the agent's intent file (``storage/intents.py``). The next
        ``write`` of the agent puts them in the database."""
        prepared = self._prepared.setdefault(state.id, _Prepared())
        prepared.episodes.append(episode)
        prepared.calls += [self._call_row(state.id, call) for call in calls]
        self.intents.write(state.id, {
            "episodes": [model_json(e) for e in prepared.episodes],
            "usage": model_json(state.usage),
            "calls": [row for row, _ in prepared.calls],
        })

    def adopt_intent(self, state: AgentState) -> None:
        """For a run claiming the agent (``acquire`` first): the steps its last driver had
        in flight when it died join ``state`` (result None: they are recovered as
        interrupted), and their calls and usage go with the next ``write``."""
        if state.id in self._prepared:  # this store's own, not yet written
            return
        record = _intent(self.intents.read(state.id))
        flying = self._in_flight(state, record) if record is not None else []
        if flying and record is not None:
            self._prepared[state.id] = _Prepared(flying, [(row, []) for row in record[2]])

    def _in_flight(self, state: AgentState, record: _Intent | None) -> list[Episode]:
        """The episodes of the agent's intent ``record`` that the database lacks, added to
        ``state`` if it lacks them too (with the usage that counts their calls)."""
        if record is None or not record[0]:
            return []
        flying, usage, _ = record
        stored = {n for (n,) in self.db.query(
            "select number from episodes where agent_id = ? and number >= ?",
            (state.id, min(e.number for e in flying)))}
        numbers = {e.number for e in flying if e.number not in stored}
        if not numbers:
            return []  # written since: the record is stale
        last = state.episodes[-1].number if state.episodes else 0
        for episode in flying:
            if episode.number in numbers and episode.number == last + 1:
                state.episodes.append(episode)
                last += 1
        if usage.calls > state.usage.calls:
            state.usage = usage
        return [e for e in state.episodes if e.number in numbers]

    def list(self) -> list[AgentState]:
        """Every agent (without its episodes), the last updated first."""
        states = []
        for data, usage in self.db.query(
                f"select state, {_NEWEST_USAGE} from agents order by {_LAST_UPDATE} desc"):
            state = AgentState.model_validate_json(data)
            state.usage = _later(state.usage, usage)
            states.append(state)
        return states

    def delete(self, agent_id: str) -> AgentState:
        state = self.load(agent_id)
        self.ensure_free(state.id)
        with self.db.transaction() as db:
            db.execute("delete from agents where id = ?", (state.id,))
        self._agent_rows.pop(state.id, None)
        self._prompts.forget(state.id)
        self._prepared.pop(state.id, None)
        self.intents.remove(state.id)
        return state

    # -- one driver per agent -------------------------------------------------------------------
    def acquire(self, state: AgentState, token: str) -> Owner | None:
        """Make this process (run ``token``) the agent's only driver.

        Raises ``AgentBusyError`` naming the holder while another live process drives it.
        Returns the previous owner if it died holding the agent (the last run was killed or
        crashed), else None."""
        with self.db.transaction() as db:
            row = db.execute(f"select owner, {_LAST_UPDATE} from agents where id = ?",
                             (state.id,)).fetchone()
            if row is None:
                self._agent_rows.pop(state.id, None)
                self._write_agent(db, state, "", False)
                row = (None, _now())
            previous = Owner.from_json(row[0])
            me = Owner.this_process(token)
            if previous is not None and previous.same_process(me):
                previous = None  # this process again (an earlier run of it, or re-entry)
            if previous is not None and previous.alive():
                raise _busy(state.id, previous, row[1])
            db.execute("update agents set owner = ? where id = ?", (me.to_json(), state.id))
        return previous

    def release(self, agent_id: str, token: str) -> None:
        """Give up driving the agent (only if run ``token`` still holds it)."""
        with self.db.transaction() as db:
            row = db.execute("select owner from agents where id = ?", (agent_id,)).fetchone()
            owner = Owner.from_json(row[0]) if row else None
            if owner is not None and owner.token == token:
                db.execute("update agents set owner = null where id = ?", (agent_id,))

    def ensure_free(self, agent_id: str) -> None:
        """Raise ``AgentBusyError`` if a live process drives the agent (checked before
        touching a stored agent; ``acquire`` is what actually excludes a second driver)."""
        activity = self.activity(agent_id)
        if activity.alive and activity.owner is not None:
            raise _busy(agent_id, activity.owner, activity.updated_at)

    def activity(self, agent_id: str) -> Activity:
        rows = self.db.query(f"select owner, {_LAST_UPDATE} from agents where id = ?",
                             (agent_id,))
        if not rows:
            return Activity(None, False, "")
        owner = Owner.from_json(rows[0][0])
        return Activity(owner, owner is not None and owner.alive(), rows[0][1])

    # -- trajectory ---------------------------------------------------------------------------
    def _call_row(self, agent_id: str, call: CallRecord) -> tuple[tuple[Any, ...], _Fresh]:
        """The call's row; its prompt's new messages inside it (``storage/prompts.py``),
        whose places are known once the row has its id."""
        prompt, fresh = self._prompts.encode(agent_id, call.messages, {})
        return (agent_id, call.step, call.purpose, call.completion.model, prompt,
                _options_json(call.options), model_json(call.completion), _now()), fresh

    def _insert_call(self, db: Any, row: tuple[Any, ...], fresh: _Fresh, usage: str | None,
                     stored: dict[Hashable, str], objects: list[tuple[Message, str]]) -> None:
        """Insert a call's ``row``, with the agent's ``usage`` if given (a transaction's last
        call). What the row stored goes to ``stored`` and ``objects`` (known committed once
        the transaction is)."""
        cursor = db.execute(
            "insert into model_calls(agent_id, step, purpose, model, message_hashes, prompt,"
            " options, response, created_at, usage) values (?, ?, ?, ?, '[]', ?, ?, ?, ?, ?)",
            (*row, usage))
        if fresh:
            self._prompts.stored(cursor.lastrowid, fresh, stored, objects)

    def calls(self, agent_id: str) -> list[dict[str, Any]]:
        """Every model call of an agent, with its full prompt, oldest first."""
        return read_calls(self.db, agent_id)

    def close(self) -> None:
        self.intents.close()
        self.db.close()
