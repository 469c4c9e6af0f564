"""What a step sees of the workspace before it acts: its files and folders, listed through
descriptors, and the text of the files the task names."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from autonomo.agent.strategies.names import task_files
from autonomo.agent.task_text import analysed
from autonomo.errors import AutonomoError
from autonomo.tools import fstree
from autonomo.tools.files import read_text
from autonomo.tools.workspace import Workspace

#: how many workspace entries a situation lists at most (a grammar of thousands of
#: alternatives would cost more than it saves)
MAX_ENTRIES = 200
MAX_DEPTH = 3
#: names read per folder at most (reading a folder of a million files whole would cost seconds)
MAX_SCANNED = 5000
#: files of the workspace the task names whose text is shown (and grounds text arguments)
MAX_PREVIEWS = 3
PREVIEW_CHARS = 600


@dataclass(frozen=True)
class Preview:
    name: str
    text: str  # at most PREVIEW_CHARS
    lines: int  # of the whole file
    words: int
    cut: bool


class Reads:
    """The texts of the workspace's files for one look at it (no command runs in between),
    each file read once: a step's look read the file a task names up to seven times (the
    previews, its edits, its composed texts, the first look), each read a chance to see
    other bytes than the last. Read through the workspace's descriptor-based reader (a
    symlink is not followed); None: unreadable."""

    def __init__(self, workspace: Path | str) -> None:
        self.workspace = Workspace(workspace)
        self._texts: dict[str, str | None] = {}

    def text(self, name: str) -> str | None:
        if name not in self._texts:
            try:
                self._texts[name] = read_text(self.workspace, name)[0]
            except (AutonomoError, OSError):
                self._texts[name] = None
        return self._texts[name]


def previews(workspace: Path | str, task: str, names: tuple[str, ...] | None = None,
             reads: Reads | None = None) -> list[Preview]:
    """The text (at most ``PREVIEW_CHARS``) of the existing files the task names
    (``names``, else ``task_files``), in the task's order (``reads``: as this look read
    them), unreadable files skipped."""
    task = analysed(task)
    reads = reads or Reads(workspace)
    shown: list[Preview] = []
    for name in task_files(task, workspace) if names is None else names:
        if len(shown) >= MAX_PREVIEWS:
            break
        if (text := reads.text(name)) is None:
            continue
        shown.append(Preview(name, text[:PREVIEW_CHARS], len(text.splitlines()),
                             len(text.split()), len(text) > PREVIEW_CHARS))
    return shown


def _listed(name: str) -> bool:
    """Not hidden, and plain text: a name with a newline or escape could forge lines of the
    prompt, one that is not UTF-8 cannot be sent to the model or stored, and the model
    could name neither."""
    return not name.startswith(".") and fstree.shown(name) == name


def workspace_entries(workspace: Path | str) -> tuple[list[str], list[str]]:
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
        with contextlib.closing(fstree.walk(top, MAX_DEPTH, MAX_SCANNED)) as walk:
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
