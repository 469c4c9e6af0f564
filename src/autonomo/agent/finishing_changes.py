"""What the run did to the files, against what the task asked: files a task says to delete
by kind (``every .bak file``) that are still there, files it says to keep that the run
changed, a text appended twice, a line glued to the end of the last one, a file written
empty.

Used by ``finishing.finish_objection``; each function returns the objection or None.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path

from autonomo.agent.finishing_record import (
    AUXILIARIES,
    Reader,
    Record,
    files_below,
    mention_at,
    real_folder,
    words,
)
from autonomo.agent.finishing_targets import roles
from autonomo.agent.strategies.folders import folders_removed
from autonomo.agent.strategies.looking import workspace_entries
from autonomo.agent.strategies.names import named_folders
from autonomo.agent.strategies.placing import towards
from autonomo.agent.task_text import clauses, phrases

#: words of a task that asks for files to go away
_DELETING = {"delete", "remove", "erase", "rid", "clean", "clear", "purge", "wipe"}
#: "every .bak file", "all the .tmp files", "the .log files", "*.log", "the files ending in
#: .bak" (a bare ending: "(.bak)", "with the extension .bak"; not the ending of a name with
#: brackets or symbols, 'minutes (copy).md')
_KIND = re.compile(
    r"(?:\b(?:every|all|each|any)\s+(?:of\s+)?(?:the\s+)?(?:\*)?\.(?P<one>\w{1,8})\s+files?\b)"
    r"|(?:\.(?P<many>\w{1,8})\s+files\b)|(?:(?<![\w.])\*\.(?P<glob>\w{1,8})\b)"
    r"|(?:(?<![\w.*)\]~#-])\.(?P<bare>[A-Za-z]\w{0,7})\b(?![\w.]))",
    re.IGNORECASE)
#: "in the docs folder", "inside cache/"
_FOLDER = re.compile(r"\b(?:in|inside|from|within)\s+(?:the\s+)?(?P<name>[\w.-]+)\s+"
                     r"(?:folder|directory|dir)\b|\b(?:in|inside|from|within)\s+"
                     r"(?P<slash>[\w.-]+)/", re.IGNORECASE)
#: the word(s) just before a file name that say to leave it as it is
#: words right before a file that keep it ("keep a.txt", "except b.txt", "not c.txt")
_KEEP = {"keep", "leave", "preserve", "spare", "except", "but", "not", "never"}
_NOT_CHANGE = {"delete", "remove", "touch", "change", "modify", "edit", "erase"}
#: words of a task that ask for the same text more than once
_AGAIN = {"twice", "again", "two", "double", "repeat", "repeated", "times", "duplicate"}


def kinds(task: str) -> set[str]:
    """The file name endings a task picks files by (``every .bak file`` -> ``bak``)."""
    return {(m.group("one") or m.group("many") or m.group("glob") or m.group("bare")).lower()
            for m in _KIND.finditer(task)}


def folders(task: str) -> list[str]:
    """The folders a task names (``in the docs folder``, ``inside cache/``)."""
    return [m.group("name") or m.group("slash") for m in _FOLDER.finditer(task)]


def kind_left(task: str, workspace: Path, kept: set[str]) -> str | None:
    """A task that deletes files by kind (``every .bak file``) with such files left."""
    picked = kinds(task)
    if not _DELETING & set(words(task)) or not picked:
        return None
    # (the folders the removal's own clauses name; never one only another clause names:
    # "delete the .tmp files in cache/, but the ones in src/ are needed")
    removing = " ".join(c for c in clauses(task) if _DELETING & set(words(c)))
    named = [f for f in folders(task) if real_folder(workspace, f)]
    scope = [f for f in folders(removing) if f in named]
    apart = [f for f in named if f not in scope]
    left = [rel for place in scope or [""] for rel in files_below(workspace, place)
            if "." in rel.rsplit("/", 1)[-1] and rel.rsplit(".", 1)[-1].lower() in picked
            and rel not in kept and not any(rel.startswith(f + "/") for f in apart)]
    if left:
        return (f"Refused: the task asks to delete every .{'/.'.join(sorted(picked))} file, "
                f"but {', '.join(sorted(left)[:5])} {'is' if len(left) == 1 else 'are'} "
                "still there. Delete them too, then finish.")
    return None


def folder_kept(task: str, workspace: Path) -> str | None:
    """A task that removes a folder whole (``folders.folders_removed``: "thumbs/ can go,
    folder included") with that folder still there (nothing done, its files deleted one by
    one, or another folder removed)."""
    if left := folders_removed(task, workspace_entries(workspace)[1]):
        return (f"Refused: the task removes the folder {left[0]} with everything in it, but "
                "it is still there. Delete the folder, then finish.")
    return None


#: words of a task that send files somewhere whole
_SENDING = {"move", "copy", "put", "place", "transfer", "duplicate"}


def kind_unplaced(task: str, workspace: Path, kept: set[str]) -> str | None:
    """A task that moves or copies files by kind into one folder ("move every .log file into
    logs/") with such a file of where they were (the folder it takes them from, else the
    top folder) that has no file of its name there yet."""
    picked = kinds(task)
    if not _SENDING & set(words(task)) or not picked:
        return None
    named = [*named_folders(task, ()), *(m.group("name") for m in _FOLDER.finditer(task)
                                         if m.group("name"))]
    sent = [f for f in towards(task, tuple(dict.fromkeys(named))) if real_folder(workspace, f)]
    if len(sent) != 1:
        return None
    origins = [f for f in folders(task) if f != sent[0] and real_folder(workspace, f)]
    left = [rel for place in origins or [""]
            for rel in files_below(workspace, place, recursive=bool(origins))
            if "." in rel.rsplit("/", 1)[-1] and rel.rsplit(".", 1)[-1].lower() in picked
            and rel not in kept and not rel.startswith(sent[0] + "/")
            and not files_below(workspace, sent[0], recursive=False).count(
                f"{sent[0]}/{rel.rsplit('/', 1)[-1]}")]
    if left:
        return (f"Refused: the task asks for every .{'/.'.join(sorted(picked))} file in "
                f"{sent[0]}/, but {', '.join(sorted(left)[:5])} "
                f"{'has' if len(left) == 1 else 'have'} no file of that name there yet. "
                "Do the same with them, then finish.")
    return None


def kept_files(task: str, named: tuple[str, ...]) -> set[str]:
    """The files the task says to keep (``keep X``, ``leave X``, ``do not delete X``,
    ``every .tmp file except X``, ``… it, not X``)."""
    kept: set[str] = set()
    for name in named:
        at = mention_at(task, name)
        before = words(task[:at])[-3:] if at >= 0 else []
        if (before[-1:] and before[-1] in _KEEP) or (
                len(before) >= 2 and before[-1] in _NOT_CHANGE and before[-2] in ("not", "t",
                                                                                  "never")):
            kept.add(name)
    return kept


def kept_changed(kept: set[str], record: Record, exists) -> str | None:
    """A file the task says to keep that the run changed, or that is gone."""
    for name in sorted(kept):
        how = record.changed(name)
        if how is not None:
            return (f"Refused: the task says to keep {name}, but you {how} it. Put back its "
                    "original text, then finish.")
        if not exists(name):
            return (f"Refused: the task says to keep {name}, but it is gone. Recreate it, "
                    "then finish.")
    return None


def twice(task: str, record: Record, read: Reader) -> str | None:
    """A text appended right after the same text was written to the file, still there
    twice (the task did not ask for it twice)."""
    if _AGAIN & set(words(task)):
        return None
    for path in dict.fromkeys(w.path for w in record.writes):
        standing = record.standing(path)
        for before, after in itertools.pairwise(standing):
            text = after.content.strip()
            if not after.append or not text or before.content.strip() != text:
                continue
            current = read(path) or ""
            if _squash(current).count(_squash(text)) >= 2:
                return (f"Refused: you wrote {text[:80]!r} to {path}, then appended the same "
                        f"text again; {path} now holds it twice. Write {path} once with the "
                        "text the task asks for, then finish.")
    return None


def _squash(text: str) -> str:
    return " ".join(text.lower().split())


def glued_line(task: str, record: Record, read: Reader) -> str | None:
    """A task that asks for a line (or a row), whose appended text was joined to the end
    of the file's last line: the file has no line that is that text."""
    if not set(words(task)) & {"line", "row"}:
        return None
    old_line = re.search(r"\b(?:first|last|same|that|this|each|every|existing)\s+(?:line|row)"
                         r"\b(?!s)", task, re.IGNORECASE)
    if old_line and not re.search(r"\bnew\s+(?:\w+\s+)?line\b", task, re.IGNORECASE):
        return None  # text added to a line that is there already
    for path in dict.fromkeys(w.path for w in record.writes):
        current = read(path)
        if current is None:
            continue
        lines = {line.strip() for line in current.splitlines()}
        for write in record.standing(path):
            for line in write.content.splitlines() if write.append else ():
                if line.strip() and line.strip() not in lines:
                    return (f"Refused: the task asks for a line, but {line.strip()[:80]!r} "
                            f"was joined to the end of the last line of {path} (it did not "
                            "end with a new line). Write the text on a line of its own, then "
                            "finish.")
    return None


