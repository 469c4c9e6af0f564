"""A pydantic model's JSON, as ``model_dump_json()`` writes it, with a third of the work.

The agent store writes about eight models a step (the agent, the episode twice, the model
call, new prompt messages); pydantic's own serializer spends most of its time per model, not
per byte. ``orjson`` writes a plain model from its field values instead: the same JSON
value, key order and escapes. Floats are the one difference in text (``2.5e-05`` where
pydantic writes ``0.000025``): the same number when read back.

A model is plain when it has no aliases, serializers, computed fields, extra fields or
JSON settings of its own, and derives from ``BaseModel`` directly (a field declared as a
base model but holding a subclass is written by pydantic as the base: not plain). Anything
else goes to pydantic: other models, dictionaries with keys that are not strings, integers
past 64 bits; values orjson does not know (dates, paths, sets …) are converted by pydantic.
A lone surrogate (an undecodable byte of a file name), which neither can write, is written
escaped as a listing shows it (``fstree.unsurrogated``).
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

import orjson
import pydantic_core
from pydantic import BaseModel

from autonomo.tools.fstree import unsurrogated

#: per model class, the fields its JSON leaves out and how many it has; None: not plain
_PLAIN: dict[type, tuple[frozenset[str], int] | None] = {}
_OPTIONS = (orjson.OPT_PASSTHROUGH_DATETIME
            | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS)


#: a lone surrogate, as ``repr`` writes it
_SURROGATE = re.compile(r"\\ud[89a-f][0-9a-f]{2}")


class _NotPlain(Exception):
    """Raised inside orjson's ``default``: the model goes to pydantic."""


def model_json(model: BaseModel, exclude: frozenset[str] = frozenset()) -> str:
    """``model.model_dump_json(exclude=exclude)``: the same JSON value (see the module's
    docstring); ``exclude`` names top-level fields to leave out."""
    try:
        if exclude:
            fields = {k: v for k, v in _fields(model).items() if k not in exclude}
            return orjson.dumps(fields, default=_fields, option=_OPTIONS).decode()
        return orjson.dumps(model, default=_fields, option=_OPTIONS).decode()
    except (_NotPlain, orjson.JSONEncodeError, TypeError):
        serializer = type(model).__pydantic_serializer__
        try:
            return serializer.to_json(model, exclude=set(exclude) or None).decode()
        except pydantic_core.PydanticSerializationError:
            if not _SURROGATE.search(repr(model)):
                raise
            # a lone surrogate (an undecodable byte of a file name, in a refusal or a
            # verdict): UTF-8 has no form for it; the record keeps it escaped (``shown``)
            dumped = model.model_dump(mode="json", exclude=set(exclude) or None)
            return orjson.dumps(_unsurrogated(dumped)).decode()


def _unsurrogated(value: Any) -> Any:
    if isinstance(value, str):
        return unsurrogated(value)
    if isinstance(value, dict):
        return {_unsurrogated(k): _unsurrogated(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unsurrogated(v) for v in value]
    return value


def _fields(value: Any) -> Any:
    """orjson's ``default``: a plain model's field values; anything else as pydantic would
    write it in JSON."""
    cls = type(value)
    try:
        plain = _PLAIN[cls]
    except KeyError:
        if not isinstance(value, BaseModel):
            if isinstance(value, Enum):
                return value.value
            if isinstance(value, str | int | float | dict | list):  # a subclass
                raise _NotPlain from None
            return pydantic_core.to_jsonable_python(value)
        plain = _PLAIN[cls] = _plain(cls)
    fields = value.__dict__
    # not plain, extra fields, or more in __dict__ than fields (a cached property)
    if plain is None or value.__pydantic_extra__ or len(fields) != plain[1]:
        raise _NotPlain
    if plain[0]:
        fields = dict(fields)
        for name in plain[0]:
            del fields[name]
    return fields


def _plain(cls: type[BaseModel]) -> tuple[frozenset[str], int] | None:
    decorators = cls.__pydantic_decorators__
    config = cls.model_config
    plain = (
        cls.__bases__ == (BaseModel,)
        and not cls.__pydantic_computed_fields__
        and not decorators.field_serializers and not decorators.model_serializers
        and not any(key.startswith("ser") or key in ("json_encoders", "use_enum_values")
                    for key in config)
        and all(f.alias is None and f.serialization_alias is None
                for f in cls.model_fields.values())
    )
    if not plain:
        return None
    return (frozenset(name for name, f in cls.model_fields.items() if f.exclude),
            len(cls.model_fields))
