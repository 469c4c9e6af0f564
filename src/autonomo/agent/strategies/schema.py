"""JSON schemas of responses, tight enough that a small model decodes valid commands."""

from __future__ import annotations

import copy
from typing import Any

from autonomo.agent.strategies.grounding import Situation
from autonomo.agent.strategies.narrowing import ground
from autonomo.tools.grounding import GROUNDED_KEY
from autonomo.tools.registry import Command, CommandRegistry

#: caps for compact mode: a string argument named like a body gets more room
_SHORT_STRING = 80
_LONG_STRING = 300
#: the characters of a small model's short free texts: words, numbers, a little punctuation
#: (no dot: a 135M model's made-up "finish_copy_to_notes.txt" reads as a file it claims)
_PLAIN_WORDS = "[A-Za-z0-9 ,;:'!?()-]"
_LONG_NAMES = {"content", "code", "text", "body", "message", "prompt", "task", "answer"}


def restoring(schema: dict[str, Any]) -> tuple[str, str, str] | None:
    """(source, destination, overwrite) parameters of a copy's schema: a file the task names
    copied to a new file, that may replace the destination (``copy_file``); else None."""
    props = schema.get("properties", {})
    kinds = {props[k].get(GROUNDED_KEY): k for k in props if isinstance(props[k], dict)}
    flag = [k for k, p in props.items() if isinstance(p, dict) and p.get("type") == "boolean"
            and k == "overwrite"]
    if "named_file" in kinds and "new_file" in kinds and flag:
        return kinds["named_file"], kinds["new_file"], flag[0]
    return None


def tighten(schema: dict[str, Any], *, compact: bool,
            where: Situation | None = None) -> dict[str, Any]:
    """A copy of an arguments schema with titles/defaults dropped and, if compact, caps added
    and grounded parameters narrowed to ``where`` (their marks dropped otherwise); a copy
    over a damaged file the task names, from its kept twin (``Situation.restores``), as
    the one variant that may overwrite."""
    keys = restoring(schema) if compact and where is not None and where.restores else None
    schema = copy.deepcopy(schema)
    schema.pop("title", None)
    if compact:  # a small model fills optional parameters with noise (max_lines=10**15)
        required = set(schema.get("required", []))
        # (arguments the task states are kept: "call convert.py with 30")
        stated = [k for k, v in schema.get("properties", {}).items()
                  if isinstance(v, dict) and v.get(GROUNDED_KEY) == "program_arguments"
                  and where is not None and where.arguments]
        schema["properties"] = {k: v for k, v in schema.get("properties", {}).items()
                                if k in required or k in stated}
        if stated:
            schema["required"] = [*schema.get("required", []), *stated]
    for name, prop in schema.get("properties", {}).items():
        prop.pop("title", None)
        prop.pop("default", None)
        if compact and prop.get("type") == "string" and "maxLength" not in prop:
            if name in _LONG_NAMES or GROUNDED_KEY in prop:
                prop["maxLength"] = _LONG_STRING if name in _LONG_NAMES else _SHORT_STRING
            else:  # a short free text (finish's reason): plain words, no file name to make up
                prop["pattern"] = f"^{_PLAIN_WORDS}{{0,{_SHORT_STRING}}}$"
    schema.setdefault("additionalProperties", False)
    grounded = ground(schema, where if compact else None)
    if keys is None or where is None:
        return grounded
    source, destination, overwrite = keys
    restores = [{"type": "object", "additionalProperties": False,
                 "properties": {source: {"enum": [kept]}, destination: {"enum": [damaged]},
                                overwrite: {"const": True}},
                 "required": [source, destination, overwrite]}
                for kept, damaged in where.restores]
    variants = [grounded, *restores] if where.values("new_file") else restores
    return variants[0] if len(variants) == 1 else {"anyOf": variants}


def command_call_schema(cmd: Command, *, compact: bool, name_key: str = "name",
                        args_key: str = "args", name: str | None = None,
                        where: Situation | None = None) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            name_key: {"const": name or cmd.name},
            args_key: tighten(cmd.parameters_schema(), compact=compact, where=where),
        },
        "required": [name_key, args_key],
        "additionalProperties": False,
    }


FULL_THOUGHTS = ("observations", "text", "reasoning", "self_criticism", "plan", "speak")
COMPACT_THOUGHTS = ("reasoning",)


def thoughts_schema(*, compact: bool) -> dict[str, Any]:
    fields = COMPACT_THOUGHTS if compact else FULL_THOUGHTS
    limit = 100 if compact else 1000
    return {
        "type": "object",
        "properties": {f: {"type": "string", "maxLength": limit} for f in fields},
        "required": list(fields),
        "additionalProperties": False,
    }


def one_shot_schema(commands: CommandRegistry, *, compact: bool,
                    where: Situation | None = None) -> dict[str, Any]:
    """Thoughts, then the command; a small model writes the command only (measured: it
    picks the right command and arguments more often while the task is freshest, and its
    "reasoning" was a copy of the command's name — tokens decoded for nothing)."""
    properties = {
        "thoughts": thoughts_schema(compact=compact),
        "command": {"anyOf": [command_call_schema(c, compact=compact, where=where)
                             for c in commands]},
    }
    order = ["command"] if compact else ["thoughts", "command"]
    return {
        "type": "object",
        "properties": {key: properties[key] for key in order},
        "required": order,
        "additionalProperties": False,
    }


THOUGHT_DESCRIPTIONS = {
    "observations": "what the last result tells you",
    "text": "your thought",
    "reasoning": "why this command is the right next step",
    "self_criticism": "what could go wrong or be done better",
    "plan": "a short bulleted list of the next steps",
    "speak": "a one-line update for the user",
}
