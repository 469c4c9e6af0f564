"""What the run did to the files, read from its own record (the current task's successful
steps): what it wrote and with which text, what it removed, which programs it ran and what
they printed. Shared by the finish check's rules (``finishing_changes``,
``finishing_sources``)."""

from __future__ import annotations

import contextlib
import fnmatch
import os
import re
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from autonomo.agent.episodes import Episode
from autonomo.errors import WorkspaceError
from autonomo.tools import fstree
from autonomo.tools.workspace import Workspace

#: reads a workspace file's text (None when it cannot be read)
Reader = Callable[[str], "str | None"]

#: commands whose argument is a file they wrote, with that argument
WRITING = {"write_file": "path", "append_to_file": "path", "copy_file": "destination",
           "rename_file": "destination", "replace_text": "path"}
#: commands that make a file go away, with the argument naming it
REMOVING = {"delete_file": "path", "rename_file": "source"}
#: commands that write the text of their ``content`` argument
CONTENT = ("write_file", "append_to_file")
#: endings of files that are programs, not answers
PROGRAMS = (".py", ".sh", ".js")
#: commands that run code given as text (a shell line, a Python snippet)
RUNNING_TEXT = {"execute_shell": "command", "execute_python_code": "code"}


def norm(path: str) -> str:
    return path.strip().removeprefix("./")


def mention_at(text: str, name: str) -> int:
    """Where ``name`` is first mentioned in ``text`` as a whole name (``logo.svg`` is not
    mentioned inside ``old_logo.svg``), or -1."""
    found = re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text)
    return found.start() if found else -1


def words(text: str) -> list[str]:
    """Lower-case words and numbers of ``text``."""
    return re.findall(r"[a-z0-9]+", text.lower())


#: files looked at most when a rule lists a folder (a workspace may be huge)
MAX_FILES = 5000


def files_below(workspace: Path | str, folder: str = "", recursive: bool = True) -> list[str]:
    """The files below ``folder`` of the workspace (paths relative to the workspace, hidden
    ones left out), walked through descriptors: a folder swapped for a link to a host
    folder is not entered, and ``folder`` itself must be a real folder of the workspace."""
    ws = Workspace(workspace)
    try:
        top = ws.open_folder(ws.parts(folder or "."))
    except (OSError, ValueError, WorkspaceError):  # a link, not a folder, outside: none
        return []
    found: list[str] = []
    base = f"{folder.strip('/')}/" if folder.strip("/. ") else ""
    try:
        # bounded: a tree of 100,000 folders, deep or wide, or one folder of a million
        # files (read whole and sorted, each check) would cost seconds
        with contextlib.closing(fstree.walk(top, max_folders=MAX_FILES,
                                            max_entries=MAX_FILES)) as walk:
            for entry in walk:
                entry.dirs[:] = [d for d in entry.dirs if not d.startswith(".")] \
                    if recursive else []
                names = [n for n in entry.files if not n.startswith(".")]
                rel = base + "".join(f"{part}/" for part in entry.parts) if names else ""
                found += [rel + n for n in names]
                if len(found) >= MAX_FILES:
                    break
    finally:
        os.close(top)
    return found[:MAX_FILES]


def real_folder(workspace: Path | str, folder: str) -> bool:
    """Whether ``folder`` is a folder of the workspace, reached without following a link."""
    ws = Workspace(workspace)
    try:
        os.close(ws.open_folder(ws.parts(folder)))
    except (OSError, ValueError, WorkspaceError):
        return False
    return True


def printed(output: str) -> str | None:
    """What a program's run printed (the part of the result after ``STDOUT:``), or None
    when the record does not hold all of it."""
    if "STDOUT:\n" not in output:
        return "" if "(no output)" in output else None
    text = output.split("STDOUT:\n", 1)[1].split("\nSTDERR:\n", 1)[0]
    if "(output was truncated" in text:
        return None
    return text


