"""Derived values of records and nested objects, for the derived-value verifier
(``verifying_derived``): a field of the one record the task names by its other values ("the
tracking number of the blue kettle": the record whose item is "kettle, blue"), the keys of
the one object the task names ("the key names of its features object"), and a package's
pinned version ("which numpy version is pinned": 1.26.4, not "==1.26.4").

Each reads the task's words with the file names blanked out (a clause that describes the
source, "flags.json has a features object", still names the object), and derives a value
only when every such word is accounted for; anything else derives nothing.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

import yaml

from autonomo.agent.finishing_record import without
from autonomo.agent.strategies.datatypes import pins
from autonomo.agent.verifying_expected import (
    GENERIC_ANSWER,
    LIST_WORDS,
    Expected,
    asks_order,
    unexplained,
)
from autonomo.agent.verifying_sources import FUNCTION_WORDS, shown, table, words

#: words that ask for an object's keys ("the key names of", "the entries under")
_KEY_WORDS = {"key", "keys", "names", "name", "entries", "entry", "object", "section",
              "table", "map", "mapping", "dict", "under", "inside", "listed", "list", "line",
              "per", "each", "items", "item", "top", "level", "nested", "sub"}
#: words that ask for a version
_VERSION_WORDS = {"version", "versions", "pinned", "pin", "pins", "pinning", "release",
                  "package", "which", "what", "number", "exact", "exactly", "operator",
                  "without", "requirement", "requirements", "dependency", "installed",
                  "locked", "lock", "uses", "use", "required", "is", "set"}


def _said(task: str, names: list[str]) -> set[str]:
    """The task's words beside its file names, but the function words."""
    return {w for w in words(without(task, names)) if w not in FUNCTION_WORDS}


def _parsed(source: str, text: str) -> Any:
    lower = source.lower()
    try:
        if lower.endswith(".json"):
            return json.loads(text)
        if lower.endswith((".yaml", ".yml")):
            return yaml.safe_load(text)
        if lower.endswith(".toml"):
            return tomllib.loads(text)
    except (ValueError, yaml.YAMLError, RecursionError):
        return None
    return None


