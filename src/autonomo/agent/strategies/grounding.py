"""The agent's situation, and argument schemas narrowed to it (see ``tools.grounding``)."""

from __future__ import annotations

import contextlib
import copy
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autonomo.agent.strategies import facts, spans
from autonomo.errors import AutonomoError
from autonomo.tools import fstree
from autonomo.tools.files import read_text
from autonomo.tools.grounding import GROUNDED_KEY
from autonomo.tools.workspace import Workspace

#: how many workspace entries a situation lists at most (a grammar of thousands of
#: alternatives would cost more than it saves)
MAX_ENTRIES = 200
MAX_DEPTH = 3

#: files of the workspace the task names whose text is shown (and grounds text arguments)
MAX_PREVIEWS = 3
MAX_HINTS = 3
PREVIEW_CHARS = 600
#: a file name as a task writes it: ``notes.txt``, ``data/out.csv`` (not ``.log`` nor ``e.g``)
_FILE_NAME = re.compile(r"(?<![\w./-])(\w[\w./-]*\.[A-Za-z][A-Za-z0-9]{0,7})(?![\w/-])")


@dataclass(frozen=True)
class Situation:
    """What grounded parameters may name: the workspace's files and folders, the file
    names the task mentions, and the texts a text argument may hold (``spans``)."""

    files: tuple[str, ...] = ()
    folders: tuple[str, ...] = ()
    named: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    #: the values the task's words point at most (shown to the model)
    hints: tuple[str, ...] = ()
    #: the workspace's files when the task started (None: unknown)
    existed: tuple[str, ...] | None = None

    def values(self, kind: str) -> list[str]:
        """The allowed values for a grounding kind; empty when nothing fits."""
        if kind == "existing_file":
            return list(self.files or self.named)
        if kind == "named_file":
            if not self.named:
                return list(self.files)
            # never a file the task does not name (once the named ones are gone, their
            # names: the command fails harmlessly)
            return [n for n in self.named if n in self.files] or list(self.named)
        if kind == "folder":
            return [".", *self.folders]
        if kind == "file":
            # a file the task names that does not exist yet is what it asks to write: a
            # small model otherwise overwrites the file it was to read
            new = [n for n in self.named if n not in (self.existed or self.files)]
            return new or list(dict.fromkeys([*self.named, *self.files]))
        return []


def mentioned_files(text: str) -> tuple[str, ...]:
    """File names in ``text``, in order of first mention."""
    names = (m.group(1).rstrip(".") for m in _FILE_NAME.finditer(text))
    return tuple(dict.fromkeys(
        n for n in names
        if ".." not in n and max(len(part) for part in n.split(".")) > 1  # not "e.g", "i.e"
    ))


@dataclass(frozen=True)
class Preview:
    name: str
    text: str  # at most PREVIEW_CHARS
    lines: int  # of the whole file
    words: int
    cut: bool


def previews(workspace: Path | str, task: str) -> list[Preview]:
    """The text (at most ``PREVIEW_CHARS``) of the existing files the task names, in the
    task's order; read through the workspace's descriptor-based reader (a symlink is not
    followed), unreadable files skipped."""
    ws = Workspace(workspace)
    shown: list[Preview] = []
    for name in mentioned_files(task):
        if len(shown) >= MAX_PREVIEWS:
            break
        try:
            text = read_text(ws, name)[0]
        except (AutonomoError, OSError):
            continue
        shown.append(Preview(name, text[:PREVIEW_CHARS], len(text.splitlines()),
                             len(text.split()), len(text) > PREVIEW_CHARS))
    return shown


def _listed(name: str) -> bool:
    """Not hidden, and plain text: a name with a newline or escape could forge lines of the
    prompt, one that is not UTF-8 cannot be sent to the model or stored, and the model
    could name neither."""
    return not name.startswith(".") and fstree.shown(name) == name


def _listing(workspace: Path | str) -> tuple[list[str], list[str]]:
    """The workspace's files and folders (at most ``MAX_ENTRIES`` each, ``MAX_DEPTH``
    levels), walked through descriptors: a folder swapped for a link to a host folder by
    sandboxed code while it is listed is not entered."""
    files: list[str] = []
    folders: list[str] = []
    try:
        top = Workspace(workspace).open_folder(())
    except OSError:
        return files, folders
    try:
        with contextlib.closing(fstree.walk(top, MAX_DEPTH)) as walk:
            for folder in walk:
                rel = "".join(f"{part}/" for part in folder.parts)
                shown = sorted(d for d in folder.dirs if _listed(d))
                folder.dirs[:] = shown if len(folder.parts) < MAX_DEPTH else []
                folders += [rel + d for d in folder.dirs]
                files += [rel + n for n in folder.files if _listed(n)]
                if len(files) + len(folders) >= MAX_ENTRIES:
                    break
    finally:
        os.close(top)
    return files[:MAX_ENTRIES], folders[:MAX_ENTRIES]