#: shell commands that remove the files they are given (``mv``: all but the last)
_SHELL_REMOVING = {"rm": "delete_file", "unlink": "delete_file", "mv": "rename_file"}
#: Python calls that remove the file they are given as a literal
_PY_REMOVING = re.compile(
    r"\b(?:os\.(?P<del>remove|unlink)|(?P<mv>os\.rename|os\.replace|shutil\.move))\(\s*"
    r"(?P<q>['\"])(?P<path>[^'\"\n]+)(?P=q)"
    r"|\bPath\(\s*(?P<q2>['\"])(?P<path2>[^'\"\n]+)(?P=q2)\s*\)\.unlink\(")


def code_removals(command: str, text: str) -> list[tuple[str, str]]:
    """The files a shell line (``rm a b``, ``mv a b``) or a Python snippet
    (``os.remove('a')``, ``Path('a').unlink()``) removes by their literal names, each with
    the command it counts as (``delete_file`` or ``rename_file``). Patterns (``rm *.bak``)
    are left to ``Record.globbed``."""
    found: list[tuple[str, str]] = []
    if command == "execute_python_code":
        for m in _PY_REMOVING.finditer(text):
            path = m.group("path") or m.group("path2")
            found.append((norm(path), "rename_file" if m.group("mv") else "delete_file"))
        return found
    for segment in re.split(r"&&|\|\||[;|\n]", text):
        try:
            tokens = shlex.split(segment)
        except ValueError:
            continue
        if not tokens or tokens[0] not in _SHELL_REMOVING:
            continue
        paths = [t for t in tokens[1:] if not t.startswith("-")]
        if tokens[0] == "mv":
            paths = paths[:-1]
        found += [(norm(p), _SHELL_REMOVING[tokens[0]]) for p in paths
                  if not set(p) & set("*?[")]
    return found


_PY_MOVING = re.compile(
    r"\b(?:os\.rename|os\.replace|shutil\.move)\(\s*(?P<q>['\"])(?P<source>[^'\"\n]+)(?P=q)"
    r"\s*,\s*(?P<q2>['\"])(?P<target>[^'\"\n]+)(?P=q2)")


def code_moves(command: str, text: str) -> dict[str, str]:
    """The renames a shell line (``mv a b``) or a Python snippet (``os.rename('a', 'b')``)
    makes by literal names: source -> new name (a folder target keeps the file's name)."""
    pairs: list[tuple[str, str]] = []
    if command == "execute_python_code":
        pairs = [(m.group("source"), m.group("target")) for m in _PY_MOVING.finditer(text)]
    else:
        for segment in re.split(r"&&|\|\||[;|\n]", text):
            try:
                tokens = [t for t in shlex.split(segment) if not t.startswith("-")]
            except ValueError:
                continue
            if len(tokens) == 3 and tokens[0] == "mv" and not set("".join(tokens)) & set("*?["):
                pairs.append((tokens[1], tokens[2]))
    moves: dict[str, str] = {}
    for source, target in pairs:
        source, target = norm(source), norm(target)
        if target.endswith("/"):
            target += source.rsplit("/", 1)[-1]
        moves[source] = target
    return moves


@dataclass
class Write:
    """One write of text into a file: ``append`` or a whole new text."""

    path: str
    content: str
    append: bool
    #: the text a whole write replaced (the first 4000 characters), None for a new file
    replaced: str | None = None


def without(text: str, names: Iterable[str]) -> str:
    """``text`` with each of ``names`` (file names a task gives) blanked out."""
    for name in names:
        text = text.replace(name, " ")
    return text


#: numbers a task may write in words ("we were four")
NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
#: words that, right after a file's name, make the name the subject of a new clause ("…,
#: b.txt has to stay", "b.txt is still needed"): a verb's object ends before it
AUXILIARIES = frozenset({"is", "are", "was", "were", "has", "have", "had", "must", "should",
                         "can", "could", "will", "would", "may", "might", "shall", "needs",
                         "does", "do", "stays", "stay", "remains", "remain", "isn't", "aren't",
                         "can't", "won't", "mustn't", "shouldn't", "doesn't"})


