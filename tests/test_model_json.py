"""``model_json`` writes what ``model_dump_json`` writes: the same text for everything but
float notation (the same number), and pydantic's own text for any model that is not plain."""

from __future__ import annotations

import datetime as dt
import decimal
import enum
import json
import uuid
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field, computed_field, field_serializer

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.llm.types import Completion, Message, ToolCall, Usage
from autonomo.storage.model_json import model_json
from autonomo.tools.registry import CommandResult

ODD = "".join(map(chr, range(0x80))) + ' quote " backslash \\ \u2028\u2029 é 😀 \ufeff'


class Colour(enum.Enum):
    RED = "red"


class Level(enum.IntEnum):
    HIGH = 3


class Free(BaseModel):
    anything: Any = None
    more: dict[str, Any] = Field(default_factory=dict)


def same_text(model: BaseModel) -> None:
    assert model_json(model) == model.model_dump_json()


@pytest.mark.parametrize("model", [
    Message.user(ODD),
    Message.tool(ODD, tool_call_id="call_1", name="lookup"),
    Message.assistant("", tool_calls=[ToolCall(id="c", name="n", arguments={"a": [1, ODD]})]),
    Completion(text=ODD, usage=Usage(prompt_tokens=3, cost=0.25, calls=1), latency_s=1.5),
    Episode(number=2, action=Action(name="x", arguments={"n": 1, "s": ODD, "l": [None, True]},
                                    thoughts={"plan": ODD}, raw=ODD, prompt=ODD),
            result=CommandResult(status="success", output=ODD, data={"k": {"deep": [1, 2]}})),
    AgentState(tasks=[ODD], workspace=ODD, condensed=[ODD], budget=2.0),
    Free(anything={1: "int key", 2.5: "float key", None: "none key"}),
    Free(anything={True: "bool key"}),
    Free(anything=(1, (2, 3)), more={"colour": Colour.RED, "level": Level.HIGH}),
    Free(anything=[dt.datetime(2026, 11, 24, 1, 2, 3, tzinfo=dt.UTC), dt.date(2026, 1, 2),
                   dt.time(4, 5), dt.timedelta(seconds=90)]),
    Free(anything=[Path("/a/b"), b"bytes", uuid.UUID(int=7), decimal.Decimal("1.10"),
                   {3, 1, 2}, frozenset()]),
    Free(anything=2**70, more={"neg": -(2**64)}),  # past 64 bits: pydantic writes it
    Free(anything=[float("nan"), float("inf"), -0.0, 1.0, 0.25, 1e16]),
])
def test_the_same_text(model):
    same_text(model)


def test_floats_are_the_same_numbers():
    model = Completion(latency_s=2.5e-05, usage=Usage(cost=1.2345678901234567e-12))
    assert json.loads(model_json(model)) == json.loads(model.model_dump_json())


def test_an_excluded_field_is_left_out_and_fields_keep_their_order():
    state = AgentState.model_validate({"tasks": ["t"], "id": "abc", "status": "running"})
    state.episodes = [Episode(number=1, action=Action(name="x"))]
    same_text(state)
    assert "episodes" not in json.loads(model_json(state))
    assert list(json.loads(model_json(state))) == [
        name for name in AgentState.model_fields if name != "episodes"]


class Aliased(BaseModel):
    name: str = Field("a", serialization_alias="Name")


class Computed(BaseModel):
    x: int = 1

    @computed_field
    @property
    def double(self) -> int:
        return 2 * self.x


class Serialised(BaseModel):
    when: int = 5

    @field_serializer("when")
    def _when(self, value: int) -> str:
        return f"at {value}"


class Extra(BaseModel):
    model_config = ConfigDict(extra="allow")
    a: int = 1


class Cached(BaseModel):
    a: int = 1

    @cached_property
    def twice(self) -> int:
        return 2 * self.a


class Base(BaseModel):
    a: int = 1


class Derived(Base):
    b: int = 2


class Holder(BaseModel):
    inner: Base


@pytest.mark.parametrize("make", [
    Aliased, Computed, Serialised, lambda: Extra(a=1, b=2),
    lambda: Holder(inner=Derived()),  # declared as the base: pydantic writes the base's fields
    lambda: Free(anything=Derived()), lambda: Free(anything=Holder(inner=Derived())),
])
def test_models_that_are_not_plain_are_written_by_pydantic(make):
    same_text(make())


def test_a_cached_property_does_not_reach_the_json():
    model = Cached()
    assert model.twice == 2
    same_text(model)


def test_a_lone_surrogate_is_written_escaped_where_pydantic_fails():
    """(a refusal naming a file whose name is not UTF-8 crashed the run's record)"""
    with pytest.raises(Exception):  # noqa: B017 (pydantic's own error type)
        Message.user("\ud800\udcff").model_dump_json()
    assert json.loads(model_json(Message.user("\ud800\udcff")))["content"] == "\\ud800\\xff"
