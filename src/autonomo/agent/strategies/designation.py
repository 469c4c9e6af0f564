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
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from autonomo.agent.finishing_targets import Roles, refilled, removes
from autonomo.agent.strategies.folders import named_apart
from autonomo.agent.strategies.names import (
    acted_described,
    clauses_apart,
    holding,
    kept_places,
    listed_objects,
    removed_described,
    says_a_name,
    stem,
    version_of,
)
from autonomo.errors import AutonomoError
from autonomo.tools.files import read_text
from autonomo.tools.workspace import Workspace

#: a run of the characters of a file name, as the task writes it
_TOKEN = re.compile(r"[\w.~#+-]+")
#: a dot then a letter: a file's name or ending, not a number ("2.5 days") or "e.g"
_DOTTED = re.compile(r"\.[A-Za-z]\w")

#: files named by their kind, many of them: "its .log files", "every .tmp", "*.bak" (not
#: "the .docx cover letter for Acme": one file described)
_KINDS = re.compile(r"(?<![\w.])\*?\.([A-Za-z]\w{0,7})\s+files\b|\*\.([A-Za-z]\w{0,7})\b|"
                    r"\b(?:all|every|each|any)\s+(?:(?:the|of|its|their)\s+)*\.([A-Za-z]\w{0,7})\b",
                    re.IGNORECASE)
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
    fresh = [m for m in named if m not in start
             and m.rsplit("/", 1)[-1] in task]  # (not a name read in a file)
    # (not a folder the file is in, said only as the start of a longer path:
    # "placeholder.txt in ui_assets/icons" is not going into ui_assets)
    within = {f for f in places if not re.search(rf"(?<![\w/.-]){re.escape(f)}(?!/[\w.-])", task)}
    copied = tuple(n for n in named if n in start and (any(
        (path := f"{folder}/{Path(n).name}") != n and path not in start
        for folder in places if folder in folders
        and not (folder in within and n.startswith(folder + "/"))) or any(
        version_of(n, m) or stem(n) == stem(m) for m in fresh)))
    if any(name in start for name in named):
        return Designated(copied)
    # the one file it describes ("the cover letter for Acme in letters/"), in a folder it
    # names if any, or whose text holds words of the task ("one of them says DO NOT SEND");
    # the files of a folder it names when it says no word of their names ("the two files
    # inside the trash folder"); none when several fit alike ("the older backup")
    # (not a folder it keeps: "delete the files in trash/ but leave keep/ alone"; nor the
    # words of a clause that keeps: "delete the draft - keep the final draft")
    # (nor a folder only a clause without the act names: "…, but the ones in src/ stay")
    spared = (*kept_places(task, places), *named_apart(task, places))
    inside = [f for folder in places if folder not in spared for f in files
              if f.startswith(folder + "/")]
    # (a file name the task spells is what it means of the folders it names: "the
    # .DS_Store files in design/" is none of design/'s other files, hidden or not)
    # (only a name there: "the newest log in logs/ to latest.txt" names a new file)
    # (looked up through the workspace's descriptors: a folder swapped for a link out is
    # not looked into)
    ws = Workspace(workspace)
    if spelled := {t.rstrip(".") for t in _TOKEN.findall(task)
                   if _DOTTED.search(t.rstrip(".")) and any(
                       ws.exists(f"{folder}/{t.rstrip('.')}") for folder in places)}:
        inside = [f for f in inside if Path(f).name in spelled]
    one = None
    # (nor one whose name has a word of a kind the task names files by: "its .log files"
    # are the .log files, not log_format.txt; a 135M model deleted it)
    kinds = {k.lower() for found in _KINDS.findall(task) for k in found if k}
    if not named and not says_a_name(task) and not any(
            f.rsplit(".", 1)[-1].lower() in kinds for f in start if "." in f):
        # (a task that names a file, there or not, describes none: "delete ../x.txt",
        # "remove .~lock.a.ods#" of another folder are not the workspace's x.txt, a.ods;
        # of the task's words but those it denies: "the draft, not the final draft")
        candidates = inside or [
            f for f in files if f in start and not any(f.startswith(p + "/") for p in spared)]
        one = acted_described(task, candidates)
        if one is None:
            one = by_ending(task, candidates)
        if one is None:
            one = holding(task, _texts(workspace, inside[:MAX_HELD])) or None
    return Designated(copied, one or (), tuple(inside) if one is None else ())


#: a file described by the word of its ending: "the lock file", "that .bak file"
_BY_ENDING = re.compile(r"\b(?:the|that|this|my|our|its|their)\s+\.?([A-Za-z][A-Za-z0-9]{0,7})"
                        r"\s+file\b(?!\s*(?:name|path|ending|extension|type))", re.IGNORECASE)


def ending_words(task: str) -> set[str]:
    """The endings the acting clauses say as a word before "file", right after a removal's
    verb ("delete the lock file": lock)."""
    acting, _ = clauses_apart(task)
    return {m.group(1).lower() for m in _BY_ENDING.finditer(acting)
            if (verb := re.search(r"([a-z]+)\s+$", acting[:m.start()].lower()))
            and (removes(verb.group(1)) or acting[:m.start()].lower().endswith("rid of "))}


