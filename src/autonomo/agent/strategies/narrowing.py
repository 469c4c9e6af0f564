"""A command's schema narrowed to a step's situation: every grounded parameter takes only
the values the situation allows (paths, spans, composed texts, edits, program arguments)."""

from __future__ import annotations

import copy
from typing import Any

from autonomo.agent.strategies import compose, placing, spans
from autonomo.agent.strategies.grounding import MAX_ARGUMENTS, Situation
from autonomo.agent.strategies.pyholes import Hole
from autonomo.tools.grounding import GROUNDED_KEY, TEXT_KINDS


def ground(schema: Any, where: Situation | None) -> Any:
    """``schema`` with every grounded parameter narrowed to ``where``'s values (in place).

    Without a situation, or when no path fits, the mark is dropped and the parameter stays
    what it was. A text parameter is never free text in a situation: with no candidate it
    allows no value (``NOTHING``: the command is not offered, ``contentless``). Beside one
    path parameter it is split by the path: a composed text for a code or data file
    (``spans.FREE_TEXT_SUFFIXES``), a span otherwise."""
    if isinstance(schema, list):
        return [ground(item, where) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if where is not None and isinstance(schema.get("properties"), dict):
        split = _split_edits(schema, where) or _split_by_path(schema, where) or \
            _split_moves(schema, where)
        if split is not None:
            return split
    kind = schema.pop(GROUNDED_KEY, None)
    if kind == "program_arguments":
        if where is not None and where.arguments:
            # the values the task states, all of them in its order (a program takes its
            # arguments by position: "with 96 and 4" is [96, 4], and a 135M model gave one
            # value to a program that needs two), or one of them, or none
            # (not a list a run of the program already failed with: a 135M model ran it
            # with none, then wrote the task's number instead of trying it)
            described = {k: schema[k] for k in ("description",) if k in schema}
            lists = argument_lists(where)
            lists = [a for a in lists if tuple(a) not in where.failed_args] or lists
            schema.clear()
            schema.update(described, anyOf=[{"const": a} for a in lists])
        return schema
    if kind in TEXT_KINDS:
        values = list(where.texts) if where is not None else []
        if kind == "added_text" and where is not None:
            values = where.news(values)
        if where is not None:
            # (no candidate: no value at all, never free text: a 135M model given free text
            # for a .py file wrote its command's name, "write_file.json", into it)
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


#: what a parameter that allows no value is narrowed to
NOTHING: dict[str, Any] = {"enum": []}


def contentless(schema: Any, where: Situation) -> bool:
    """Whether ``schema`` (a command's parameters), narrowed to ``where``, allows no value:
    a required parameter with no candidate (a text to write when none is found) in every
    variant. Such a command is not offered: a grammar cannot be built for it, and a free
    text in its place is what a 135M model filled with its command's name."""
    return _empty(ground(copy.deepcopy(schema), where))


def _empty(schema: Any) -> bool:
    if not isinstance(schema, dict):
        return False
    if "anyOf" in schema:
        return all(_empty(variant) for variant in schema["anyOf"])
    if "enum" in schema and not schema["enum"]:
        return True
    props = schema.get("properties")
    if not isinstance(props, dict):
        return False
    return any(_empty(props.get(key)) for key in schema.get("required", props))


def argument_lists(where: Situation) -> list[list[str]]:
    """The argument lists a program may be given: the values the task states, all of them
    in its order, each alone, or none; only those that hold the files the task gives the
    program, when it gives some ("run q.py with data/s.txt": a 135M model ran it with none
    first, then with the file)."""
    if where.arguments_as == "line":  # (the task's own command line: as given, only)
        return [list(where.arguments)]
    stated = list(where.arguments[:MAX_ARGUMENTS])
    # (never none when the task says it gives arguments: a 135M model ran a program "with
    # the argument 'Lantern Market 2026'" bare)
    lists = [*([stated] if len(stated) > 1 else []), *([v] for v in stated),
             *([] if where.arguments_as == "given" else [[]])]
    given = {v for v in stated if v in where.files}  # (a value that is a file there)
    return [a for a in lists if given <= set(a)]


def _split_by_path(schema: dict[str, Any], where: Situation) -> dict[str, Any] | None:
    """An object with a text parameter and one path parameter as variants by path: for a
    code or data path, one of the texts composed for it (``Situation.composed``); spans for
    the other paths, and for a markdown document none was composed for (``spans.PROSE``);
    a path with none of those is not offered (None when that split does not apply)."""
    props = schema["properties"]
    texts = [k for k, p in props.items()
             if isinstance(p, dict) and p.get(GROUNDED_KEY) in TEXT_KINDS]
    paths = [k for k, p in props.items() if isinstance(p, dict)
             and p.get(GROUNDED_KEY) in ("file", "existing_file", "named_file", "removed_file")]
    if not texts or len(paths) != 1:
        return None
    values = where.values(props[paths[0]][GROUNDED_KEY])
    free = [v for v in values if spans.needs_free_text(v)]
    if not free:
        return None  # spans only: plain grounding does it
    # (paths, their text values: "spans", composed texts, or None for free text)
    groups: list[tuple[list[str], Any]] = []
    chosen = [v for v in values if not spans.needs_free_text(v)]
    kinds = {props[key][GROUNDED_KEY] for key in texts}
    for path in free:
        composed = list(dict.fromkeys([*(p for p in where.printed
                                         if len(p) <= compose.MAX_WHOLE_CHARS), *(
            t for kind in kinds for t in where.composed_for(path, kind))]))
        if composed:
            groups.append(([path], composed))
        elif path.lower().endswith(spans.PROSE):
            chosen.append(path)
    if chosen and where.texts:
        groups.insert(0, (chosen, "spans"))
    if not groups:  # no text for any path: nothing to write (never free text)
        variant = copy.deepcopy(schema)
        for key in texts:
            variant["properties"][key] = dict(NOTHING)
        variant["properties"][paths[0]] = {"enum": values}
        return variant
    variants = []
    for group, text_values in groups:
        variant = copy.deepcopy(schema)
        for key in texts:
            kind = variant["properties"][key].pop(GROUNDED_KEY)
            variant["properties"][key] = ground({GROUNDED_KEY: kind}, where) if (
                text_values == "spans") else _texts(text_values)
        variant["properties"][paths[0]] = {"enum": group}
        variants.append(ground(variant, where))
    return variants[0] if len(variants) == 1 else {"anyOf": variants}


def _texts(values: list[str]) -> dict[str, Any]:
    """One of ``values``; a text left open (``pyholes.Hole``) is its pattern instead."""
    holes = [{"type": "string", "pattern": str(v)} for v in values if isinstance(v, Hole)]
    texts = [v for v in values if not isinstance(v, Hole)]
    if not holes:
        return {"enum": texts}
    variants = [*([{"enum": texts}] if texts else []), *holes]
    return variants[0] if len(variants) == 1 else {"anyOf": variants}


def _split_edits(schema: dict[str, Any], where: Situation) -> dict[str, Any] | None:
    """An edit's object (an ``edited_file``, a ``file_text`` and a ``text`` parameter) as
    one variant per piece of a file the task may want replaced, each with what may replace
    it (``Situation.edits``); None when the object is not an edit or nothing fits."""
    props = schema["properties"]
    marks = {p.get(GROUNDED_KEY): k for k, p in props.items() if isinstance(p, dict)}
    path, old, new = marks.get("edited_file"), marks.get("file_text"), marks.get("text")
    if path is None or old is None or new is None or not where.edits:
        return None
    variants = []
    for name, pieces in where.edited():
        for piece, replacements in pieces:
            variant = copy.deepcopy(schema)
            variant["properties"][path] = {"enum": [name]}
            variant["properties"][old] = {"enum": [piece]}
            variant["properties"][new] = {"enum": list(replacements)}
            variants.append(variant)
    return variants[0] if len(variants) == 1 else {"anyOf": variants}


def _split_moves(schema: dict[str, Any], where: Situation) -> dict[str, Any] | None:
    """A copy's or a move's object (a file parameter and a ``new_file`` one) as one variant
    per source with the destinations it may take (``placing.pairs``: "every .log into
    logs/" pairs a.log with logs/a.log, never with logs/b.log, and a log already in logs/
    with nothing); None when every source takes every destination."""
    props = schema["properties"]
    marks = {p.get(GROUNDED_KEY): k for k, p in props.items() if isinstance(p, dict)}
    source = marks.get("removed_file") or marks.get("named_file") or marks.get("named_folder")
    destination = marks.get("new_file") or marks.get("new_folder")
    if source is None or destination is None or len(props) > 3:
        return None
    sources = where.values(props[source][GROUNDED_KEY])
    destinations = where.values(props[destination][GROUNDED_KEY])
    paired = placing.pairs(sources, destinations, where.named) if "new_file" in marks else {
        folder: [new for old, new in where.folder_moves if old == folder] for folder in sources}
    if not paired or all(paired.get(s) == destinations for s in sources):
        return None
    variants = []
    for name, fits in paired.items():
        variant = copy.deepcopy(schema)
        for key, values in ((source, [name]), (destination, fits)):
            described = {k: props[key][k] for k in ("description",) if k in props[key]}
            variant["properties"][key] = {**described, "enum": values}
        variants.append(ground(variant, where))
    return variants[0] if len(variants) == 1 else {"anyOf": variants}
