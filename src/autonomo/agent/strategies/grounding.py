"""The agent's situation, and argument schemas narrowed to it (see ``tools.grounding``)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autonomo.tools.grounding import GROUNDED_KEY

#: how many workspace entries a situation lists at most (a grammar of thousands of
#: alternatives would cost more than it saves)
MAX_ENTRIES = 200
MAX_DEPTH = 3

#: a file name as a task writes it: ``notes.txt``, ``data/out.csv`` (not ``.log`` nor ``e.g``)
_FILE_NAME = re.compile(r"(?<![\w./-])(\w[\w./-]*\.[A-Za-z][A-Za-z0-9]{0,7})(?![\w/-])")


@dataclass(frozen=True)
class Situation:
    """What grounded parameters may name: the workspace's files and folders, and the file
    names the task mentions."""

    files: tuple[str, ...] = ()
    folders: tuple[str, ...] = ()
    named: tuple[str, ...] = ()

    def values(self, kind: str) -> list[str]:
        """The allowed values for a grounding kind; empty when nothing fits."""
        if kind == "existing_file":
            return list(self.files or self.named)
        if kind == "folder":
            return [".", *self.folders]
        if kind == "file":
            return list(dict.fromkeys([*self.named, *self.files]))
        return []


def mentioned_files(text: str) -> tuple[str, ...]:
    """File names in ``text``, in order of first mention."""
    names = (m.group(1).rstrip(".") for m in _FILE_NAME.finditer(text))
    return tuple(dict.fromkeys(
        n for n in names
        if ".." not in n and max(len(part) for part in n.split(".")) > 1  # not "e.g", "i.e"
    ))


def situation(workspace: Path | str, task: str) -> Situation:
    """The situation of an agent working on ``task`` in ``workspace`` (hidden entries skipped)."""
    root = Path(workspace)
    files: list[str] = []
    folders: list[str] = []
    for base, dirs, names in os.walk(root):
        rel = Path(base).relative_to(root)
        depth = len(rel.parts)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")) if depth < MAX_DEPTH else []
        folders += [(rel / d).as_posix() for d in dirs]
        files += [(rel / n).as_posix() for n in sorted(names) if not n.startswith(".")]
        if len(files) + len(folders) >= MAX_ENTRIES:
            break
    return Situation(tuple(files[:MAX_ENTRIES]), tuple(folders[:MAX_ENTRIES]),
                     mentioned_files(task))


def ground(schema: Any, where: Situation | None) -> Any:
    """``schema`` with every grounded parameter narrowed to ``where``'s values (in place).

    Without a situation, or when nothing fits, the mark is dropped and the parameter stays
    what it was."""
    if isinstance(schema, list):
        return [ground(item, where) for item in schema]
    if not isinstance(schema, dict):
        return schema
    kind = schema.pop(GROUNDED_KEY, None)
    values = where.values(kind) if where is not None and kind else []
    if values:
        described = {k: schema[k] for k in ("description",) if k in schema}
        schema.clear()
        schema.update(described, enum=values)
        return schema
    for key, value in schema.items():
        schema[key] = ground(value, where)
    return schema
