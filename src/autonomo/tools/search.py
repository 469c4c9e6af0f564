"""``search_files``: file names and lines in the workspace, at a cost that does not grow with it.

A workspace is shared with sandboxed code, which can leave a million folders, gigabytes of
text or a line made for a regular expression to backtrack on for hours; the search runs in
the host process. So it stops after ``SEARCH_MAX_FOLDERS`` folders, ``SEARCH_MAX_NAMES``
names, ``SEARCH_MAX_READ`` bytes read or ``SEARCH_REGEX_S`` seconds of matching a regular
expression, and says where it did not look — "no match" must not read as "none there".
"""

from __future__ import annotations

import fnmatch
import os
import stat
import time
from collections.abc import Callable

import regex as regex_engine

from autonomo.tools import fstree
from autonomo.tools.context import CommandContext, cap_text, output_cap, workspace
from autonomo.tools.files import (
    LIST_MAX_NAMES,
    is_binary,
    open_listed_folder,
    read_at_most,
    shown_path,
)
from autonomo.tools.registry import CommandError, command

SEARCH_MAX_FOLDERS = 10_000
SEARCH_MAX_NAMES = 500_000
SEARCH_MAX_READ = 64 * 1024 * 1024
#: all the time one search may spend matching a regular expression: ``(x+x+)+y`` takes
#: Python's ``re`` hours on one line of 40 "x"s (the ``regex`` engine stops at a timeout)
SEARCH_REGEX_S = 1.0
#: files larger than this are not searched by content
_SEARCH_MAX_BYTES = 2 * 1024 * 1024


class _Spent:
    """What a search has used of its bounds so far, and the first bound it hit."""

    def __init__(self) -> None:
        self.names = 0
        self.read = 0
        self.slow = False

    def over(self) -> bool:
        return self.slow or self.names >= SEARCH_MAX_NAMES or self.read >= SEARCH_MAX_READ

    def why(self) -> str:
        if self.slow:
            return (f"matching the regular expression took more than {SEARCH_REGEX_S} s; "
                    "use a simpler one")
        if self.names >= SEARCH_MAX_NAMES:
            return f"looked at {SEARCH_MAX_NAMES} names, the most one search does"
        return f"looked at {self.read} bytes of files, the most one search does"


@command(category="files", example={"pattern": "*.py", "content": "def main"})
def search_files(
    ctx: CommandContext,
    pattern: str = "*",
    content: str | None = None,
    regex: bool = False,
    path: str = ".",
    max_results: int = 50,
) -> str:
    """Find files by name pattern, and optionally lines containing some text.

    Args:
        pattern: glob for file names, e.g. '*.py' or 'test_*'
        content: only files with lines containing this text; each match is shown
        regex: treat content as a regular expression
        path: folder to search in, relative to the workspace
        max_results: stop after this many matches
    """
    ws = workspace(ctx)
    parts = ws.parts(path)
    spent = _Spent()
    matcher = _content_matcher(content, regex, spent) if content else None
    results: list[str] = []
    limit = max(1, max_results)
    top = open_listed_folder(ws, parts, path)
    # descriptors all the way down: a folder swapped for a symlink is not entered
    folders = fstree.walk(top, max_entries=LIST_MAX_NAMES, max_folders=SEARCH_MAX_FOLDERS)
    try:
        for folder in folders:
            folder.dirs[:] = [d for d in folder.dirs if d != ".git"]
            spent.names += len(folder.files) + len(folder.dirs)
            for name in folder.files:
                rel = "/".join((*parts, *folder.parts, name))
                if not (fnmatch.fnmatch(name, pattern) or fnmatch.fnmatch(rel, pattern)):
                    continue
                if matcher is None:
                    results.append(fstree.shown(rel))
                else:
                    results += _grep(folder.fd, name, fstree.shown(rel), matcher,
                                     limit - len(results), spent)
                if len(results) >= limit or spent.over():
                    break
            if len(results) >= limit or spent.over():
                break
    finally:
        folders.close()
        os.close(top)
    where = shown_path(parts) or "."
    notes = _notes(folders, spent, where, len(results) >= limit, limit)
    if not results:
        what = f"containing {content!r} " if content else ""
        return "\n".join([f"No files matching {pattern!r} {what}in {where}.", *notes])
    return cap_text("\n".join([*results[:limit], *notes]), output_cap(ctx), "narrow the search")


def _notes(folders: fstree.Walk, spent: _Spent, where: str, full: bool,
           limit: int) -> list[str]:
    """Lines saying where a search did not look."""
    if full:
        return [f"[stopped after {limit} results; narrow the pattern or raise max_results]"]
    notes = []
    if spent.over():
        notes.append(f"[stopped early: {spent.why()}; the rest of {where} was not searched. "
                     "Search a sub-folder or a narrower pattern]")
    if folders.missed:
        missed = fstree.missed_text(folders.missed, more_missed=folders.more_missed)
        notes.append(f"[not searched: {missed}]")
    return notes


def _content_matcher(content: str, regex: bool, spent: _Spent) -> Callable[[str], bool]:
    if not regex:
        return lambda line: content in line
    try:
        compiled = regex_engine.compile(content)
    except regex_engine.error as exc:
        raise CommandError(f"Invalid regular expression {content!r}: {exc}.") from exc
    deadline = time.monotonic() + SEARCH_REGEX_S

    def matches(line: str) -> bool:
        try:
            return compiled.search(line, timeout=max(deadline - time.monotonic(), 0.001)) \
                is not None
        except TimeoutError:
            spent.slow = True
            return False

    return matches


def _grep(dirfd: int, name: str, rel: str, matcher: Callable[[str], bool], room: int,
          spent: _Spent) -> list[str]:
    """Matching lines of a regular file no bigger than the search limit (a symlink, FIFO or
    device is skipped without being waited on)."""
    try:
        fd = os.open(name, fstree.READ_FLAGS, dir_fd=dirfd)
    except OSError:
        return []
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > _SEARCH_MAX_BYTES:
            return []
        data = read_at_most(fd, _SEARCH_MAX_BYTES)
    except OSError:
        return []
    finally:
        os.close(fd)
    spent.read += len(data)
    if is_binary(data):
        return []
    found = []
    for number, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        if matcher(line):
            found.append(f"{rel}:{number}: {fstree.shown(line.strip()[:200])}")
            if len(found) >= room:
                break
        if spent.slow:
            break
    return found
