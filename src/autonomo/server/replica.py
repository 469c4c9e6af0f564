"""A worker's local copy of a task shared through PostgreSQL.

With several servers on one PostgreSQL, the database holds what a worker needs to continue a
task: the agent's state, its episodes and its workspace files, under a version number that
grows with every write. A worker keeps its own copy in its data directory (the agent store
and ``agents/<id>/workspace``) and the version of that copy; when it claims a task whose copy
is missing or older, it restores the copy from the database before running the step, and
the step's new state and changed files go back in the transaction that records the step.

Restoring writes files on the host from names read out of the database, so every name is
checked like an upload's (no absolute paths, no ``..``) and every file is written through the
``Workspace`` descriptor rules: a local folder swapped for a symbolic link, before or while
restoring, is refused rather than followed.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from autonomo.agent.episodes import Episode
from autonomo.agent.state import AgentState, AgentStore
from autonomo.errors import WorkspaceError
from autonomo.server import artifacts
from autonomo.storage.db import Migration, apply_migrations
from autonomo.tools.workspace import Workspace

log = logging.getLogger("autonomo.server")

#: an agent id read from the database becomes a folder name: it must be one plain word
_AGENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

#: what is shared of a workspace: everything but caches a worker rebuilds by itself
SHARED_HIDDEN = frozenset({"__pycache__"})


def m201_server_replicas(db: sqlite3.Connection) -> None:
    db.execute("create table server_replicas (task_id text primary key,"
               " version integer not null)")


def m202_replica_agent(db: sqlite3.Connection) -> None:
    """The agent a task's local copy is of: a database row naming another local agent (the
    CLI's, another task's) must not overwrite it."""
    db.execute("alter table server_replicas add column agent_id text")


MIGRATIONS: list[tuple[str, Migration]] = [("m201_server_replicas", m201_server_replicas),
                                           ("m202_replica_agent", m202_replica_agent)]

#: (folder, name, bytes or None for a deleted file)
FileChange = tuple[str, str, bytes | None]


@dataclass
class Changes:
    """What a step changed, to be written with it: the agent row, episodes, files."""

    state: str | None = None
    episodes: list[tuple[int, str]] = field(default_factory=list)
    files: list[FileChange] = field(default_factory=list)
    #: files not shared, with the reason (too big, unreadable)
    skipped: list[str] = field(default_factory=list)


@dataclass
class Bundle:
    """A task's shared copy as read from the database (files: those newer than asked)."""

    version: int
    agent_id: str
    state: str
    episodes: list[tuple[int, str]]
    files: list[FileChange]