def _objects(data: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Every object or list below the top of ``data`` that holds something, by its key
    path."""
    found: list[tuple[tuple[str, ...], Any]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, (dict, list)) and value:
                found.append(((*path, str(key)), value))
            found += _objects(value, (*path, str(key))) if isinstance(value, dict) else []
    return found


def named_objects(task: str, source: str, text: str, names: list[str],
                  kind: type | tuple[type, ...] = dict) -> list[tuple[str, ...]]:
    """The paths of the objects (``kind``: or lists) of ``source`` below its top whose key
    the task says as a word ("its features object", "under 'dependencies'")."""
    said = set(words(without(task, names)))
    return [path for path, value in _objects(_parsed(source, text))
            if isinstance(value, kind) and words(path[-1]) and set(words(path[-1])) <= said]


def object_keys(task: str, source: str, text: str, names: list[str],
                answer_words: set[str]) -> list[Expected]:
    """The keys of the one object the task names, when it asks for keys or names and every
    other word is one of listing, of the source's name or of the answer file's."""
    paths = named_objects(task, source, text, names)
    if len(paths) != 1 or not re.search(r"\b(?:keys?|names?|entries|listed|under|inside)\b",
                                        task, re.IGNORECASE):
        return []
    data = _parsed(source, text)
    for part in paths[0]:
        data = data[part]
    stem = words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    known = {*_KEY_WORDS, *LIST_WORDS, *GENERIC_ANSWER, *stem, *words(paths[0][-1])}
    if unexplained(_said(task, names) | answer_words, known):
        return []
    keys = tuple(str(k) for k in data)
    if asks_order(task):
        if sorted(keys) != sorted(keys, key=str.casefold):
            return []  # whether case counts in the order is not said
        return [Expected(f"the keys of {'/'.join(paths[0])} in {source}, sorted",
                         items=tuple(sorted(keys)), ordered=True)]
    return [Expected(f"the keys of {'/'.join(paths[0])} in {source}", items=keys)]


def _rows(source: str, text: str) -> list[dict[str, str]] | None:
    """A CSV's rows, or a JSON list of objects (at the top, or the one list of a one-key
    object) as rows of their plain fields."""
    if parsed := table(source, text):
        return [dict(zip(parsed[0], r, strict=True)) for r in parsed[1]]
    data = _parsed(source, text) if source.lower().endswith(".json") else None
    if isinstance(data, dict) and len(data) == 1:
        data = next(iter(data.values()))
    if not isinstance(data, list) or not data or not all(isinstance(r, dict) for r in data):
        return None
    return [{str(k): shown(v) for k, v in r.items() if not isinstance(v, (dict, list))}
            for r in data]


def record_field(task: str, source: str, text: str, names: list[str],
                 answer_words: set[str]) -> list[Expected]:
    """The field the task names of the one record its other words name by that record's
    other values ("the tracking number of the blue kettle"): one field whose words the task
    says, one record whose other values hold more of the task's words than any other's, and
    every word of the task accounted for by the field, that record and the source's name."""
    rows = _rows(source, text)
    said = _said(task, names)
    if not rows or len(rows) < 2:
        return []
    fields = list(dict.fromkeys(k for r in rows for k in r))
    asked = [f for f in fields if words(f) and set(words(f)) <= said | answer_words
             and set(words(f)) & said]
    if len(asked) != 1:
        return []
    field = asked[0]
    held = [{w for k, v in r.items() if k != field for w in words(v)} & said for r in rows]
    best = max(len(h) for h in held)
    if best == 0 or [len(h) for h in held].count(best) != 1:
        return []
    row = rows[[len(h) for h in held].index(best)]
    value = row.get(field, "")
    stem = words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    if not value or unexplained(said, {*words(field), *held[[len(h) for h in held].index(best)],
                                       *stem, *answer_words}):
        return []
    return [Expected(f"the {field} of the record of {source} that holds "
                     f"{', '.join(sorted(held[[len(h) for h in held].index(best)]))}", value)]


def pinned(task: str, source: str, text: str, names: list[str],
           answer_words: set[str]) -> list[Expected]:
    """The version the one package the task names is pinned to in a requirements text
    (``datatypes.pins``), without its operator, when the task asks for a version."""
    found = pins(text)
    said = _said(task, names)
    packages = [p for p in found if re.search(rf"(?<![\w.-]){re.escape(p)}(?![\w-])", task,
                                              re.IGNORECASE)]
    if len(packages) != 1 or not said & {"version", "versions", "pinned", "pin"}:
        return []
    stem = words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    if unexplained(said, {*_VERSION_WORDS, *words(packages[0]), *stem, *answer_words}):
        return []
    return [Expected(f"the version {packages[0]} is pinned to in {source}",
                     found[packages[0]])]


#: words that ask how many items a list holds
_COUNT_WORDS = {"how", "many", "count", "number", "entries", "entry", "items", "item",
                "elements", "element", "list", "array", "total", "are", "there", "in", "on",
                "defined", "declared", "define", "defines", "declare", "declares", "object",
                "section", "map", "keys", "key"}


def list_count(task: str, source: str, text: str, names: list[str],
               answer_words: set[str]) -> list[Expected]:
    """How many items the one list or object below the top the task names holds ("how many
    entries are in the members list", "how many services are defined"), every other word
    one of counting or of the names."""
    paths = named_objects(task, source, text, names, kind=(dict, list))
    if len(paths) != 1:
        return []
    data = _parsed(source, text)
    for part in paths[0]:
        data = data[part]
    stem = words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    if unexplained(_said(task, names) | answer_words,
                   {*_COUNT_WORDS, *stem, *words(paths[0][-1])}):
        return []
    return [Expected(f"the count of {'/'.join(paths[0])} in {source}", str(len(data)))]
