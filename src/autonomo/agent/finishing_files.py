"""What the workspace itself says against a finish: files the run wrote that cannot be what
the task asked for, and files the task's plain words (copy, rename, keep) say something
about that does not hold.

Used by ``finishing.finish_objection``; each function returns the objection or None.
"""

from __future__ import annotations

import builtins
import hashlib
import json
import re
import symtable
from collections.abc import Callable, Iterable

from autonomo.agent.finishing_record import mention_at
from autonomo.agent.finishing_targets import denied

#: the words between "copy" and the file that make the whole file the thing copied
_WHOLE = {"the", "a", "of", "file", "contents", "content", "whole", "entire"}
_COPYING = {"copy", "duplicate", "backup"}
_MOVING = {"rename", "move"}

Reader = Callable[[str], "str | None"]


def undefined_names(source: str, name: str) -> list[str]:
    """Names a Python module uses that nothing defines (a NameError when it runs)."""
    top = symtable.symtable(source, name, "exec")
    defined = {s.get_name() for s in top.get_symbols()
               if s.is_assigned() or s.is_imported() or s.is_namespace()}
    known = defined | set(dir(builtins)) | {"__name__", "__file__", "__doc__"}
    missing: list[str] = []
    stack = [top]
    while stack:
        table = stack.pop()
        stack += table.get_children()
        for sym in table.get_symbols():
            free_global = (table is top and not sym.is_assigned() and not sym.is_imported()
                           and not sym.is_namespace()) or (
                table is not top and sym.is_global() and not sym.is_declared_global())
            if sym.is_referenced() and free_global and sym.get_name() not in known:
                missing.append(sym.get_name())
    return sorted(set(missing))


def _invalid(name: str, kind: str, why: str, text: str) -> str:
    return (f"Refused: {name} is not valid {kind} ({why}). Its text is: {text[:200]!r}. "
            "Write it again, then finish.")


#: (file name, digest of its text) -> objection: the check runs before every step of a small
#: model, and compiling a big file the run copied costs seconds each time
_CHECKED: dict[tuple[str, bytes], str | None] = {}


def broken_file(written: Iterable[str], read: Reader) -> str | None:
    """Why a JSON or Python file the run wrote cannot be what was asked: it does not parse,
    or (Python) it uses names nothing defines. ``read`` gives None for a file it cannot read
    whole (nothing is said about it). Each text is checked once."""
    for name in written:
        suffix = name.rsplit(".", 1)[-1].lower() if "." in name else ""
        if suffix not in ("json", "py") or (text := read(name)) is None:
            continue
        key = (name, hashlib.blake2b(text.encode("utf-8", "surrogatepass")).digest())
        if key not in _CHECKED:
            if len(_CHECKED) >= 64:
                _CHECKED.clear()
            _CHECKED[key] = _objection(name, suffix, text)
        if _CHECKED[key] is not None:
            return _CHECKED[key]
    return None


def _objection(name: str, suffix: str, text: str) -> str | None:
    kind = "JSON" if suffix == "json" else "Python"
    try:
        if suffix == "json":
            json.loads(text)
            return None
        compile(text, name, "exec")
        missing = undefined_names(text, name)
    except (ValueError, SyntaxError) as exc:
        return _invalid(name, kind, str(exc)[:120], text)
    except (RecursionError, MemoryError):
        # the parsers give up on deep nesting ("[" * 100000, "1 + 1 + …", "- - - 1"):
        # Python could not load or run the file either; the check must not crash the run
        return _invalid(name, kind, "nested too deeply", text)
    if missing:
        return (f"Refused: {name} would fail when run: {', '.join(missing)} "
                f"{'is' if len(missing) == 1 else 'are'} not defined. Its text is: "
                f"{text[:200]!r}. Write it again, then finish.")
    return None


def not_a_file(named: Iterable[str], written: set[str],
               kind: Callable[[str], str | None]) -> str | None:
    """A file the task names and the run wrote that is now something else — a named pipe,
    a folder, a symbolic link: sandboxed code can swap it after the write. Every reader
    gives None for it, so each later check would skip it and the finish would pass
    unchecked. ``kind``: what an entry of the workspace is (``Workspace.kind``)."""
    for name in named:
        if name in written and (what := kind(name)) not in (None, "a regular file"):
            return (f"Refused: you wrote {name}, but it is now {what}, not a file; nothing "
                    "can be read from it. Write it again, then finish.")
    return None


def _words_before(task: str, name: str) -> list[str]:
    at = mention_at(task, name)
    return re.findall(r"[a-z]+", task[:at].lower()) if at >= 0 else []


def word_claims(task: str, named: tuple[str, ...], written: set[str],
                exists: Callable[[str], bool], read: Reader) -> str | None:
    """What the task's plain words say about its files, checked: ``keep X`` (X exists),
    ``rename/move X`` (some named file that the run did not write is gone), ``copy X``
    (the other named file holds exactly X's text)."""
    for name in named:
        before = _words_before(task, name)
        if before[-1:] == ["keep"] and not exists(name):
            return (f"Refused: the task says to keep {name}, but it is gone. Recreate it, "
                    "then finish.")
    words = set(re.findall(r"[a-z]+", task.lower()))
    if words & _MOVING and "move" not in denied(task) and named \
            and all(exists(n) for n in named) \
            and any(n not in written for n in named):
        still = next(n for n in named if n not in written)
        return (f"Refused: the task asks to {sorted(words & _MOVING)[0]} a file, but {still} "
                "is still there. Do that first, then finish.")
    if words & _COPYING and len(named) == 2:
        source, target = named
        before = _words_before(task, source)
        start = max((i for i, w in enumerate(before) if w in _COPYING), default=None)
        if start is not None and set(before[start + 1:]) <= _WHOLE:
            original, copied = read(source), read(target)
            # (a target gone is no copy claimed: "delete X, a duplicate of Y" names a
            # relation; a copy never made is ``named_missing``'s)
            if original is not None and copied is not None and copied != original:
                return (f"Refused: {target} is not a copy of {source} (its text differs). "
                        "Make the copy, then finish.")
    return None


#: "a JSON list", "a JSON array of", "a JSON object"
_JSON_KIND = re.compile(r"\bjson\s+(list|array|object|dictionary|dict|map)\b", re.IGNORECASE)


def json_kind(task: str, written: Iterable[str], read: Reader) -> str | None:
    """The task asks for a JSON list (or object), but the one JSON file the run wrote holds
    something else (a string, a number, the other kind)."""
    asked = {m.group(1).lower() for m in _JSON_KIND.finditer(task)}
    files = [n for n in written if n.lower().endswith(".json")]
    if len(asked) != 1 or len(files) != 1 or (text := read(files[0])) is None:
        return None
    want = list if asked <= {"list", "array"} else dict
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None  # broken_file's objection
    if not isinstance(value, want):
        return (f"Refused: the task asks for a JSON {'list' if want is list else 'object'}, "
                f"but {files[0]} holds a JSON {type(value).__name__}: {text[:200]!r}. Write "
                "it again, then finish.")
    return None
