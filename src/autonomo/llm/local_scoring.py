"""Log-likelihoods of candidate continuations on llama.cpp, over the prompt's KV cache.

The candidates of one decision share most of their tokens (``{"command": {"name": "``, the
command of several paths, ...). They are scored as a token trie, depth first: each shared
run of tokens is evaluated once, in one batch that keeps the logits of every position, and
the cache is cut back to the branch point before the next branch. A decision of 40 options
of ~15 tokens costs a few hundred batched tokens, not 600 sequential ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from autonomo.llm.choice import Decided, decide

if TYPE_CHECKING:
    from llama_cpp import Llama


def log_softmax(logits: np.ndarray) -> np.ndarray:
    """Log-probabilities of a row (or rows) of logits, computed stably in float64."""
    row = np.asarray(logits, dtype=np.float64)
    shifted = row - row.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def token_logprobs(first: np.ndarray, rows: np.ndarray, tokens: Sequence[int]) -> list[float]:
    """Log-probability of each of ``tokens``: the first from ``first`` (the logits before
    it), token ``i`` from ``rows[i - 1]`` (the logits after token ``i - 1``)."""
    if not tokens:
        return []
    out = [float(log_softmax(first)[tokens[0]])]
    if len(tokens) > 1:
        table = log_softmax(np.asarray(rows[: len(tokens) - 1]))
        out += [float(table[i, t]) for i, t in enumerate(tokens[1:])]
    return out


def common_prefix(seqs: Sequence[Sequence[int]]) -> int:
    """The length of the longest prefix all ``seqs`` share."""
    if not seqs:
        return 0
    n = min(len(s) for s in seqs)
    for i in range(n):
        first = seqs[0][i]
        if any(s[i] != first for s in seqs[1:]):
            return i
    return n


class Tokens:
    """A ``Llama`` object's context, run with the logits of every position kept; its
    ``input_ids``/``n_tokens`` kept matching the cache."""

    def __init__(self, llm: Llama) -> None:
        self.llm = llm
        self.n_vocab = llm.n_vocab()
        self.evaluated = 0  # tokens run through the model, for the record

    @property
    def n_tokens(self) -> int:
        return int(self.llm.n_tokens)

    def eval(self, tokens: Sequence[int]) -> np.ndarray:
        """Run ``tokens`` after the cache, keeping the logits of every position."""
        llm, rows = self.llm, []
        for start in range(0, len(tokens), llm.n_batch):
            chunk = list(tokens[start:start + llm.n_batch])
            n_past = llm.n_tokens
            llm._batch.set_batch(batch=chunk, n_past=n_past, logits_all=True)
            llm._ctx.decode(llm._batch)
            logits = np.ctypeslib.as_array(llm._ctx.get_logits(),
                                           shape=(len(chunk), self.n_vocab))
            rows.append(np.array(logits, dtype=np.float32))
            llm.input_ids[n_past:n_past + len(chunk)] = chunk
            llm.n_tokens += len(chunk)
        self.evaluated += len(tokens)
        return np.concatenate(rows)

    def cut(self, pos: int) -> None:
        """Forget the cache from position ``pos`` on."""
        if self.llm.n_tokens > pos:
            self.llm._ctx.kv_cache_seq_rm(-1, pos, -1)
            self.llm.n_tokens = pos


class TrieScorer:
    """Scores token sequences continuing the tokens already in a context.

    ``last`` must be the logits after the context's last token; the cache is cut back to
    where it was when scoring ends.
    """

    def __init__(self, tokens: Tokens, last: np.ndarray) -> None:
        self.tokens, self.last = tokens, np.array(last, dtype=np.float32)

    def score(self, seqs: Sequence[Sequence[int]],
              constrained: bool = False) -> list[list[float]]:
        """Each sequence's per-token log-probabilities; ``constrained``: as if only the
        sequences were allowed (at each branch the model's probabilities renormalised over
        the tokens that continue one of them; a token no other sequence could take
        instead counts 0) — greedy decoding's judgement, branch by branch."""
        out: list[list[float]] = [[] for _ in seqs]
        base = self.tokens.n_tokens
        try:
            self._walk(self.last, [(i, list(s)) for i, s in enumerate(seqs) if s], out,
                       constrained)
        finally:
            self.tokens.cut(base)
        return out

    def _walk(self, before: np.ndarray, group: list[tuple[int, list[int]]],
              out: list[list[float]], constrained: bool) -> None:
        pos = self.tokens.n_tokens
        table = log_softmax(before)
        firsts: dict[int, list[tuple[int, list[int]]]] = {}
        for index, seq in group:
            firsts.setdefault(seq[0], []).append((index, seq))
        if constrained:
            allowed = table[list(firsts)]
            table = table - (allowed.max() + np.log(np.exp(allowed - allowed.max()).sum()))
        for token, members in firsts.items():
            for index, _ in members:
                out[index].append(float(table[token]))
            longer = [(i, s[1:]) for i, s in members if len(s) > 1]
            if not longer:
                continue
            shared = common_prefix([s for _, s in longer])
            # the run: this token and what every longer member shares after it, whose
            # last logits predict the next branch (or end a member that stops there)
            run = [token, *longer[0][1][:shared]]
            rows = self.tokens.eval(run)
            for i, t in enumerate(run[1:]):
                lp = 0.0 if constrained else float(log_softmax(rows[i])[t])
                for index, _ in longer:
                    out[index].append(lp)
            rest = [(i, s[shared:]) for i, s in longer if len(s) > shared]
            if rest:
                self._walk(rows[-1], rest, out, constrained)
            self.tokens.cut(pos)


def decide_reply(llm: Llama, prompt_tokens: int, schema: dict[str, Any],
                 tokenize: Callable[[str], list[int]],
                 room: int | None = None) -> tuple[Decided, int]:
    """The part of the reply to ``schema`` that likelihood choice decides (``choice.decide``),
    scored over the prompt already in ``llm``'s context; and the tokens it evaluated.
    ``room``: the most tokens the reply may have; an option longer than that (a whole file's
    text offered for a 140 KB file) is never run through the model — it would overflow the
    context (llama_decode fails) and could not be written anyway — and rates -inf."""
    if llm.n_tokens != prompt_tokens:
        raise ValueError("The prompt must be in the context before choosing.")
    tokens = Tokens(llm)
    scorer = TrieScorer(tokens, np.ctypeslib.as_array(llm._ctx.get_logits_ith(-1),
                                                      shape=(llm.n_vocab(),)))
    limit = min(room if room is not None else llm.n_ctx(), llm.n_ctx() - prompt_tokens)

    def score(prefix: str, texts: Sequence[str], constrained: bool) -> list[list[float]]:
        seqs = [tokenize(prefix + text) for text in texts]
        shared = common_prefix(seqs)
        fits = [len(s) <= limit for s in seqs]
        scored = iter(scorer.score([s for s, ok in zip(seqs, fits, strict=True) if ok],
                                   constrained) if any(fits) else ())
        return [next(scored)[shared:] if ok else [-math.inf] for ok in fits]

    return decide(schema, score), tokens.evaluated
