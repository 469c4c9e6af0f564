"""File commands, confined to the workspace, with caps on what goes back to the model."""

from __future__ import annotations

import fnmatch
import os
import re
from pathlib import Path

from autonomo.tools._common import cap_text, output_cap, workspace
from autonomo.tools.context import CommandContext
from autonomo.tools.registry import CommandError, command

#: files larger than this are not searched by content
_SEARCH_MAX_BYTES = 2 * 1024 * 1024
_BINARY_SNIFF = 8192


def _is_binary(data: bytes) -> bool:
    return b"\x00" in data[:_BINARY_SNIFF]


def _read_text(path: Path) -> str:
    data = path.read_bytes()
    if _is_binary(data):
        raise CommandError(f"{path.name} is a binary file ({len(data)} bytes); it cannot be shown.")
    return data.decode("utf-8", errors="replace")


@command(category="files", aliases=("read",), example={"path": "notes.txt"})
def read_file(
    ctx: CommandContext, path: str, start_line: int = 1, max_lines: int | None = None
) -> str:
    """Read a text file from the workspace.

    Args:
        path: file path relative to the workspace
        start_line: first line to show (1-based), to page through long files
        max_lines: how many lines to show at most (default: as many as fit)
    """
    ws = workspace(ctx)
    target = ws.resolve(path)
    if not target.exists():
        raise CommandError(f"{path} does not exist. Use list_folder to see what is there.")
    if target.is_dir():
        raise CommandError(f"{path} is a folder; use list_folder to see its contents.")
    lines = _read_text(target).splitlines(keepends=True)
    if start_line < 1:
        raise CommandError("start_line must be 1 or more.")
    if lines and start_line > len(lines):
        raise CommandError(f"{path} has only {len(lines)} lines.")
    end = len(lines) if max_lines is None else min(len(lines), start_line - 1 + max_lines)
    chosen = lines[start_line - 1 : end]
    cap = output_cap(ctx)
    shown: list[str] = []
    size = 0
    for line in chosen:
        if size + len(line) > cap and shown:
            break
        shown.append(line)
        size += len(line)
    text = "".join(shown)
    last = start_line - 1 + len(shown)
    if last < len(lines):
        if len(text) > cap:  # one enormous line
            text = text[:cap]
        text += (
            f"\n[truncated: showing lines {start_line}-{last} of {len(lines)}; "
            f"call read_file with start_line={last + 1} to continue]"
        )
    return text if text else f"({path} is empty)"


@command(category="files", aliases=("write",), example={"path": "notes.txt", "content": "Hello"})
def write_file(ctx: CommandContext, path: str, content: str) -> str:
    """Write text to a file in the workspace, replacing it; folders are created as needed.

    Args:
        path: file path relative to the workspace
        content: the complete new text of the file
    """
    ws = workspace(ctx)
    target = ws.resolve(path)
    if target == ws.root or target.is_dir():
        raise CommandError(f"{path} is a folder; give a file name.")
    target.parent.mkdir(parents=True, exist_ok=True)
    _write(target, content, "w")
    return f"Wrote {len(content)} characters to {ws.relative(target)}."


@command(category="files", example={"path": "log.txt", "content": "one more line\n"})
def append_to_file(ctx: CommandContext, path: str, content: str) -> str:
    """Append text to the end of a file in the workspace (created if missing).

    Args:
        path: file path relative to the workspace
        content: the text to add at the end
    """
    ws = workspace(ctx)
    target = ws.resolve(path)
    if target == ws.root or target.is_dir():
        raise CommandError(f"{path} is a folder; give a file name.")
    target.parent.mkdir(parents=True, exist_ok=True)
    _write(target, content, "a")
    return f"Appended {len(content)} characters to {ws.relative(target)}."


