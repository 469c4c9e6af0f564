"""Destruction needs a mandate: every file the workspace held before the run that the run
removed, renamed away or overwrote must be what the task itself asks to go or to change.

The stance is the reverse of a list of forbidden acts: a loss is accepted only when the task
governs the file, and refused otherwise (the parse being unsure is no mandate):

* a file renamed to another name the task says, where the task asks no copy and denies no
  move, is the rename it asks for;
* a file deleted or renamed away must otherwise be an *object* of the task's own removal,
  move or rename (``finishing_targets.roles``) — or, when that parse finds no object in a task
  that asks a removal or asks no copy, a file the task names — not a file it protects, and
  the task must not deny that act ("a copy, not a move", "don't delete …");
* a file the task does not name may go only inside the scope the task's removal gives: a
  folder it names with no object of the removal in it ("empty the trash folder"; but "the
  Thumbs.db in photos/" names one file there, not the folder's photos), a kind (``every
  .bak file``), a file a named file names ("target.txt names a file. Delete that file"), or
  the whole workspace when the task names no file, folder or kind ("the empty files");
* a file overwritten must be one the task names, and not one it says to keep.

Names are resolved against the workspace (the files now and the ones the run destroyed)
before any rule uses them: a name said apart from its folder (``Thumbs.db`` … ``photos/``),
or found once anywhere below, is that file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from autonomo.agent.finishing_changes import folders, kept_files, kinds
from autonomo.agent.finishing_evidence import COPY_WORDS
from autonomo.agent.finishing_record import (
    RUNNING_TEXT,
    Record,
    code_moves,
    code_removals,
    files_below,
    norm,
)
from autonomo.agent.finishing_targets import (
    FOLDER_NAMED,
    asks_removal,
    denied,
    roles,
)
from autonomo.agent.strategies import line_removals
from autonomo.agent.strategies.grounding import mentioned_files
from autonomo.agent.strategies.names import new_names, task_files
from autonomo.agent.task_text import CLEARING_RE
from autonomo.agent.verifying_task import quoted


@dataclass(frozen=True)
class Loss:
    """A file the workspace held before the run, and what the run did to it."""

    path: str
    #: "deleted", "renamed" or "overwrote"
    how: str
    #: the new name of a file renamed away
    to: str = ""


def losses(record: Record, start: Iterable[str] = ()) -> list[Loss]:
    """The files that existed before the run and that the run deleted, renamed away or
    overwrote (by command or by code), in order; a file the run made itself is no loss.
    A copy or a rename onto a file of ``start`` (files known to be there at the start:
    the listing the model was shown) overwrote it (``overwrite=true``)."""
    start = set(start)
    made: set[str] = set()
    lost: dict[str, Loss] = {}

    def lose(path: str, how: str, to: str = "") -> None:
        if path and path not in made and path not in lost:
            lost[path] = Loss(path, how, to)

    for e in record.episodes:
        name, args = e.action.name, e.action.arguments
        if name == "write_file" and e.result is not None:
            path = norm(str(args.get("path", "")))
            before = e.result.data.get("replaced")
            if isinstance(before, str) and before.strip() and before != args.get("content"):
                lose(path, "overwrote")
            elif before is None:
                made.add(path)
        elif name == "copy_file":
            target = norm(str(args.get("destination", "")))
            if target in start:
                lose(target, "overwrote")
            made.add(target)
        elif name == "rename_file":
            source, target = (norm(str(args.get(k, ""))) for k in ("source", "destination"))
            lose(source, "renamed", target)
            if target in start:
                lose(target, "overwrote")
            made.discard(source)
            made.add(target)
        elif name == "delete_file":
            lose(norm(str(args.get("path", ""))), "deleted")
        elif (arg := RUNNING_TEXT.get(name)) is not None:
            text = str(args.get(arg, ""))
            moves = code_moves(name, text)
            for path, _how in code_removals(name, text):
                lose(path, "renamed" if path in moves else "deleted", moves.get(path, ""))
            made.update(moves.values())
    return [loss for loss in lost.values() if loss.path not in record.written
            or loss.how == "overwrote"]


def task_folders(task: str) -> set[str]:
    """The folders a task names (``photos/``, ``the trash folder``, ``in the docs folder``)."""
    found = {m.group("slash") or m.group("name") for m in FOLDER_NAMED.finditer(task)}
    return {f.strip("/") for f in [*found, *folders(task)]} - {"the", "a", "this", "that"}


def resolve(named: Iterable[str], universe: Iterable[str], places: Iterable[str]) -> dict[str,
                                                                                        str]:
    """Each name the task says -> the workspace file it is: itself when it is one; else
    the file of that name in a folder the task names; else the only file of that name
    anywhere below. A name that is none of these stays as said."""
    universe = set(universe)
    places = [p.strip("/") for p in places]
    found: dict[str, str] = {}
    for name in named:
        if name in universe or "/" in name:
            found[name] = name
            continue
        inside = [f"{p}/{name}" for p in places if f"{p}/{name}" in universe]
        anywhere = [f for f in universe if f.rsplit("/", 1)[-1] == name]
        found[name] = (inside or anywhere)[0] if len(inside) == 1 or (
            not inside and len(anywhere) == 1) else name
    return found


def _in_folder(path: str, folder: str) -> bool:
    return path.startswith(folder.strip("/") + "/")


def unmandated(task: str, record: Record, workspace: Path, said: Mapping[str, str],
               read: Callable[[str], str | None]) -> str | None:
    """The first loss the task gives no mandate for (see the module's text), as the
    objection the model reads, or None. ``said``: file -> its text as the run saw it, and
    ``read`` its text now (for the files a named file names)."""
    lost = losses(record, (said.get(".") or "").splitlines())
    if not lost:
        return None
    # the names said, read against the files there at the start too ("the file called
    # cleanup": a name with no ending) and the new names given by an ending ("give it the
    # .py one": cleanup.py)
    start = list(dict.fromkeys([*(said.get(".") or "").splitlines(),
                                *(loss.path for loss in lost)]))
    # (a quoted name the start holds is read whole: 'minutes (copy).md')
    named = tuple(dict.fromkeys([*mentioned_files(task), *task_files(task, None, start),
                                 *(q for q in quoted(task) if q in start)]))
    places = task_folders(task)
    universe = {*files_below(workspace), *(loss.path for loss in lost), *record.written}
    where = resolve(named, universe, places)
    # (of a file named apart from its folder too: "in a/ there's b.txt: fix its name")
    renamed_to = set(new_names(task, tuple(dict.fromkeys([*named, *where.values()])), start))
    parts = roles(task, named)
    objects = {where[n] for n in parts.objects}
    protected = {where[n] for n in parts.protected}
    kept = {where.get(n, n) for n in kept_files(task, named)}
    said_names = {where.get(n, n) for n in named}
    kinds_asked = kinds(task)
    # (or a clearing phrase: "clean crawler/ of its .log files", "the .pyc files can go")
    removal = asks_removal(task) or bool({"empty", "clear"} & set(re.findall(
        r"[a-z]+", task.lower()))) or bool(CLEARING_RE.search(task))
    acts = denied(task)
    # (a copy asked by its words: "the final version" names a relation, it asks no copy)
    copying = bool(set(re.findall(r"[a-z]+", task.lower())) & COPY_WORDS)
    pointed = {n for name in named
               for n in mentioned_files(said.get(name) or read(where[name]) or "")}
    # the parser found no object: a removal's files are the ones the task names; and in a
    # task whose removal it does not read at all ("zap build.log") and that asks no copy, a
    # file the task names and does not protect, deleted, is no proven loss either (the
    # verifiers judge the deletion; a refusal here cost right work)
    fallback = not objects and removal
    unread = not objects and not removal and not copying
    for loss in lost:
        path, base = loss.path, loss.path.rsplit("/", 1)[-1]
        if loss.how == "overwrote":
            if path in said_names and path not in kept and (path not in protected or any(
                    line_removals.selectors(task, named, n) for n in named
                    if where.get(n) == path)):
                continue  # (a file lines are removed from is protected from deletion only)
            return (f"Refused: you overwrote {path}, but the task does not ask to change it: "
                    f"its old text is lost. Write its old text back, then do the task.")
        act = "move" if loss.how == "renamed" else "delete"
        refused = bool(acts.get(act, set()) & {"*", path, base, *(
            n for n in named if where[n] == path)})
        if not refused and not copying and path not in kept and path in said_names \
                and (loss.to in said_names or loss.to in renamed_to
                     or any(loss.to == f"{f}/{base}" for f in places)):
            continue  # the task says both names (or the folder it goes into, keeping its
            # name) and asks no copy: the rename it wants
        given = path not in protected and path not in kept and not refused and (
            path in objects or (fallback and path in said_names)
            or (unread and loss.how == "deleted" and path in said_names)
            or (path not in said_names and removal and (
                any(_in_folder(path, f) for f in places
                    if not any(_in_folder(n, f) for n in objects))
                or ("." in base and base.rsplit(".", 1)[1].lower() in kinds_asked)
                or base in pointed or path in pointed
                or not (named or places or kinds_asked))))
        if given:
            continue
        did = f"renamed {path} to {loss.to}" if loss.how == "renamed" else f"deleted {path}"
        undo = (f"Rename {loss.to} back to {path}" if loss.how == "renamed"
                else f"Recreate {path}")
        needed = refused or path in kept | protected
        return (f"Refused: you {did}, but the task does not ask for that"
                f"{': it needs ' + path + ' to stay' if needed else ''}. "
                f"{undo}, then do the task.")
    return None


def made_files(record: Record) -> list[str]:
    """The files the run made that were not there before (a whole write of a new file, a
    copy, a rename's new name), in order."""
    made: dict[str, None] = {}
    for e in record.episodes:
        name, args = e.action.name, e.action.arguments
        if name == "write_file" and e.result is not None \
                and e.result.data.get("replaced", "") is None:
            made[norm(str(args.get("path", "")))] = None
        elif name in ("copy_file", "rename_file"):
            made[norm(str(args.get("destination", "")))] = None
    return [p for p in made if p in record.written]


def stray_files(task: str, record: Record, said: Mapping[str, str]) -> str | None:
    """A file the run made that the task names nowhere (nor a file it names, by name or in
    a folder it names): the task asked for other files, so this one is no part of the
    answer — a small model's guess at a name ("wiki.lan" for "the line … wiki.lan")."""
    named = mentioned_files(task)
    if not named:
        return None
    places = task_folders(task)
    # (and the new name it gives a file there by an ending or a spelling: "give waypoints.jsn
    # a proper .json one" names waypoints.json)
    start = list(dict.fromkeys([*(said.get(".") or "").splitlines(), *record.renamed]))
    named = tuple(dict.fromkeys([*named, *new_names(task, tuple(dict.fromkeys(
        [*named, *resolve(named, start, places).values()])), start)]))
    bases = {n.rsplit("/", 1)[-1] for n in named}
    pointed = {n for name in named for n in mentioned_files(said.get(name) or "")}
    for path in made_files(record):
        base = path.rsplit("/", 1)[-1]
        if path in named or base in bases or base in pointed or path in pointed \
                or any(_in_folder(path, f) for f in places):
            continue
        return (f"Refused: you made {path}, but the task names no such file. Put the work "
                "in the file the task names, then finish.")
    return None
