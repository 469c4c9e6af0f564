"""ModelWrapper: one method (``wrap``) sees plain, async and streamed calls alike."""

from __future__ import annotations

import pytest

from autonomo import ChatModel, Completion, Message, ScriptedModel
from autonomo.llm.types import ChatRequest
from autonomo.llm.wrapper import ModelWrapper

HI = [Message.user("hi")]


class Log(ModelWrapper):
    def __init__(self, inner):
        super().__init__(inner)
        self.seen: list[tuple[str, bool, str]] = []

    def wrap(self, request):
        self.seen.append(("before", request.stream, request.messages[-1].content))
        try:
            completion = yield
        except RuntimeError:
            self.seen.append(("failed", request.stream, ""))
            raise
        self.seen.append(("after", request.stream, completion.text))
        return completion


class Cache(ModelWrapper):
    """Answers a repeated prompt without the model."""

    def __init__(self, inner):
        super().__init__(inner)
        self.answers: dict[str, Completion] = {}

    def wrap(self, request):
        key = request.messages[-1].content
        if key in self.answers:
            return self.answers[key]
        self.answers[key] = yield
        return self.answers[key]


async def test_plain_async_and_streamed_calls_go_through_wrap():
    inner = ScriptedModel(["one", "two", "three streamed"], name="inner", context_window=99)
    model = Log(inner)
    assert (model.name, model.context_window, model.supports_tools) == ("inner", 99, True)
    assert model.complete(HI).text == "one"
    assert (await model.acomplete(HI)).text == "two"
    assert "".join(model.stream(HI)) == "three streamed"
    assert model.last_completion.text == "three streamed"
    assert model.seen == [("before", False, "hi"), ("after", False, "one"),
                          ("before", False, "hi"), ("after", False, "two"),
                          ("before", True, "hi"), ("after", True, "three streamed")]


def test_a_wrapper_may_answer_without_the_inner_model():
    inner = ScriptedModel(["fresh"])
    model = Cache(inner)
    assert model.complete(HI).text == "fresh"
    assert model.complete(HI).text == "fresh"
    assert list(model.stream(HI)) == ["fresh"]
    assert len(inner.calls) == 1


def test_the_inner_error_reaches_the_wrapper_and_the_caller():
    class Broken(ChatModel):
        def call(self, request: ChatRequest) -> Completion:
            raise RuntimeError("down")

    model = Log(Broken())
    with pytest.raises(RuntimeError, match="down"):
        model.complete(HI)
    assert model.seen[-1] == ("failed", False, "")


def test_an_older_model_that_overrides_complete_still_works_wrapped():
    class Old(ChatModel):
        def complete(self, messages, **options):
            return Completion(text=f"old:{options.get('max_tokens')}")

    assert Log(Old()).complete(HI, max_tokens=7).text == "old:7"
    with pytest.raises(NotImplementedError):
        ChatModel().complete(HI)