def _write(target: Path, content: str, mode: str) -> None:
    """Write without following a symlink swapped in at the last moment."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW
    flags |= os.O_APPEND if mode == "a" else os.O_TRUNC
    try:
        fd = os.open(target, flags, 0o644)
    except OSError as exc:
        raise CommandError(f"Cannot write {target.name}: {exc.strerror}.") from exc
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(content)


@command(category="files", example={"path": "old.txt"})
def delete_file(ctx: CommandContext, path: str) -> str:
    """Delete a file (or an empty folder) in the workspace.

    Args:
        path: file path relative to the workspace
    """
    ws = workspace(ctx)
    target = ws.resolve(path)
    if target == ws.root:
        raise CommandError("The workspace itself cannot be deleted.")
    if not target.exists():
        raise CommandError(f"{path} does not exist.")
    if target.is_dir():
        if any(target.iterdir()):
            raise CommandError(f"{path} is a folder that is not empty; delete its files first.")
        target.rmdir()
    else:
        target.unlink()
    return f"Deleted {ws.relative(target)}."


@command(category="files", example={"path": "."})
def list_folder(ctx: CommandContext, path: str = ".", recursive: bool = False) -> str:
    """List the files and folders in a workspace folder (folders end with '/').

    Args:
        path: folder path relative to the workspace
        recursive: also list everything inside sub-folders
    """
    ws = workspace(ctx)
    folder = ws.resolve(path)
    if not folder.is_dir():
        raise CommandError(f"{path} is not a folder in the workspace.")
    entries: list[str] = []
    if recursive:
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            base = Path(root)
            entries += [ws.relative(base / d) + "/" for d in dirs]
            entries += [_describe_file(ws.relative(base / f), base / f) for f in sorted(files)]
    else:
        for child in sorted(folder.iterdir(), key=lambda p: p.name):
            rel = ws.relative(child)
            entries.append(rel + "/" if child.is_dir() else _describe_file(rel, child))
    if not entries:
        return f"{ws.relative(folder)} is empty."
    return cap_text("\n".join(entries), output_cap(ctx), "list a sub-folder to see more")


def _describe_file(rel: str, path: Path) -> str:
    try:
        return f"{rel} ({path.lstat().st_size} bytes)"
    except OSError:
        return rel


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
    folder = ws.resolve(path)
    if not folder.is_dir():
        raise CommandError(f"{path} is not a folder in the workspace.")
    matcher = _content_matcher(content, regex) if content else None
    results: list[str] = []
    limit = max(1, max_results)
    hit_limit = False
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != ".git")
        for name in sorted(files):
            rel = ws.relative(Path(root, name))
            if not (fnmatch.fnmatch(name, pattern) or fnmatch.fnmatch(rel, pattern)):
                continue
            if matcher is None:
                results.append(rel)
            else:
                results += _grep(Path(root, name), rel, matcher, limit - len(results))
            if len(results) >= limit:
                hit_limit = True
                break
        if hit_limit:
            break
    if not results:
        what = f"containing {content!r} " if content else ""
        return f"No files matching {pattern!r} {what}in {ws.relative(folder)}."
    text = "\n".join(results[:limit])
    if hit_limit:
        text += f"\n[stopped after {limit} results; narrow the pattern or raise max_results]"
    return cap_text(text, output_cap(ctx), "narrow the search")


def _content_matcher(content: str, regex: bool):
    if not regex:
        return lambda line: content in line
    try:
        compiled = re.compile(content)
    except re.error as exc:
        raise CommandError(f"Invalid regular expression {content!r}: {exc}.") from exc
    return lambda line: compiled.search(line) is not None


def _grep(path: Path, rel: str, matcher, room: int) -> list[str]:
    try:
        if path.is_symlink() or path.stat().st_size > _SEARCH_MAX_BYTES:
            return []
        data = path.read_bytes()
    except OSError:
        return []
    if _is_binary(data):
        return []
    found = []
    for number, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        if matcher(line):
            found.append(f"{rel}:{number}: {line.strip()[:200]}")
            if len(found) >= room:
                break
    return found