def situation(workspace: Path | str, task: str,
              outputs: tuple[tuple[str, str, str], ...] = (),
              existed: tuple[str, ...] | None = None) -> Situation:
    """The situation of an agent working on ``task`` in ``workspace`` (hidden entries
    skipped); ``outputs``: (command, file, text) the agent has seen, for text arguments;
    ``existed``: the files when the task started (a file the task names that was not there
    is the file to write, even after it has been written once)."""
    files, folders = _listing(workspace)
    named = mentioned_files(task)
    known: list[facts.Fact] = facts.listing_facts(files) if len(files) > 1 else []
    instructions = task
    for shown in previews(workspace, task):
        if existed is not None and shown.name not in existed:
            continue  # a file the agent wrote: its own words, not the task's evidence
        known += facts.file_facts(shown.name, shown.text)
        if more := mentioned_files(shown.text):  # "write yes to answer.txt" in a file read:
            named += more                       # instructions, words of the task
            instructions += "\n" + shown.text
    named = tuple(dict.fromkeys(named))
    for command, source, text in outputs:
        known += (facts.file_facts(source, text) if command == "read_file"
                  else facts.output_facts(source or command, text))
    values = facts.rank(known, task, named)
    # a value the task points at in what the agent has seen, or else words of the task
    texts = spans.choose(values or spans.task_spans(instructions, named))
    return Situation(tuple(files), tuple(folders), named, texts, tuple(values[:MAX_HINTS]),
                     existed)


def ground(schema: Any, where: Situation | None) -> Any:
    """``schema`` with every grounded parameter narrowed to ``where``'s values (in place).

    Without a situation, or when nothing fits, the mark is dropped and the parameter stays
    what it was. A text parameter beside one path parameter is split by the path: free text
    for a code or data file (``spans.FREE_TEXT_SUFFIXES``), a span otherwise."""
    if isinstance(schema, list):
        return [ground(item, where) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if where is not None and isinstance(schema.get("properties"), dict):
        split = _split_by_path(schema, where)
        if split is not None:
            return split
    kind = schema.pop(GROUNDED_KEY, None)
    if kind == "text":
        values = list(where.texts) if where is not None else []
        if values:
            described = {k: schema[k] for k in ("description",) if k in schema}
            schema.clear()
            schema.update(described, enum=values)
        return schema
    values = where.values(kind) if where is not None and kind else []
    if values:
        described = {k: schema[k] for k in ("description",) if k in schema}
        schema.clear()
        schema.update(described, enum=values)
        return schema
    for key, value in schema.items():
        schema[key] = ground(value, where)
    return schema


def _split_by_path(schema: dict[str, Any], where: Situation) -> dict[str, Any] | None:
    """An object with a text parameter and one path parameter as two variants: free text
    for code/data paths, spans for the others (None when that split does not apply)."""
    props = schema["properties"]
    texts = [k for k, p in props.items() if isinstance(p, dict) and p.get(GROUNDED_KEY) == "text"]
    paths = [k for k, p in props.items() if isinstance(p, dict)
             and p.get(GROUNDED_KEY) in ("file", "existing_file", "named_file")]
    if not texts or len(paths) != 1 or not where.texts:
        return None
    values = where.values(props[paths[0]][GROUNDED_KEY])
    free = [v for v in values if spans.needs_free_text(v)]
    chosen = [v for v in values if not spans.needs_free_text(v)]
    if not free:
        return None  # spans only: plain grounding does it
    if not chosen:  # free text only
        for key in texts:
            props[key].pop(GROUNDED_KEY)
        return None
    variants = []
    for group, open_text in ((chosen, False), (free, True)):
        variant = copy.deepcopy(schema)
        for key in texts:
            variant["properties"][key].pop(GROUNDED_KEY)
            if not open_text:
                variant["properties"][key] = ground({GROUNDED_KEY: "text"}, where)
        variant["properties"][paths[0]] = {"enum": group}
        variants.append(ground(variant, where))
    return {"anyOf": variants}