@dataclass
class Record:
    """The current task's successful steps, in order, as facts about files."""

    episodes: list[Episode]
    writes: list[Write] = field(default_factory=list)
    #: every file a command of the run wrote (by text, copy or rename)
    written: set[str] = field(default_factory=set)
    #: file -> the command that made it go away ("delete_file", "rename_file")
    removed: dict[str, str] = field(default_factory=dict)
    #: file -> the name a rename or a move of the run gave it (by command or by code)
    renamed: dict[str, str] = field(default_factory=dict)
    #: program file -> what its runs printed (None when the record does not show it all)
    outputs: dict[str, list[str | None]] = field(default_factory=dict)

    @classmethod
    def of(cls, episodes: Iterable[Episode]) -> Record:
        done = [e for e in episodes if e.result is not None and e.result.status == "success"]
        record = cls(done)
        for e in done:
            name, args = e.action.name, e.action.arguments
            if name in WRITING:
                path = norm(str(args.get(WRITING[name], "")))
                record.written.add(path)
                record.removed.pop(path, None)
                if name in CONTENT and e.result is not None:
                    replaced = e.result.data.get("replaced")
                    record.writes.append(Write(
                        path, str(args.get("content", "")), name == "append_to_file",
                        replaced if isinstance(replaced, str) else None))
            if name in REMOVING:
                record.removed[norm(str(args.get(REMOVING[name], "")))] = name
            if name == "rename_file":
                record.renamed[norm(str(args.get("source", "")))] = norm(
                    str(args.get("destination", "")))
            if (arg := RUNNING_TEXT.get(name)) is not None:
                for path, how in code_removals(name, str(args.get(arg, ""))):
                    record.removed[path] = how
                    record.written.discard(path)
                record.renamed.update(code_moves(name, str(args.get(arg, ""))))
            if name == "execute_python_file" and e.result is not None:
                record.outputs.setdefault(norm(str(args.get("path", ""))), []).append(
                    printed(e.result.output))
        return record

    def seen(self) -> str:
        """Everything the run's commands showed it (file texts, listings, outputs)."""
        return "\n".join(e.result.output for e in self.episodes if e.result is not None
                         and e.action.name not in {*WRITING, *REMOVING, "finish"})

    def standing(self, path: str) -> list[Write]:
        """The writes of ``path`` whose text the file still holds: the last whole write and
        the appends after it (the record's view; the file itself may differ)."""
        mine = [w for w in self.writes if w.path == path]
        start = max((i for i, w in enumerate(mine) if not w.append), default=0)
        return mine[start:]

    def original(self, path: str) -> str | None:
        """The text ``path`` had before the run's first whole write or edit of it (its first
        4000 characters, as that command recorded it), or None when no such command shows
        it (a new file, an append, a change by code)."""
        for e in self.episodes:
            if e.action.name in ("write_file", "replace_text") and e.result is not None \
                    and norm(str(e.action.arguments.get("path", ""))) == path:
                replaced = e.result.data.get("replaced")
                return replaced if isinstance(replaced, str) else None
        return None

    def ran(self, program: str) -> bool:
        """Whether a command of the run ran ``program`` (as a file, or named in a shell line
        or a Python snippet)."""
        if program in self.outputs:
            return True
        base = program.rsplit("/", 1)[-1]
        return any(re.search(rf"(?<![\w.-]){re.escape(base)}(?![\w-])",
                             str(e.action.arguments.get(arg, "")))
                   for e in self.episodes if (arg := RUNNING_TEXT.get(e.action.name)))

    def globbed(self, path: str) -> bool:
        """Whether a shell line of the run named ``path`` by a pattern (``rm *.bak``)."""
        for e in self.episodes:
            if e.action.name != "execute_shell":
                continue
            try:
                tokens = shlex.split(str(e.action.arguments.get("command", "")))
            except ValueError:
                continue
            if any(("*" in t or "?" in t) and fnmatch.fnmatch(path, t.removeprefix("./"))
                   for t in tokens):
                return True
        return False

    def changed(self, path: str) -> str | None:
        """How the run changed ``path`` (wrote, appended to, deleted, renamed), if it did."""
        for e in self.episodes:
            name, args = e.action.name, e.action.arguments
            if name in REMOVING and norm(str(args.get(REMOVING[name], ""))) == path:
                return "deleted" if name == "delete_file" else "renamed"
            if name in WRITING and norm(str(args.get(WRITING[name], ""))) == path:
                return "appended to" if name == "append_to_file" else "overwrote"
        return None
