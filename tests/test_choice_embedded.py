"""Likelihood choice on the embedded model, for real (short: one prompt, a few options)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import numpy as np
import pytest

from autonomo.llm.types import ChatRequest, Message

pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/setup.sh)")
jsonschema = pytest.importorskip("jsonschema")

from autonomo.llm.local import LlamaCppModel  # noqa: E402
from autonomo.llm.local_scoring import Tokens, TrieScorer, token_logprobs  # noqa: E402
from model_helpers import embedded_model  # noqa: E402
from test_choice import SCHEMA, _command  # noqa: E402

pytestmark = pytest.mark.embedded

MESSAGES = [Message.system("You are an agent. Reply with one JSON command."),
            Message.user("parking.txt - write B-14 in it, nothing else")]


@pytest.fixture(scope="module")
def model() -> Iterator[LlamaCppModel]:
    yield from embedded_model(n_ctx=1024)


def test_trie_scores_equal_one_by_one_scores(model: LlamaCppModel) -> None:
    llm = model._load()
    prompt = model._prompt_tokens(model.render(MESSAGES))
    texts = ['{"content": "B-14"}', '{"content": "nothing else"}', '{"path": "parking.txt"}']
    seqs = [model.tokenize(t) for t in texts]
    model._prefill(llm, prompt)
    last = np.array(np.ctypeslib.as_array(llm._ctx.get_logits_ith(-1), shape=(llm.n_vocab(),)))
    scorer = TrieScorer(Tokens(llm), last)
    together = scorer.score(seqs)
    assert llm.n_tokens == len(prompt)  # cut back to the prompt
    assert scorer.tokens.evaluated < sum(len(s) for s in seqs)  # shared tokens run once
    for seq, got in zip(seqs, together, strict=True):
        model._prefill(llm, prompt)
        rows = Tokens(llm).eval(seq)
        # llama.cpp's kernels round differently for batches of other sizes (~0.1 nats
        # measured); a token off by one position would be several nats off
        assert got == pytest.approx(token_logprobs(last, rows, seq), abs=0.3)
    # as if only these sequences were allowed: the first branch renormalised over the two
    # first tokens (greedy decoding's choice), every token after it forced (0)
    pair = [model.tokenize('B-14"'), model.tokenize('nothing else"')]
    assert pair[0][0] != pair[1][0]
    free, constrained = scorer.score(pair), scorer.score(pair, constrained=True)
    assert np.exp(constrained[0][0]) + np.exp(constrained[1][0]) == pytest.approx(1.0)
    assert all(lp == 0.0 for c in constrained for lp in c[1:])
    assert (constrained[0][0] > constrained[1][0]) == (free[0][0] > free[1][0])


def test_likelihood_choice_gives_a_valid_reply_of_whole_values(model: LlamaCppModel) -> None:
    schema = {"type": "object", "properties": {"command": _command("write_file", {
        "path": {"enum": ["notes.txt", "parking.txt"]},
        "content": {"enum": ["nothing else", "B-14", "write B-14 in it"]}})},
        "required": ["command"], "additionalProperties": False}
    model.choice = "argument"
    try:
        chosen = model.call(ChatRequest.of(MESSAGES, schema=schema, temperature=0))
        assert json.loads(chosen.text) == {"command": {"name": "write_file", "args": {
            "path": "parking.txt", "content": "B-14"}}}
        assert chosen.usage.completion_tokens == model.count_tokens(chosen.text)
        # the command union of SCHEMA: a valid reply whichever command wins
        data = json.loads(model.call(ChatRequest.of(MESSAGES, schema=SCHEMA,
                                                    temperature=0)).text)
        jsonschema.validate(data, SCHEMA)
        # free text after the chosen part is finished by the grammar, still valid
        free = {"type": "object", "properties": {
            "path": {"enum": ["notes.txt", "parking.txt"]},
            "note": {"type": "string", "pattern": "^[A-Za-z0-9 -]{1,20}$"}},
            "required": ["path", "note"], "additionalProperties": False}
        data = json.loads(model.call(ChatRequest.of(MESSAGES, schema=free, temperature=0)).text)
        assert data["path"] == "parking.txt" and 1 <= len(data["note"]) <= 20
    finally:
        model.choice = "greedy"
