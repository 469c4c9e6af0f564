"""Likelihood choice on the embedded model, for real (short: one prompt, a few options)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from autonomo.errors import UserError
from autonomo.llm.types import ChatRequest, Message

pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/setup.sh)")

from autonomo.llm.local import LlamaCppModel
from autonomo.llm.local_scoring import Tokens, TrieScorer, token_logprobs
from autonomo.llm.local_weights import default_model_path
from test_choice import SCHEMA

pytestmark = pytest.mark.embedded

MESSAGES = [Message.system("You are an agent. Reply with one JSON command."),
            Message.user("parking.txt - write B-14 in it, nothing else")]


@pytest.fixture(scope="module")
def model() -> LlamaCppModel:
    try:
        default_model_path()
    except UserError as exc:
        pytest.skip(str(exc))
    llm = LlamaCppModel(n_ctx=1024, seed=0, temperature=0.0)
    yield llm
    llm.close()


def test_trie_scores_equal_one_by_one_scores(model: LlamaCppModel) -> None:
    llm = model._load()
    prompt = model._prompt_tokens(model.render(MESSAGES))
    texts = ['{"content": "B-14"}', '{"content": "nothing else"}', '{"path": "parking.txt"}']
    seqs = [model.tokenize(t) for t in texts]
    model._prefill(llm, prompt)
    last = np.array(np.ctypeslib.as_array(llm._ctx.get_logits_ith(-1), shape=(llm.n_vocab(),)))
    scorer = TrieScorer(Tokens.of(llm), last)
    together = scorer.score(seqs)
    assert llm.n_tokens == len(prompt)  # cut back to the prompt
    assert scorer.tokens.evaluated < sum(len(s) for s in seqs)  # shared tokens run once
    for seq, got in zip(seqs, together, strict=True):
        model._prefill(llm, prompt)
        rows = Tokens.of(llm).eval(seq)
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
    # a second context on the same weights (the prior's) scores alike, and a prefill of
    # the same prompt again runs only its last token
    other = Tokens.beside(llm, 512)
    try:
        beside = TrieScorer(other, other.prefill(prompt)).score(seqs)
        for got, want in zip(beside, together, strict=True):
            assert got == pytest.approx(want, abs=0.3)
        before = other.evaluated
        other.prefill(prompt)
        assert other.evaluated == before + 1 and other.n_tokens == len(prompt)
    finally:
        other.close()


def test_likelihood_choice_picks_the_whole_value_and_stays_valid(model: LlamaCppModel) -> None:
    request = ChatRequest.of(MESSAGES, schema=SCHEMA, temperature=0)
    model.choice, model.choice_prior = "greedy", 0.0
    greedy = json.loads(model.call(request).text)
    model.choice, model.choice_prior = "argument", 1.0
    chosen = model.call(request)
    assert json.loads(chosen.text) == {
        "command": {"name": "write_file", "args": {"path": "parking.txt", "content": "B-14"}}}
    assert chosen.usage.completion_tokens == model.count_tokens(chosen.text)
    # greedy decoding of the same prompt committed to another command by its first token
    assert greedy["command"]["name"] == "finish"
    # a reply with free text after the chosen part is finished by the grammar, still valid
    free = {"type": "object", "properties": {
        "path": {"enum": ["notes.txt", "parking.txt"]},
        "note": {"type": "string", "pattern": "^[A-Za-z0-9 -]{1,20}$"}},
        "required": ["path", "note"], "additionalProperties": False}
    for prior in (0.0, 1.0):
        model.choice_prior = prior
        data = json.loads(model.call(ChatRequest.of(MESSAGES, schema=free, temperature=0)).text)
        assert data["path"] == "parking.txt" and 1 <= len(data["note"]) <= 20
    model.choice, model.choice_prior = "greedy", 0.0
