"""The workspace as it was when a task started, and what changed since.

A positive verifier (``verifying``) judges a finish by comparing the workspace now with the
workspace at the task's start: a deletion left exactly the designated files gone, a copy made
a byte-identical file and changed nothing else. The start is recorded once per task, before
its first step, and kept beside the agent's other files (``agents/<id>/start-<task>.json``), so
a resumed run is judged against the same start.

Files are walked and read through folder descriptors with ``O_NOFOLLOW`` (``fstree``): a file
swapped for a symlink is recorded as a link, never followed. The record is bounded: a
workspace of more than ``MAX_FILES`` files or ``MAX_BYTES`` bytes, or a folder the walk could
not enter, gives an incomplete snapshot, and nothing is verified against it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from autonomo.errors import WorkspaceError
from autonomo.tools import fstree
from autonomo.tools.workspace import Workspace

#: files a snapshot records at most
MAX_FILES = 2000
#: bytes a snapshot hashes at most (all files together)
MAX_BYTES = 64 * 1024 * 1024
#: a file's text is kept (for edits and appends) up to this size …
TEXT_KEPT = 64 * 1024
#: … and all kept texts together up to this size
TEXTS_KEPT = 1024 * 1024
#: folders whose new files are by-products of running code, not work
BY_PRODUCTS = ("__pycache__",)


@dataclass(frozen=True)
class Entry:
    """One file of a snapshot: ``kind`` ("file", "link" or "other"), its size, the sha256 of
    its bytes (a link: of its target's name) and its text when small and UTF-8."""

    kind: str
    size: int
    digest: str
    text: str | None = None


@dataclass
class Snapshot:
    """The files of a workspace (path relative to it -> ``Entry``); ``why`` says why it is
    incomplete (empty when complete)."""

    files: dict[str, Entry] = field(default_factory=dict)
    why: str = ""
    #: the folders below the top (an empty one too: a folder removal leaves none behind)
    folders: frozenset[str] = frozenset()

    @property
    def complete(self) -> bool:
        return not self.why

    def to_json(self) -> bytes:
        # the json module, not orjson: a file name that is not UTF-8 is kept as its lone
        # surrogates (escaped), and read back the same
        return json.dumps({"why": self.why, "files": {
            p: [e.kind, e.size, e.digest, e.text] for p, e in self.files.items()},
            "folders": sorted(self.folders)}).encode()

    @classmethod
    def from_json(cls, data: bytes) -> Snapshot:
        raw = json.loads(data)
        return cls({p: Entry(k, s, d, t) for p, (k, s, d, t) in raw["files"].items()},
                   str(raw["why"]), frozenset(raw.get("folders", ())))


def _read(folder: int, name: str, size: int) -> tuple[str, bytes] | None:
    """The sha256 of the regular file ``name`` of ``folder`` and its first ``TEXT_KEPT``
    bytes, or None when it cannot be opened as one (gone, swapped for a link)."""
    try:
        fd = os.open(name, fstree.READ_FLAGS, dir_fd=folder)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        digest, head, left = hashlib.sha256(), b"", size
        while left > 0:
            chunk = os.read(fd, min(left, 1024 * 1024))
            if not chunk:
                break
            digest.update(chunk)
            if len(head) < TEXT_KEPT + 1:
                head += chunk[:TEXT_KEPT + 1 - len(head)]
            left -= len(chunk)
        return digest.hexdigest(), head
    finally:
        os.close(fd)


def take(workspace: Path | str) -> Snapshot:
    """The workspace's files now (see the module's text for the bounds)."""
    ws = Workspace(workspace)
    snap = Snapshot()
    try:
        top = ws.open_folder(())
    except (OSError, WorkspaceError) as exc:
        return Snapshot(why=f"the workspace cannot be opened ({exc})")
    hashed = texts = 0
    found: set[str] = set()
    try:
        with contextlib.closing(walk := fstree.walk(top, max_folders=MAX_FILES,
                                                    max_entries=MAX_FILES)) as folders:
            for folder in folders:
                prefix = "".join(f"{p}/" for p in folder.parts)
                if prefix:
                    found.add(prefix[:-1])
                for name in folder.files:
                    if len(snap.files) >= MAX_FILES:
                        return Snapshot(why=f"the workspace has more than {MAX_FILES} files")
                    try:
                        info = os.stat(name, dir_fd=folder.fd, follow_symlinks=False)
                    except OSError:
                        continue  # gone while walked
                    path = prefix + name
                    if stat.S_ISLNK(info.st_mode):
                        try:
                            target = os.readlink(name, dir_fd=folder.fd)
                        except OSError:  # gone or swapped while walked
                            return Snapshot(why=f"{prefix + name} changed while it was read")
                        snap.files[path] = Entry("link", 0, hashlib.sha256(
                            target.encode(errors="surrogateescape")).hexdigest())
                        continue
                    if not stat.S_ISREG(info.st_mode):
                        snap.files[path] = Entry("other", 0, "")
                        continue
                    hashed += info.st_size
                    if hashed > MAX_BYTES:
                        return Snapshot(why=f"the workspace holds more than {MAX_BYTES} bytes")
                    read = _read(folder.fd, name, info.st_size)
                    if read is None:
                        return Snapshot(why=f"{path} changed while it was read")
                    digest, head = read
                    text = None
                    if len(head) <= TEXT_KEPT and texts + len(head) <= TEXTS_KEPT:
                        with contextlib.suppress(UnicodeDecodeError):
                            text = head.decode()
                            texts += len(head)
                    snap.files[path] = Entry("file", info.st_size, digest, text)
        if walk.missed:
            return Snapshot(why="some folders could not be read: "
                                + fstree.missed_text(walk.missed, more_missed=walk.more_missed))
    finally:
        os.close(top)
    snap.folders = frozenset(found)
    return snap


@dataclass(frozen=True)
class Changes:
    """What differs between two snapshots: files gone, files new, files whose bytes changed."""

    removed: frozenset[str]
    added: frozenset[str]
    changed: frozenset[str]

    @property
    def touched(self) -> frozenset[str]:
        return self.removed | self.added | self.changed


def _by_product(path: str) -> bool:
    return any(part in BY_PRODUCTS for part in path.split("/")[:-1])


def changes(start: Snapshot, now: Snapshot) -> Changes:
    """``now`` against ``start`` (new files that running code leaves behind, like
    ``__pycache__``, are not counted)."""
    before, after = set(start.files), set(now.files)
    return Changes(
        frozenset(before - after),
        frozenset(p for p in after - before if not _by_product(p)),
        frozenset(p for p in before & after if (start.files[p].kind, start.files[p].digest)
                  != (now.files[p].kind, now.files[p].digest)))


def path_for(data_folder: Path, task_index: int) -> Path:
    """Where the start of task ``task_index`` is kept, in the agent's own data folder."""
    return data_folder / f"start-{task_index}.json"


def save(snapshot: Snapshot, path: Path) -> None:
    """Write ``snapshot`` to ``path`` whole (a temporary file renamed into place)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(snapshot.to_json())
    os.replace(temporary, path)


def load(path: Path) -> Snapshot | None:
    """The snapshot kept at ``path``; None when there is none or it cannot be read."""
    try:
        return Snapshot.from_json(path.read_bytes())
    except (OSError, ValueError, KeyError, TypeError):
        return None