def empty_written(task: str, record: Record, read: Reader) -> str | None:
    """A file the run wrote that holds nothing (the task did not ask for an empty file)."""
    if set(words(task)) & {"empty", "clear", "truncate", "blank", "erase", "wipe", "nothing"}:
        return None
    for path in dict.fromkeys(w.path for w in record.writes):
        text = read(path)
        if text is not None and not text.strip():
            return (f"Refused: {path} is empty. Write the text the task asks for into it, "
                    "then finish.")
    return None


def deleted_unasked(task: str, named: tuple[str, ...], record: Record,
                    read: Reader) -> str | None:
    """A file the run deleted that nothing asked for: the task names the files to work on
    (or picks them by kind), and this one is neither among them, nor of a kind or in a
    folder the task picks, nor named in anything the run read or in the text of a file the
    task names (``target.txt names a file``: a small model is shown that text up front)."""
    picked, places = kinds(task), folders(task)
    if not named and not picked:
        return None
    seen = None
    for path, how in record.removed.items():
        if how != "delete_file" or path in named or path.rsplit(".", 1)[-1].lower() in picked \
                or any(path.startswith(f.rstrip("/") + "/") for f in places):
            continue
        if seen is None:
            # (the task's own text too: a name the parse cuts, '.~lock.a.ods#', is still said)
            seen = "\n".join([task, record.seen(), *(read(n) or "" for n in named),
                               *(w.replaced or "" for w in record.writes)])
        if not re.search(rf"(?<![\w.-]){re.escape(path.rsplit('/', 1)[-1])}(?![\w-])", seen):
            return (f"Refused: you deleted {path}, but the task does not ask for that. "
                    f"Recreate it, then finish.")
    return None


