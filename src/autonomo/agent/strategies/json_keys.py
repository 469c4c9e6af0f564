"""A key of a JSON object named in quotes, set from another file: "add the owner from o.txt
as \"owner\" to card.json", "put it into meta.json under the key 'license'", "set 'city' in
venue.json to the city in host.txt".

``twostep.fields`` takes a quoted text for a value the task states, and an added key is no
field the file holds yet; a 135M model then rewrote the JSON wrongly. Here the key is the one
quoted word the task says a value goes to in that file (added at the end when the object
lacks it); the value is the one ``twostep.copied_value`` finds in the files read; the other
keys stay as they were, in the file's own layout. Nothing when the task quotes more than
one such word, or states the value itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

#: a quoted word: "owner", 'license', “city”, `tz`
_QUOTED = re.compile(r"[\"'“”‘’`]([A-Za-z_][\w-]{0,30}(?: [\w-]+){0,2})[\"'“”‘’`]")
#: the words that make a quoted word a key: "as", "under the key", "the field", "set"
_AS_KEY = re.compile(r"\b(?:as|under|into|in|key|field|entry|property|named|called|set|add|"
                     r"put|store|record|include|insert|fill)\s*$", re.IGNORECASE)

#: a key named unquoted after the word for one: "a field owner", "under the key tz"
_NAMED_KEY = re.compile(r"\b(?:key|field|entry|property|attribute)\s+(?:named\s+|called\s+)?"
                        r"([A-Za-z_][\w-]{0,30})\b(?![.(])", re.IGNORECASE)
#: words after "key", "field" that are no key
_NOT_KEYS = frozenset({"the", "a", "an", "of", "to", "in", "into", "from", "with", "and", "or",
                       "value", "values", "name", "names", "for", "that", "this", "it", "is",
                       "holding", "containing", "set", "as", "at", "on"})
#: the words after a quoted word that make it a key: "a “region” entry", "the 'tz' field"
_KEY_AFTER = re.compile(r"\s+(?:key|field|entry|property|attribute)\b", re.IGNORECASE)


def _object(text: str) -> dict[str, Any] | None:
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def quoted_key(task: str, name: str, text: str, named: Iterable[str]) -> str | None:
    """The one quoted word of ``task`` that names a key of the JSON object ``name``: after
    words that make it one ("as", "under the key", "set"), not a file's name; None when
    there are none or several, or another quoted text (a value the task states)."""
    if not name.lower().endswith(".json") or _object(text) is None:
        return None
    files = set(named)
    quoted = [m for m in _QUOTED.finditer(task) if m.group(1) not in files
              and "." not in m.group(1)]
    keys = [m.group(1) for m in quoted if _AS_KEY.search(task[:m.start()])
            or _KEY_AFTER.match(task[m.end():])]
    if not quoted:  # (a key named unquoted after its noun: "a field owner", "the key tz")
        keys = [k for k in _NAMED_KEY.findall(task) if k.lower() not in _NOT_KEYS
                and k not in files]
    if len(quoted) > 1 or len(set(keys)) != 1 or not re.fullmatch(r"[\w-]+", keys[0]):
        return None
    return keys[0]


def _layout(text: str) -> int | None:
    """The indent of a JSON text's first key (None: all on one line)."""
    found = re.search(r"\{\s*\n([ \t]+)\"", text)
    return len(found.group(1).expandtabs(4)) if found else None


def typed(value: str, old: Any) -> Any:
    """``value`` as JSON: a number where it is one and the key held none or a number."""
    if (old is None or isinstance(old, (int, float))) and not isinstance(old, bool) and (
            re.fullmatch(r"-?(?:0|[1-9]\d{0,15})", value)):
        return int(value)
    return value


def with_key(text: str, key: str, value: str) -> str | None:
    """The JSON object ``text`` with ``key`` set to ``value`` (added at its end when it lacks
    it), the other keys as they were, in its layout; None when ``text`` is no object or the
    key holds a list or an object."""
    data = _object(text)
    if data is None or isinstance(data.get(key), (dict, list)):
        return None
    data[key] = typed(value, data.get(key))
    indent = _layout(text)
    out = json.dumps(data, indent=indent, ensure_ascii=False)
    return out + "\n" if text.endswith("\n") else out


def sources(task: str, named: Iterable[str], texts: dict[str, str]) -> tuple[str, ...]:
    """The files a quoted key's value is read from: the others the task names; read, never
    written."""
    names = list(named)
    targets = [n for n, t in texts.items() if n in task and quoted_key(task, n, t, names)]
    return tuple(n for n in names if targets and n not in targets and n in task)
