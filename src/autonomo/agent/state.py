"""An agent's persistent state, saved after every step, and the store that keeps it."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import orjson
from pydantic import BaseModel, Field

from autonomo.agent.episodes import Episode
from autonomo.agent.owner import Owner
from autonomo.agent.profile import AgentProfile, Directives
from autonomo.agent.task_text import analysed
from autonomo.errors import AgentBusyError
from autonomo.llm.types import Completion, Message, Usage
from autonomo.storage.db import AGENT_MIGRATIONS, Database
from autonomo.storage.intents import IntentFiles
from autonomo.storage.model_json import model_json
from autonomo.storage.prompts import PromptWriter, read_calls

Status = Literal["created", "running", "waiting", "finished", "unverified", "stopped", "failed"]
#: the statuses of a run its agent ended by finishing: ``unverified`` is a finish the
#: verifiers could not confirm (``agent/verifying.py``); neither runs on without a new task
ENDED = ("finished", "unverified")


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
        """The current task as the step's analysis reads it (``task_text.analysed``: a token
        longer than any name, or a task longer than a small model's context, would stall a
        step); ``tasks`` keeps each whole."""
        return analysed(self.tasks[-1]) if self.tasks else ""

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


@dataclass
class _Prepared:
    """What an agent's next transaction writes that is not in the database yet: the steps
    in flight and finished (their episodes, each with its JSON when logged finished), and
    the rows of their calls, in order (the batch of ``storage/prompts.py``). All of it is in
    the agent's intent log."""

    episodes: list[Episode] = field(default_factory=list)
    calls: list[tuple[Any, ...]] = field(default_factory=list)
    #: id(episode) -> (the episode, its JSON as logged when finished)
    logged: dict[int, tuple[Episode, str]] = field(default_factory=dict)
    #: finished steps logged instead of committed (``write(batch=True)``)
    deferred: int = 0


#: an intent log read back: the episodes in flight or finished, the usage, the calls' rows
_Intent = tuple[list[Episode], Usage, list[tuple[Any, ...]]]
#: the columns of a call's row (``AgentStore._call_row``)
_CALL_COLUMNS = 8
#: a batch (``write(batch=True)``): at most this many steps share a transaction, and only
#: while the agent's last commit is this recent (seconds): fast steps share one, a slow
#: step (a real model's) commits at once
BATCH_STEPS = 8
BATCH_SECONDS = 0.25


def _intent(records: list[dict[str, Any]]) -> _Intent | None:
    """An intent log's records checked and merged (a later record's episode replaces an
    earlier one of the same number); None when there are none or one is not of this
    store's shape."""
    if not records:
        return None
    episodes: dict[int, Episode] = {}
    calls: list[tuple[Any, ...]] = []
    try:
        for record in records:
            rows = [tuple(row) for row in record["calls"]]
            if any(len(row) != _CALL_COLUMNS for row in rows):
                return None
            calls += rows
            for data in record["episodes"]:
                episode = Episode.model_validate_json(data)
                episodes[episode.number] = episode
            usage = Usage.model_validate_json(record["usage"])
    except (KeyError, TypeError, ValueError):
        return None
    return sorted(episodes.values(), key=lambda e: e.number), usage, calls


def _record(episodes: list[Episode], data: list[str], usage: str,
            calls: list[tuple[Any, ...]]) -> dict[str, Any]:
    """An intent log record: the episodes (JSON), their numbers (so that counting steps
    parses no episode), the usage and the calls' rows."""
    return {"numbers": [e.number for e in episodes], "episodes": data, "usage": usage,
            "calls": calls}


def _logged_numbers(records: list[dict[str, Any]]) -> set[int]:
    """The episode numbers of an intent log's records, none of its episodes validated (a
    record written before ``numbers``: its episodes' ``number`` read from their JSON);
    empty when one record is not of this store's shape, as ``_intent`` finds it."""
    found: set[int] = set()
    try:
        for record in records:
            episodes, numbers = record["episodes"], record.get("numbers")
            if numbers is None:
                numbers = [orjson.loads(data)["number"] for data in episodes]
            if not (isinstance(record["usage"], str) and len(numbers) == len(episodes)
                    and all(type(n) is int for n in numbers)
                    and all(len(row) == _CALL_COLUMNS for row in record["calls"])):
                return set()
            found.update(numbers)
    except (KeyError, TypeError, ValueError):
        return set()
    return found


#: fields of the agent row that do not make it a new row (``AgentStore._write_agent``)
_NOT_IN_KEY = frozenset({"usage"})
#: SQL, in a query of ``agents``: the usage written with the agent's newest model call
_NEWEST_USAGE = ("(select usage from model_calls where agent_id = agents.id"
                 " and usage is not null order by id desc limit 1)")
#: SQL, in a query of ``agents``: its last update, the row's or its newest model call's
_LAST_UPDATE = ("max(updated_at, coalesce((select created_at from model_calls"
                " where agent_id = agents.id order by id desc limit 1), ''))")