#: words of a task that adds to a file's text
_ADDING = {"append", "add"}
#: words of a task whose "add" rewrites the text (a sum, an edit)
_REWRITING = {"result", "sum", "total", "replace", "change", "update", "instead", "overwrite",
              "rewrite", "up", "plus", "increase", "insert", "beginning", "top", "start",
              "sort", "sorted"}


def overwritten(task: str, named: tuple[str, ...], record: Record, read: Reader) -> str | None:
    """A task that adds to a file, where the run replaced the file's text instead and lost
    what it held (lines of a text, keys of a JSON object)."""
    asked = set(words(task))
    if not asked & _ADDING or asked & _REWRITING:
        return None
    for path in named:
        mine = [w for w in record.writes if w.path == path]
        first = next((i for i, w in enumerate(mine) if not w.append and w.replaced), None)
        current = read(path)
        if first is None or current is None:
            continue
        added = {line.strip() for w in mine[:first] for line in w.content.splitlines()}
        original = mine[first].replaced or ""
        if path.lower().endswith(".json"):
            lost = lost_keys(original, current)
        else:
            have = {line.strip() for line in current.splitlines()}
            lost = [line.strip() for line in original.splitlines()
                    if line.strip() and line.strip() not in have | added]
        if lost:
            return (f"Refused: the task asks to add to {path}, but your write_file replaced "
                    f"its text and {', '.join(repr(x) for x in lost[:3])} "
                    f"{'is' if len(lost) == 1 else 'are'} gone. Put its old text back with "
                    "the addition (or use append_to_file), then finish.")
    return None


