"""Teams in the data directory's SQLite database: every message and model call as it happens.

A team is resumable from these rows alone:

* ``team_messages`` — the whole history in publication order, with the recipients chosen
  when each was routed and the round/role turn that produced it;
* ``team_turns`` — one row per finished turn of a role: the messages it consumed and the
  role's state (its plan, for instance), written in one transaction;
* ``team_calls`` — every model call (and every human answer), keyed by round, role and its
  number within the turn, so a turn cut short by a crash is replayed without paying twice.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from autonomo.llm.types import Completion, Message
from autonomo.storage.db import Database
from autonomo.team.message import Message as TeamMessage

TeamStatus = Literal["created", "running", "finished", "stopped", "failed"]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def m101_teams(db: sqlite3.Connection) -> None:
    for statement in (
        """create table teams (
            id text primary key, name text not null, created_at text not null,
            updated_at text not null, status text not null, state text not null)""",
        """create table team_messages (
            team_id text not null references teams(id) on delete cascade,
            seq integer not null, id text not null, round integer not null,
            turn text not null, recipients text not null, data text not null,
            primary key (team_id, seq), unique (team_id, id))""",
        """create table team_turns (
            team_id text not null references teams(id) on delete cascade,
            round integer not null, role text not null, consumed text not null,
            state text not null, primary key (team_id, round, role))""",
        """create table team_calls (
            id integer primary key, team_id text not null references teams(id)
            on delete cascade, round integer not null, role text not null,
            seq integer not null, purpose text not null, model text not null,
            messages text not null, options text not null, response text not null,
            created_at text not null, unique (team_id, round, role, seq))""",
    ):
        db.execute(statement)


#: the team store's migrations (its tables live in ``autonomo.db`` beside the agents'), in order
TEAM_MIGRATIONS = [("m101_teams", m101_teams)]


class TeamState(BaseModel):
    """A team's own row: what it works on, how far it got, why it stopped."""

    id: str = Field(default_factory=lambda: uuid.uuid4().hex[:12])
    name: str = "team"
    created_at: str = Field(default_factory=_now)
    idea: str = ""
    #: how to rebuild the roles on resume (see ``autonomo.team.loader``)
    spec: dict[str, Any] = Field(default_factory=dict)
    investment: float | None = None
    n_round: int = 5
    #: the round in progress (0 before the first)
    round: int = 0
    status: TeamStatus = "created"
    stop_reason: str = ""
    workspace: str = ""


@dataclass
class StoredCall:
    round: int
    role: str
    seq: int
    purpose: str
    model: str
    messages: list[Message]
    completion: Completion


@dataclass
class StoredTurn:
    round: int
    role: str
    consumed: list[str]
    state: dict[str, Any]


