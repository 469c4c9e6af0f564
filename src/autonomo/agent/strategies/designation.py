"""Which files that were there a task designates for an act that changes or destroys them.

A small model's grammar offers a write, an append, an edit, a move away or a deletion of a
file that was there only for a file the task designates for that act (``Situation``): by
name, by its kind, or described by the words of its name or of its text; never a file it
keeps, copies or moves elsewhere, or merely has (on a blind set a 135M model deleted the
spreadsheet the task said to keep, and appended junk to a copy's source).
"""

from __future__ import annotations

import contextlib
import json
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from autonomo.agent.finishing_targets import Roles
from autonomo.agent.strategies.names import (
    described,
    holding,
    listed_objects,
    removed_described,
    stem,
    version_of,
)
from autonomo.errors import AutonomoError
from autonomo.tools.files import read_text
from autonomo.tools.workspace import Workspace

#: files of a folder whose text is looked in for the task's words at most, and how much
MAX_HELD = 20
HELD_CHARS = 600
#: how much of a kept copy and of its damaged twin is compared
RESTORE_CHARS = 64_000


@dataclass(frozen=True)
class Designated:
    #: files the task names that go elsewhere: a copy's, a move's or a new version's source
    copied: tuple[str, ...] = ()
    #: the one file the task describes, naming none that was there
    described: tuple[str, ...] = ()
    #: the files of a folder it names when it says no word of their names
    inside: tuple[str, ...] = ()


def designated(workspace: Path | str, task: str, named: tuple[str, ...], start: list[str],
               files: list[str], folders: list[str], places: tuple[str, ...]) -> Designated:
    """The designations of the files ``named`` (resolved to the workspace's paths) and,
    when none of them was there (``start``), of the file the task describes."""
    # ("back up a.json into bak/", "a.jsn -> a.json", "summarise r.md in r_sum.md"): never a
    # file to write to (a 135M model appended to a copy's source)
    copied = tuple(n for n in named if n in start and (any(
        (path := f"{folder}/{Path(n).name}") != n and path not in start
        for folder in places if folder in folders) or any(
        m not in start and (version_of(n, m) or stem(n) == stem(m)) for m in named)))
    if any(name in start for name in named):
        return Designated(copied)
    # the one file it describes ("the cover letter for Acme in letters/"), in a folder it
    # names if any, or whose text holds words of the task ("one of them says DO NOT SEND");
    # the files of a folder it names when it says no word of their names ("the two files
    # inside the trash folder"); none when several fit alike ("the older backup")
    inside = [f for folder in places for f in files if f.startswith(folder + "/")]
    one = described(task, inside or [f for f in files if f in start])
    if one is None:
        one = holding(task, _texts(workspace, inside[:MAX_HELD])) or None
    return Designated(copied, one or (), tuple(inside) if one is None else ())


def removal_objects(task: str, named: tuple[str, ...], said: tuple[str, ...],
                    paths: dict[str, str], removal: Roles, start: list[str],
                    kept: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(objects, protected) of the task's removal among ``named`` (``said``: the names as
    the task writes them, ``paths``: their workspace paths): the finish check's reading
    (``removal``), narrowed to the names the removal's verb takes by the clause's
    structure (``names.listed_objects``), never a file it keeps."""
    objects = tuple(sorted(paths.get(n, n) for n in removal.objects))
    protected = tuple(sorted(paths.get(n, n) for n in removal.protected))
    if (listed := listed_objects(task, said)) is not None:
        taken = {paths.get(n, n) for n in listed}
        objects = tuple(o for o in objects if o in taken) or tuple(sorted(
            taken - set(protected)))
    objects = tuple(o for o in objects if o not in kept)
    if not objects and len(candidates := [n for n in named if n in start and n not in protected
                                          and n not in kept]) > 1:
        # several files the task names and no one of them the removal's object by its
        # words: the one its removal describes, if one fits ("remove the lock file, not
        # the spreadsheet"), else none (``Situation._designated``)
        objects = removed_described(task, candidates)
        protected += tuple(n for n in candidates if n not in objects)
    return objects, protected


def _texts(workspace: Path | str, names: list[str], chars: int = HELD_CHARS
           ) -> dict[str, str]:
    """The first ``chars`` of each readable file of ``names``."""
    ws, out = Workspace(workspace), {}
    for name in names:
        with contextlib.suppress(AutonomoError, OSError):
            out[name] = read_text(ws, name)[0][:chars]
    return out


def _parses(name: str, text: str) -> bool | None:
    """Whether a JSON or TOML file's text parses (None: another kind, not judged)."""
    kind = name.rsplit(".", 1)[-1].lower()
    try:
        if kind == "json":
            json.loads(text)
        elif kind == "toml":
            tomllib.loads(text)
        else:
            return None
    except ValueError:
        return False
    return True


def _twins(a: str, b: str) -> bool:
    """Whether ``b`` is a kept copy's name of ``a``: the same name in another folder, or
    ``a``'s name with an ending more (``a.json.bak``, ``a.json~``)."""
    base_a, base_b = a.rsplit("/", 1)[-1], b.rsplit("/", 1)[-1]
    return a != b and (base_a == base_b or base_b.startswith(base_a + ".")
                       or base_b == base_a + "~")


def restorable(workspace: Path | str, named: tuple[str, ...], start: list[str],
               places: tuple[str, ...], changeable: Callable[[str], bool]
               ) -> tuple[tuple[str, str], ...]:
    """(kept copy, damaged file) pairs a copy may be made over: two files that were there,
    the task names them or one and the folder of the other (``places``), one a twin of the
    other (``_twins``), the damaged one designated for a change (``changeable``) and
    damaged by its text: empty, cut short of the copy's text, or not parsing where the
    copy parses. Only then is a file that is there overwritten by a copy; never else."""
    there = [n for n in named if n in start]
    there += [path for n in there for folder in places
              if (path := f"{folder}/{Path(n).name}") in start and path not in there]
    texts = _texts(workspace, there, RESTORE_CHARS)
    out = []
    for damaged in there:
        for kept in there:
            if not (_twins(damaged, kept) or _twins(kept, damaged)) or not changeable(damaged):
                continue
            old, good = texts.get(damaged), texts.get(kept)
            if old is None or not good or old == good:
                continue
            if not old.strip() or good.startswith(old) or (
                    _parses(damaged, old) is False and _parses(damaged, good)):
                out.append((kept, damaged))
    return tuple(out)