def lost_keys(before: str, after: str) -> list[str]:
    try:
        old, new = json.loads(before), json.loads(after)
    except (ValueError, RecursionError):
        return []
    if isinstance(old, dict):
        return [str(k) for k in old if not isinstance(new, dict) or k not in new]
    if isinstance(old, list):
        return [json.dumps(v) for v in old if not isinstance(new, list) or v not in new]
    return []


#: "Move summary.txt into the archive folder", "put a.txt in old/"
_INTO = re.compile(r"\b(?:move|put|place|file)\s+(?P<file>[\w./-]+\.\w+)\s+(?:in|into|to|"
                   r"inside)\s+(?:the\s+)?(?:(?P<folder>[\w.-]+?)\s+(?:folder|directory|dir)"
                   r"\b|(?P<path>[\w.-]+(?:/[\w.-]+)*)/)", re.IGNORECASE)


def moved_into(task: str, exists: Callable[[str], bool]) -> str | None:
    """A task that moves a file into a folder (keeping its name): the file must be there,
    under its own name."""
    for m in _INTO.finditer(task):
        name, folder = m.group("file"), m.group("folder") or m.group("path")  # (nested)
        target = f"{folder}/{name.rsplit('/', 1)[-1]}"
        if not exists(target):
            return (f"Refused: the task asks to move {name} into {folder}, so it should be "
                    f"{target} now, and it is not. Move it there (keeping its name), then "
                    "finish.")
    return None


#: words just after a file that make it a pointer, not a file to delete ("X names a file")
_POINTING = {"holds", "contains", "names", "lists", "says", "has", "gives"}


def named_left(task: str, named: tuple[str, ...], kept: set[str],
               exists: Callable[[str], bool]) -> str | None:
    """A task that deletes the files it names after its delete word ("Delete tmp1.txt and
    tmp2.txt"), with one of them still there."""
    match = re.search(r"\b(?:delete|remove|erase)\b", task, re.IGNORECASE)
    if match is None:
        return None
    # the delete word's sentence, up to a name that starts a new clause ("…, b.txt has to
    # stay"): nothing after it is that word's object
    rest = phrases(task[match.end():], maxsplit=1)[0]
    # (never a file the task needs to stay: the reason of the removal, "because b.txt
    # replaces it", a file it keeps, an original)
    protected = roles(task, named).protected
    for name in named:
        at = rest.find(name)
        if at < 0 or name in kept or name in protected:
            continue
        before, after = words(rest[:at])[-1:], words(rest[at + len(name):])[:1]
        if set(before) & {"from", "in", "of", "inside", "keep", "leave", "not", "read"} or \
                set(after) & (_POINTING | AUXILIARIES) or re.search(
                    r"\b(?:but|then|and\s+then|after)\b", rest[:at], re.IGNORECASE) \
                or any(set(words(rest[at2 + len(o):])[:1]) & AUXILIARIES
                       for o in named if o != name and 0 <= (at2 := rest.find(o)) < at):
            continue
        if exists(name):
            return (f"Refused: the task asks to delete {name}, but it is still there. Delete "
                    "it, then finish.")
    return None
