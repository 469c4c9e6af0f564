"""Likelihood choice over a schema's closed sets (``llm.choice``) and the scoring arithmetic
(``llm.local_scoring``), with scorers and logits given by the test."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

import numpy as np
import pytest

from autonomo.llm.choice import decide, options, remaining_schema
from autonomo.llm.local_scoring import common_prefix, log_softmax, token_logprobs


def _command(name: str, args: dict) -> dict:
    return {"type": "object",
            "properties": {"name": {"const": name},
                           "args": {"type": "object", "properties": args,
                                    "required": list(args), "additionalProperties": False}},
            "required": ["name", "args"], "additionalProperties": False}


SCHEMA = {
    "type": "object",
    "properties": {"command": {"anyOf": [
        _command("write_file", {"path": {"enum": ["parking.txt", "notes.txt"]},
                                "content": {"enum": ["nothing else", "B-14"]}}),
        _command("finish", {"reason": {"type": "string", "pattern": "^[a-z ]{0,40}$"}}),
    ]}},
    "required": ["command"], "additionalProperties": False,
}


class PreferScorer:
    """Rates an option by the words it contains: each preferred word found adds its weight;
    one log-probability per character, so lengths count as they would on a model."""

    def __init__(self, weights: dict[str, float]) -> None:
        self.weights, self.calls = weights, []

    def __call__(self, prefix: str, texts: Sequence[str],
                 constrained: bool = False) -> list[list[float]]:
        self.calls.append((prefix, list(texts)))
        out = []
        for text in texts:
            bonus = sum(w for word, w in self.weights.items() if word in text)
            out.append([-1.0] * len(text) + [bonus])
        return out


def test_a_command_is_judged_by_its_name_and_alike_variants_by_their_first_decision() -> None:
    found = options(SCHEMA["properties"]["command"])
    # judged on the name alone: the keys after it are forced, not chosen
    assert [t for t, _ in found] == ['{"name": "write_file"', '{"name": "finish"']
    # what follows is left to walk: the forced text, then the free reason
    assert found[1][1][:2] == [', "args": {"reason": ',
                               {"type": "string", "pattern": "^[a-z ]{0,40}$"}]
    # variants that read alike up to their first decision are told apart by its options
    split = {"anyOf": [
        {"type": "object", "properties": {"path": {"enum": ["a.py", "b.py"]}},
         "required": ["path"], "additionalProperties": False},
        {"type": "object", "properties": {"path": {"enum": ["c.txt"]}, "x": {"enum": [1, 2]}},
         "required": ["path", "x"], "additionalProperties": False}]}
    assert [t for t, _ in options(split)] == ['{"path": "a.py"', '{"path": "b.py"',
                                              '{"path": "c.txt", "x": 1',
                                              '{"path": "c.txt", "x": 2']


def test_decide_chooses_whole_values_and_the_text_is_valid_json() -> None:
    scorer = PreferScorer({"write_file": 20.0, "parking": 20.0, "B-14": 20.0})
    decided = decide(SCHEMA, scorer)
    assert decided.complete and remaining_schema(decided) is None
    assert json.loads(decided.text) == {
        "command": {"name": "write_file", "args": {"path": "parking.txt", "content": "B-14"}}}
    # the content was judged after the command and the path chosen
    assert scorer.calls[2] == ('{"command": {"name": "write_file", "args": {"path": '
                               '"parking.txt", "content": ', ['"nothing else"', '"B-14"'])


def test_decide_stops_at_free_text_and_says_what_is_left() -> None:
    decided = decide(SCHEMA, PreferScorer({"finish": 50.0}))
    assert decided.text == '{"command": {"name": "finish", "args": {"reason":'
    assert not decided.complete
    assert remaining_schema(decided) == {"type": "string", "pattern": "^[a-z ]{0,40}$"}
    # what the grammar decodes after it, completed by hand, is the reply the schema wants
    assert json.loads(decided.text + '"done"}}}')["command"]["name"] == "finish"


def test_a_free_schema_decides_nothing_and_one_option_asks_no_question() -> None:
    scorer = PreferScorer({})
    free = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
            "additionalProperties": False}
    assert decide(free, scorer).text == '{"a":'
    assert decide({"const": "x"}, scorer).text == '"x"'
    assert decide({"enum": ["only"]}, scorer).text == '"only"'
    # an object whose keys are not all required is not a closed text: left to the grammar
    assert options({"type": "object", "properties": {"a": {"const": 1}}}) is None
    assert scorer.calls == []


def test_variants_alike_up_to_a_decision_are_judged_once() -> None:
    twin = {"anyOf": [{"type": "object", "properties": {"p": {"enum": ["a", "b"]}},
                       "required": ["p"], "additionalProperties": False},
                      {"type": "object", "properties": {"p": {"enum": ["b", "c"]}},
                       "required": ["p"], "additionalProperties": False}]}
    scorer = PreferScorer({'"b"': 5.0})
    assert decide(twin, scorer).text == '{"p": "b"}'
    assert scorer.calls == [("", ['{"p": "a"', '{"p": "b"', '{"p": "c"'])]


def test_log_softmax_and_token_logprobs_over_given_logits() -> None:
    first = np.array([0.0, math.log(3.0), -50.0])
    rows = np.array([[math.log(1.0), math.log(1.0), math.log(2.0)],
                     [0.0, 0.0, 0.0]])
    assert np.allclose(np.exp(log_softmax(first)).sum(), 1.0)
    # token 1 first (3/4), then token 2 after it (2/4), then token 0 (1/3)
    got = token_logprobs(first, rows, [1, 2, 0])
    assert got == pytest.approx([math.log(0.75), math.log(0.5), math.log(1 / 3)], abs=1e-6)
    assert token_logprobs(first, rows, []) == []
    # huge logits do not overflow
    assert np.isfinite(log_softmax(np.array([1e6, 0.0]))).all()


def test_common_prefix() -> None:
    assert common_prefix([[1, 2, 3], [1, 2, 4], [1, 2]]) == 2
    assert common_prefix([[5], [6]]) == 0
    assert common_prefix([]) == 0


def test_command_names_are_asked_as_labels_and_values_as_whole_texts() -> None:
    asked: list[bool] = []

    def score(prefix: str, texts: Sequence[str], constrained: bool) -> list[list[float]]:
        asked.append(constrained)
        return [[-1.0 if "write_file" in t or "B-14" in t or "parking" in t else -2.0]
                for t in texts]

    decided = decide(SCHEMA, score)
    assert asked == [True, False, False]  # the command, then the path and the content
    assert [len(d) for d in decided.decisions] == [2, 2, 2]
    # a set larger than the limit is left to the grammar, not cut to its first values
    assert options({"enum": [str(i) for i in range(300)]}) is None