def checked_agent_id(agent_id: str) -> str:
    if not _AGENT_ID.fullmatch(agent_id or ""):
        raise WorkspaceError(f"Refused agent id {agent_id!r} from the database: not a plain "
                             "name, so it cannot name a folder.")
    return agent_id


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class Replica:
    """This worker's copies of shared tasks: their versions, restoring, collecting changes."""

    def __init__(self, store: AgentStore, *, max_file_bytes: int,
                 max_step_bytes: int | None = None) -> None:
        self.store, self.max_file_bytes = store, max_file_bytes
        #: all the files one step shares, together: what sandboxed code writes (sparse files
        #: cost it nothing) is read into memory and sent in one transaction
        self.max_step_bytes = max_step_bytes or max_file_bytes
        with store.db.transaction() as db:
            apply_migrations(db, MIGRATIONS)
        #: task -> episode number -> digest of what the database holds (sent or restored)
        self._sent: dict[str, dict[int, str]] = {}

    def version(self, task_id: str) -> int:
        rows = self.store.db.query("select version from server_replicas where task_id = ?",
                                   (task_id,))
        return rows[0][0] if rows else 0

    def set_version(self, task_id: str, version: int, agent_id: str | None = None) -> None:
        with self.store.db.transaction(durable=False) as db:
            _set_version(db, task_id, version, agent_id)

    def _agent_here(self, agent_id: str) -> bool:
        return bool(self.store.db.query("select 1 from agents where id = ?", (agent_id,)))

    def owns(self, task_id: str, agent_id: str) -> bool:
        """Whether the local agent ``agent_id`` may be written as this task's copy: it is not
        in the local store yet, or it is already this task's copy."""
        rows = self.store.db.query("select agent_id from server_replicas where task_id = ?",
                                   (task_id,))
        if rows and rows[0][0] in (None, agent_id):  # None: copies made before m202
            return True
        return not self._agent_here(agent_id)

    def workspace(self, agent_id: str) -> Path:
        """Where this worker keeps the agent's workspace (its own data directory)."""
        return self.store.default_workspace(checked_agent_id(agent_id)).resolve()

    # -- restoring --------------------------------------------------------------------------
    def restore(self, task_id: str, bundle: Bundle) -> list[str]:
        """Make the local copy the database's: files first, then the agent and the version
        in one local transaction (a crash in between restores again). Returns the files
        refused, with why."""
        if not self.owns(task_id, bundle.agent_id):
            raise WorkspaceError(f"Task {task_id}'s shared copy names agent {bundle.agent_id}, "
                                 "which this machine keeps for something else; not "
                                 "overwritten.")
        root = self.workspace(bundle.agent_id)
        root.mkdir(parents=True, exist_ok=True)
        refused = restore_files(Workspace(root), bundle.files, self.max_file_bytes)
        state = AgentState.model_validate_json(bundle.state)
        if state.id != bundle.agent_id:
            raise WorkspaceError(f"The shared state of task {task_id} names agent {state.id}, "
                                 f"not {bundle.agent_id}.")
        state.workspace = str(root)
        episodes = [Episode.model_validate_json(data) for _, data in bundle.episodes]
        self.store.save(state)  # the row first: episodes refer to it
        self.store.write(state, episodes=episodes)
        with self.store.db.transaction() as db:
            db.execute("delete from episodes where agent_id = ? and number > ?",
                       (state.id, max((e.number for e in episodes), default=0)))
            _set_version(db, task_id, bundle.version, state.id)
        self._sent[task_id] = {n: _digest(data) for n, data in bundle.episodes}
        for problem in refused:
            log.warning("task %s: restoring the workspace: %s", task_id, problem)
        return refused

    # -- collecting -----------------------------------------------------------------------------
    def changes(self, task_id: str, state: AgentState, workspace: Path,
                before: artifacts.Snapshot, after: artifacts.Snapshot,
                extra: list[Episode] = ()) -> Changes:
        """The agent row, the episodes the database does not have yet (or has older), and
        the files changed or deleted between the snapshots (read through the workspace's
        descriptor rules)."""
        sent = self._sent.setdefault(task_id, {})
        changes = Changes(state=state.model_dump_json())
        for episode in [*state.episodes, *extra]:
            data = episode.model_dump_json()
            digest = _digest(data)
            if sent.get(episode.number) != digest:
                changes.episodes.append((episode.number, data))
                sent[episode.number] = digest
        ws = Workspace(workspace)
        room = self.max_step_bytes
        for folder, name in artifacts.changed(before, after):
            shown = f"{folder}/{name}" if folder else name
            limit = min(self.max_file_bytes, room)
            if after[(folder, name)][0] > limit:
                why = (f"larger than {self.max_file_bytes} bytes" if limit == self.max_file_bytes
                       else f"the step's files together exceed {self.max_step_bytes} bytes")
                changes.skipped.append(f"{shown}: {why}")
                continue
            try:
                data = artifacts.read_all(ws, folder, name, limit)
            except (OSError, WorkspaceError) as exc:
                changes.skipped.append(f"{shown}: {exc}")
                continue
            room -= len(data)
            changes.files.append((folder, name, data))
        changes.files += [(folder, name, None) for folder, name in before if
                          (folder, name) not in after]
        return changes

    def forget(self, task_id: str) -> None:
        """The database's episodes may have changed without us: send them all next time."""
        self._sent.pop(task_id, None)

    def discard(self, task_id: str, workspace: Path,
                created: list[tuple[str, str]] = ()) -> None:
        """A step's result was not written (the claim was lost): drop what it left in this
        copy — the files it created, and the version, so that the next claim restores the
        whole shared copy (state, episodes, every file) over the local one."""
        self.forget(task_id)
        self.set_version(task_id, 0)
        ws = Workspace(workspace)
        for folder, name in created:
            try:
                artifacts.remove(ws, folder, name)
            except (OSError, WorkspaceError) as exc:
                log.warning("task %s: removing %s/%s of a discarded step: %s", task_id,
                            folder, name, exc)


def _set_version(db: sqlite3.Connection, task_id: str, version: int,
                 agent_id: str | None) -> None:
    db.execute("insert into server_replicas(task_id, version, agent_id) values (?, ?, ?)"
               " on conflict(task_id) do update set version = excluded.version,"
               " agent_id = coalesce(excluded.agent_id, server_replicas.agent_id)",
               (task_id, version, agent_id))


def restore_files(ws: Workspace, files: list[FileChange], max_bytes: int) -> list[str]:
    """Write (or delete) the files of a bundle in ``ws``; names checked like uploads', each
    file written by descriptor, a link met on the way refused. Returns the refused ones."""
    refused = []
    for folder, name, data in files:
        try:
            folder, name = artifacts.split_name(folder, name)
            if data is None:
                artifacts.remove(ws, folder, name)
            elif len(data) > max_bytes:
                raise WorkspaceError(f"larger than {max_bytes} bytes")
            else:
                artifacts.write_exact(ws, folder, name, data)
        except (OSError, WorkspaceError) as exc:
            refused.append(f"{os.path.join(folder, name)!r}: {exc}")
    return refused