def _logged(prepared: _Prepared, episode: Episode, given: list[Episode]) -> str:
    """``episode``'s JSON: as logged finished, unless it is one of the write's ``given``."""
    logged = prepared.logged.get(id(episode))
    if logged is not None and logged[0] is episode and all(episode is not e for e in given):
        return logged[1]
    return model_json(episode)


def _with_usage(rest: str, usage: str) -> str:
    """The agent row's JSON from its JSON without the usage (``_row_key``) and the usage's:
    the state was serialised twice a written row, once for the key and once whole."""
    assert usage, "the usage's JSON is part of the agent row"
    return f'{rest[:-1]},"usage":{usage}}}' if rest != "{}" else f'{{"usage":{usage}}}'


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
        #: per agent: when this store last committed it (``time.monotonic``; ``write``)
        self._committed_at: dict[str, float] = {}

    def default_workspace(self, agent_id: str) -> Path:
        return self.data_dir / "agents" / agent_id / "workspace"

    # -- agents -----------------------------------------------------------------------------
    def save(self, state: AgentState, *, durable: bool = True) -> None:
        self.write(state, durable=durable)

    def _row_key(self, state: AgentState) -> tuple[str, ...]:
        """The agent row's content but its usage and time (``_write_agent``)."""
        return (state.name, state.created_at, state.status, model_json(state, _NOT_IN_KEY))

    def _write_agent(self, db: Any, state: AgentState, usage: str, carried: bool,
                     key: tuple[str, ...] | None = None) -> tuple[tuple[str, ...], str] | None:
        """Upsert the agent row unless this store last committed it with the same content
        (``key``, computed if not given); a change of usage alone needs no new row when the
        transaction's last model call ``carried`` it (its ``usage`` column, ``m004``).
        Returns what to remember once committed, or None.

        A step's agent row differs from the last only by its usage (and the time): not
        rewriting it saves a page and the row's JSON a step. So ``updated_at`` is the time
        of the row's last change; the agent's last update is the later of it and of its
        newest model call (``activity``)."""
        key = key if key is not None else self._row_key(state)
        last = self._agent_rows.get(state.id)
        if last is not None and last[0] == key and (carried or last[1] == usage):
            return None
        db.execute(
            "insert into agents(id, name, created_at, updated_at, status, state)"
            " values (?, ?, ?, ?, ?, ?)"
            " on conflict(id) do update set name=excluded.name, updated_at=excluded.updated_at,"
            " status=excluded.status, state=excluded.state",
            (state.id, state.name, state.created_at, _now(), state.status,
             _with_usage(key[3], usage)),
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
        batch: bool = False,
    ) -> None:
        """Episodes, model calls and the agent row, in one transaction (one fsync at most).
        The steps in flight (``write_intent``) and their calls go with it.

        ``batch``: a step's end, which, when not ``durable``, may be appended to the agent's
        intent log instead and committed with the next steps' (``BATCH_STEPS``): when its
        episodes are finished, the agent row is unchanged but for its usage, and the agent's
        last commit is recent. It survives a crash of the process either way."""
        episodes = [*episodes]
        prepared = self._prepared.get(state.id) or _Prepared()
        rows = self._call_rows(state.id, calls, len(prepared.calls))
        usage = model_json(state.usage)
        key = self._row_key(state)
        if batch and not durable and self._may_defer(state.id, prepared, episodes, key):
            self._log(state, prepared, episodes, rows, usage)
            return
        every = [*episodes, *(e for e in prepared.episodes if all(e is not x for x in episodes))]
        rows = [*prepared.calls, *rows]
        try:
            with self.db.transaction(durable=durable) as db:
                ids: list[int] = []
                for row in rows:  # the last: with the usage
                    ids.append(self._insert_call(db, row, ids, usage if len(ids) + 1 == len(rows)
                                                 else None))
                if every:
                    db.executemany(
                        "insert into episodes(agent_id, number, data) values (?, ?, ?)"
                        " on conflict(agent_id, number) do update set data=excluded.data",
                        [(state.id, e.number, _logged(prepared, e, episodes)) for e in every])
                agent_row = self._write_agent(db, state, usage, bool(rows), key)
        except BaseException:
            self._prompts.discard(state.id, len(prepared.calls))  # the new rows are not kept
            raise
        # committed
        if self._prepared.get(state.id) is prepared:
            del self._prepared[state.id]
            self.intents.clear(state.id)
        self._committed_at[state.id] = time.monotonic()
        self._prompts.committed(state.id, ids)
        if agent_row is not None:
            self._agent_rows[state.id] = agent_row

    def _may_defer(self, agent_id: str, prepared: _Prepared, episodes: list[Episode],
                   key: tuple[str, ...]) -> bool:
        last = self._agent_rows.get(agent_id)
        return (bool(episodes) and all(e.result is not None for e in episodes)
                and last is not None and last[0] == key
                and prepared.deferred + 1 < BATCH_STEPS
                and time.monotonic() - self._committed_at.get(agent_id, -BATCH_SECONDS)
                < BATCH_SECONDS)

    def _log(self, state: AgentState, prepared: _Prepared, episodes: list[Episode],
             rows: list[tuple[Any, ...]], usage: str, *, deferred: int = 1) -> None:
        """Append ``episodes`` and the call ``rows`` (the next of the batch) to the agent's
        intent log, and to what its next transaction writes."""
        data = [model_json(e) for e in episodes]
        try:
            self.intents.write(state.id, _record(episodes, data, usage, rows),
                               restart=not (prepared.episodes or prepared.calls))
        except BaseException:
            self._prompts.discard(state.id, len(prepared.calls))
            raise
        for episode, json_ in zip(episodes, data, strict=True):
            if all(episode is not e for e in prepared.episodes):
                prepared.episodes.append(episode)
            if episode.result is not None:
                prepared.logged[id(episode)] = (episode, json_)
        prepared.calls += rows
        prepared.deferred += deferred
        self._prepared[state.id] = prepared

    def load(self, agent_id: str) -> AgentState:
        """An agent by id, unique id prefix, or unique name; with the steps its intent log
        holds (finished, or in flight: shown as running)."""
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
        self._in_flight(state, _intent(self.intents.read(state.id)))
        return state

    def step_count(self, agent_id: str) -> int:
        """How many steps the agent has, its intent log's included."""
        count, last = self.db.query("select count(*), max(number) from episodes"
                                    " where agent_id = ?", (agent_id,))[0]
        numbers = _logged_numbers(self.intents.read(agent_id))
        return count + len({n for n in numbers if n > (last or 0)})

    # -- a step in flight -------------------------------------------------------------------------
    def write_intent(self, state: AgentState, episode: Episode,
                     calls: Iterable[CallRecord]) -> None:
        """Before ``episode``'s command runs: record that it started, with the model calls
        not yet written, in the agent's intent log (``storage/intents.py``). The next
        committing ``write`` of the agent puts them in the database."""
        prepared = self._prepared.get(state.id) or _Prepared()
        rows = self._call_rows(state.id, calls, len(prepared.calls))
        self._log(state, prepared, [episode], rows, model_json(state.usage), deferred=0)

    def adopt_intent(self, state: AgentState) -> None:
        """For a run claiming the agent (``acquire`` first): the steps its last driver left
        in its intent log when it died join ``state`` (one in flight has result None: it is
        recovered as interrupted), and their calls and usage go with the next ``write``."""
        if state.id in self._prepared:  # this store's own, not yet written
            return
        records, generation, end = self.intents.read_log(state.id)
        record = _intent(records)
        flying = self._in_flight(state, record) if record is not None else []
        if flying and record is not None:
            prepared = self._prepared[state.id] = _Prepared(flying, record[2])
            if end:
                self.intents.continue_log(state.id, generation, end)
            else:  # a file from before the log: the next record would overwrite it
                self.intents.write(state.id, _record(
                    flying, [model_json(e) for e in flying], model_json(state.usage),
                    prepared.calls))

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
                self._write_agent(db, state, model_json(state.usage), False)
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
        """Give up driving the agent (only if run ``token`` still holds it). What this store
        has not committed of it stays in its intent log, for the next driver to adopt
        (``adopt_intent``; a run commits all before it releases, unless it raised)."""
        with self.db.transaction() as db:
            row = db.execute("select owner from agents where id = ?", (agent_id,)).fetchone()
            owner = Owner.from_json(row[0]) if row else None
            if owner is None or owner.token != token:
                return
            db.execute("update agents set owner = null where id = ?", (agent_id,))
        if self._prepared.pop(agent_id, None) is not None:
            self._prompts.discard(agent_id, 0)

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
    def _call_rows(self, agent_id: str, calls: Iterable[CallRecord],
                   before: int) -> list[tuple[Any, ...]]:
        """The calls' rows, the next of the agent's batch after its first ``before``; each
        prompt's new messages inside its row (``storage/prompts.py``)."""
        rows = []
        for call in calls:
            prompt = self._prompts.encode(agent_id, call.messages, before + len(rows) + 1)
            rows.append((agent_id, call.step, call.purpose, call.completion.model, prompt,
                         _options_json(call.options), model_json(call.completion), _now()))
        return rows

    def _insert_call(self, db: Any, row: tuple[Any, ...], ids: list[int],
                     usage: str | None) -> int:
        """Insert a call's ``row`` (``ids``: the batch's rows inserted before it), with the
        agent's ``usage`` if given (a transaction's last call); returns its id."""
        agent_id, step, purpose, model, prompt, *rest = row
        cursor = db.execute(
            "insert into model_calls(agent_id, step, purpose, model, message_hashes, prompt,"
            " options, response, created_at, usage) values (?, ?, ?, ?, '[]', ?, ?, ?, ?, ?)",
            (agent_id, step, purpose, model, PromptWriter.resolve(prompt, ids), *rest, usage))
        return cursor.lastrowid

    def calls(self, agent_id: str) -> list[dict[str, Any]]:
        """Every model call of an agent, with its full prompt, oldest first."""
        return read_calls(self.db, agent_id)

    def close(self) -> None:
        self.intents.close()
        self.db.close()
