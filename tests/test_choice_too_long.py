"""Likelihood choice on the embedded model when an offered value cannot fit the reply.

A task naming a 140 KB CSV made the strategy offer the file's whole text as the one content
of ``write_file``; scoring it ran past the 4,096-token context and the run died with
``RuntimeError: llama_decode returned 1`` (after minutes). An option longer than the tokens
left for the reply is now never evaluated, and a reply that cannot fit is cut off at
max_tokens like any decoded reply (the strategy then sees an incomplete reply).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from autonomo.llm.types import ChatRequest, Message

pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/setup.sh)")

from autonomo.llm.local import LlamaCppModel
from model_helpers import embedded_model
from test_choice import _command

pytestmark = pytest.mark.embedded

MESSAGES = [Message.system("You are an agent. Reply with one JSON command."),
            Message.user("data.csv - add the row 7,Oslo to it")]
HUGE = "".join(f"{i},city{i}\n" for i in range(3000))  # ~30 KB: ~15,000 tokens


def _schema(contents: list[str]) -> dict:
    return {"type": "object", "properties": {"command": _command("write_file", {
        "path": {"enum": ["data.csv"]}, "content": {"enum": contents}})},
        "required": ["command"], "additionalProperties": False}


@pytest.fixture(scope="module")
def model() -> Iterator[LlamaCppModel]:
    yield from embedded_model(n_ctx=1024)


def test_an_option_longer_than_the_reply_is_never_chosen(model: LlamaCppModel) -> None:
    model.choice = "argument"
    try:
        reply = model.call(ChatRequest.of(MESSAGES, schema=_schema([HUGE, "7,Oslo\n"]),
                                          temperature=0, max_tokens=200))
        assert json.loads(reply.text)["command"]["args"]["content"] == "7,Oslo\n"
        cut = model.call(ChatRequest.of(MESSAGES, schema=_schema([HUGE]), temperature=0,
                                        max_tokens=200))
        assert cut.finish_reason == "length" and len(model.tokenize(cut.text)) <= 200
        assert cut.text.startswith('{"command": {"name": "write_file"')
        assert model._load().n_tokens <= model.n_ctx
    finally:
        model.choice = "greedy"