def by_ending(task: str, candidates: list[str] | tuple[str, ...]) -> tuple[str, ...] | None:
    """The one file of ``candidates`` whose ending the acting clauses say as a word before
    "file", right after a removal's verb ("can you get rid of the lock file?":
    ``indexer.lock``); None when no such word is said or several files (or none) end so."""
    ends = ending_words(task)
    fits = [c for c in candidates if "." in (base := c.rsplit("/", 1)[-1].lstrip("."))
            and base.rsplit(".", 1)[-1].lower() in ends]
    return tuple(fits) if len(fits) == 1 else None


def removal_objects(task: str, named: tuple[str, ...], as_said: tuple[str, ...],
                    paths: dict[str, str], removal: Roles, start: list[str],
                    kept: tuple[str, ...], places: tuple[str, ...] = ()
                    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(objects, protected) of the task's removal among ``named`` (``as_said``: the names as
    the task writes them, ``paths``: their workspace paths): the finish check's reading
    (``removal``), narrowed to the names the removal's verb takes by the clause's
    structure (``names.listed_objects``), never a file it keeps."""
    objects = tuple(sorted(paths.get(n, n) for n in removal.objects))
    protected = tuple(sorted(paths.get(n, n) for n in removal.protected))
    parts: set[str] = set()  # (files a part is removed from: "a line of a.txt")
    if (listed := listed_objects(task, as_said, parts)) is not None:
        taken = {paths.get(n, n) for n in listed}
        objects = tuple(o for o in objects if o in taken) or tuple(sorted(
            taken - set(protected)))
    # (a bare name that a folder the task names also has: which one is meant is not
    # known, "delete old.txt from trash/" beside a kept old.txt; neither is removed)
    twofold = {n for n in named if "/" not in n and any(
        f"{p}/{n}" in start for p in places)} | {paths.get(n, n) for n in parts}
    # (nor a file cleared to be written again: "wipe a.txt and put X in it")
    refill = {paths.get(n, n) for n in refilled(task, as_said)}
    objects = tuple(o for o in objects if o not in kept and o not in twofold and o not in refill)
    protected += tuple(sorted(twofold))
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


def _twin_pairs(paths: list[str]) -> list[tuple[str, str]]:
    """(a, b) of ``paths``, in their order, one a twin of the other (``_twins``, either way):
    found by the names a twin's name may have, not by trying every pair (a task naming
    300 files tried 90,000)."""
    at: dict[str, list[int]] = {}
    for i, path in enumerate(paths):
        at.setdefault(path.rsplit("/", 1)[-1], []).append(i)
    near: dict[int, set[int]] = {}
    for i, path in enumerate(paths):
        base = path.rsplit("/", 1)[-1]
        # (names ``base`` is a twin's of: the same, the part before an ending, before "~")
        shorter = [base, *(base[:k] for k, c in enumerate(base) if c == "."),
                   *([base[:-1]] if base.endswith("~") else [])]
        for name in shorter:
            for j in at.get(name, ()):
                if paths[j] != path and _twins(paths[j], path):
                    near.setdefault(i, set()).add(j)
                    near.setdefault(j, set()).add(i)
    return [(paths[i], paths[j]) for i in range(len(paths)) for j in sorted(near.get(i, ()))]


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
    pairs = _twin_pairs(there)
    texts = _texts(workspace, list(dict.fromkeys(p for pair in pairs for p in pair)),
                   RESTORE_CHARS)
    out = []
    for damaged, kept in pairs:
        if not changeable(damaged):
            continue
        old, good = texts.get(damaged), texts.get(kept)
        if old is None or not good or old == good:
            continue
        if not old.strip() or good.startswith(old) or (
                _parses(damaged, old) is False and _parses(damaged, good)):
            out.append((kept, damaged))
    return tuple(out)


#: words before a name that make it the place a text goes (a preposition of direction;
#: not "in": "the names in a.txt go at the end of b.txt")
_TOWARDS = (frozenset({"to", "into", "onto"}),)
#: words that may stand between such a word and the name ("to the end of the file a.md")
_BETWEEN = frozenset({"the", "a", "an", "file", "end", "bottom", "top", "of"})


def written_to(task: str, named: tuple[str, ...], paths: dict[str, str]) -> tuple[str, ...]:
    """The files of ``named`` (as the task writes them) the task's text goes to: each right
    after "to", "into" or "onto" (articles and "the end of" between); ``()`` when none is
    (every designated file may then be written)."""
    marked = task.replace("\x00", " ")
    order = sorted(dict.fromkeys(named), key=len, reverse=True)
    for i, name in enumerate(order):
        marked = marked.replace(name, f" \x00{i} ")
    tokens = re.findall(r"\x00\d+|[a-z']+|[,.;:]", marked.lower())
    for words in _TOWARDS:
        found = []
        for j, token in enumerate(tokens):
            k = j - 1
            while k >= 0 and tokens[k] in _BETWEEN:
                k -= 1
            if token.startswith("\x00") and k >= 0 and tokens[k] in words:
                found.append(paths.get(order[int(token[1:])], order[int(token[1:])]))
        if found:
            return tuple(dict.fromkeys(found))
    return ()