class TeamStore:
    """Reads and writes teams; shares the agents' database file."""

    def __init__(self, data_dir: Path, db: Database | None = None) -> None:
        self.data_dir = Path(data_dir)
        #: ``db``: share an open connection (the SOP store writes its events and the calls
        #: of a turn in one transaction)
        if db is None:
            db = Database(self.data_dir / "autonomo.db", TEAM_MIGRATIONS)
        else:
            db.migrate(TEAM_MIGRATIONS)
        self.db = db

    def default_workspace(self, team_id: str) -> Path:
        return self.data_dir / "teams" / team_id / "workspace"

    def save(self, state: TeamState, *, durable: bool = True) -> None:
        with self.db.transaction(durable=durable) as db:
            self._write_team(db, state)

    def _write_team(self, db: sqlite3.Connection, state: TeamState) -> None:
        db.execute(
            "insert into teams(id, name, created_at, updated_at, status, state)"
            " values (?, ?, ?, ?, ?, ?) on conflict(id) do update set name=excluded.name,"
            " updated_at=excluded.updated_at, status=excluded.status, state=excluded.state",
            (state.id, state.name, state.created_at, _now(), state.status,
             state.model_dump_json()),
        )

    def write(self, team_id: str, *, calls: Sequence[tuple[StoredCall, dict[str, Any]]] = (),
              message: tuple[TeamMessage, list[str], str] | None = None,
              turn: StoredTurn | None = None, state: TeamState | None = None,
              durable: bool = False) -> None:
        """Model calls, a published message (with its recipients and the turn that made it),
        a finished turn and the team's row — whichever are given — in one transaction.

        Not fsynced unless ``durable``: it survives a crash of the process either way."""
        with self.db.transaction(durable=durable) as db:
            self.write_rows(db, team_id, calls=calls, message=message, turn=turn, state=state)

    def write_rows(self, db: sqlite3.Connection, team_id: str, *,
                   calls: Sequence[tuple[StoredCall, dict[str, Any]]] = (),
                   message: tuple[TeamMessage, list[str], str] | None = None,
                   turn: StoredTurn | None = None, state: TeamState | None = None) -> None:
        """``write``'s rows inside a transaction the caller holds."""
        for call, options in calls:
            db.execute(
                "insert or replace into team_calls(team_id, round, role, seq, purpose,"
                " model, messages, options, response, created_at)"
                " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (team_id, call.round, call.role, call.seq, call.purpose, call.model,
                 json.dumps([m.model_dump(mode="json") for m in call.messages]),
                 json.dumps(options, default=str), call.completion.model_dump_json(),
                 _now()))
        if message is not None:
            published, recipients, by = message
            db.execute(
                "insert into team_messages(team_id, seq, id, round, turn, recipients, data)"
                " values (?, coalesce((select max(seq) from team_messages where"
                " team_id = ?), 0) + 1, ?, ?, ?, ?, ?)",
                (team_id, team_id, published.id, published.round, by,
                 json.dumps(recipients), published.model_dump_json()))
        if turn is not None:
            db.execute(
                "insert into team_turns(team_id, round, role, consumed, state)"
                " values (?, ?, ?, ?, ?)",
                (team_id, turn.round, turn.role, json.dumps(turn.consumed),
                 json.dumps(turn.state)))
        if state is not None:
            self._write_team(db, state)

    def last_round(self, team_id: str) -> int:
        """The highest round anything was written in (the round in progress at a crash)."""
        rows = self.db.query(
            "select max(r) from (select max(round) as r from team_messages where team_id = ?"
            " union all select max(round) from team_calls where team_id = ?"
            " union all select max(round) from team_turns where team_id = ?)",
            (team_id, team_id, team_id))
        return rows[0][0] or 0

    # -- reading ------------------------------------------------------------------------------
    def load(self, team_id: str) -> TeamState:
        """A team by id or unique id prefix."""
        return TeamState.model_validate_json(self.db.state_by_id(
            "teams", team_id, what="team", listing="autonomo team list"))

    def list(self) -> list[TeamState]:
        return [TeamState.model_validate_json(r[0])
                for r in self.db.query("select state from teams order by updated_at desc")]

    def messages(self, team_id: str) -> list[tuple[TeamMessage, list[str], str]]:
        """(message, recipients, turn) in publication order."""
        return [
            (TeamMessage.model_validate_json(data), json.loads(recipients), turn)
            for data, recipients, turn in self.db.query(
                "select data, recipients, turn from team_messages where team_id = ?"
                " order by seq", (team_id,))
        ]

    def turns(self, team_id: str) -> list[StoredTurn]:
        return [
            StoredTurn(r, role, json.loads(consumed), json.loads(state))
            for r, role, consumed, state in self.db.query(
                "select round, role, consumed, state from team_turns where team_id = ?"
                " order by round, rowid", (team_id,))
        ]

    def calls(self, team_id: str) -> list[StoredCall]:
        return [
            StoredCall(r, role, seq, purpose, model,
                       [Message.model_validate(m) for m in json.loads(messages)],
                       Completion.model_validate_json(response))
            for r, role, seq, purpose, model, messages, response in self.db.query(
                "select round, role, seq, purpose, model, messages, response from team_calls"
                " where team_id = ? order by id", (team_id,))
        ]

    def discard_unfinished(self, team_id: str, round_: int) -> int:
        """Forget the messages of turns of ``round_`` that never committed (they will be
        published again, identically, when the turn is replayed); returns how many."""
        with self.db.transaction() as db:
            cursor = db.execute(
                "delete from team_messages where team_id = ? and round = ? and turn != ''"
                " and turn not in (select role from team_turns where team_id = ? and round = ?)",
                (team_id, round_, team_id, round_),
            )
            return cursor.rowcount

    def close(self) -> None:
        self.db.close()
