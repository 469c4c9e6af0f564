"""Log-likelihoods of candidate continuations on llama.cpp, over the prompt's KV cache.

The candidates of one decision share most of their tokens (``{"command": {"name": "``, the
command of several paths, ...). They are scored as a token trie, depth first: each shared
run of tokens is evaluated once, in one batch that keeps the logits of every position, and
the cache is cut back to the branch point before the next branch. A decision of 40 options
of ~15 tokens costs a few hundred batched tokens, not 600 sequential ones.
"""

from __future__ import annotations

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
    """A llama.cpp context and the tokens in its cache: the ``Llama`` object's own (its
    ``input_ids``/``n_tokens`` kept up to date), or a context of our own on the same
    weights (``Tokens.beside``)."""

    def __init__(self, ctx: Any, batch: Any, n_batch: int, n_vocab: int,
                 llm: Llama | None = None) -> None:
        self.ctx, self.batch, self.n_batch, self.n_vocab, self.llm = (
            ctx, batch, n_batch, n_vocab, llm)
        self.ids: list[int] = []
        self.evaluated = 0  # tokens run through the model, for the record

    @classmethod
    def of(cls, llm: Llama) -> Tokens:
        return cls(llm._ctx, llm._batch, llm.n_batch, llm.n_vocab(), llm)

    @classmethod
    def beside(cls, llm: Llama, n_ctx: int) -> Tokens:
        """A second, smaller context on ``llm``'s weights (its own KV cache)."""
        import llama_cpp
        from llama_cpp._internals import LlamaBatch, LlamaContext

        params = llama_cpp.llama_context_default_params()
        for name, _ in params._fields_:  # the main context's settings (the scalar ones)
            value = getattr(llm.context_params, name)
            if isinstance(value, int | float | bool):
                setattr(params, name, value)
        params.n_ctx = n_ctx
        params.n_batch = params.n_ubatch = min(llm.n_batch, n_ctx)
        ctx = LlamaContext(model=llm._model, params=params, verbose=False)
        batch = LlamaBatch(n_tokens=params.n_batch, embd=0, n_seq_max=1, verbose=False)
        return cls(ctx, batch, params.n_batch, llm.n_vocab())

    def close(self) -> None:
        if self.llm is None:
            self.batch.close()
            self.ctx.close()

    @property
    def n_tokens(self) -> int:
        return self.llm.n_tokens if self.llm is not None else len(self.ids)

    def eval(self, tokens: Sequence[int]) -> np.ndarray:
        """Run ``tokens`` after the cache, keeping the logits of every position."""
        rows = []
        for start in range(0, len(tokens), self.n_batch):
            chunk = list(tokens[start:start + self.n_batch])
            n_past = self.n_tokens
            self.batch.set_batch(batch=chunk, n_past=n_past, logits_all=True)
            self.ctx.decode(self.batch)
            logits = np.ctypeslib.as_array(self.ctx.get_logits(),
                                           shape=(len(chunk), self.n_vocab))
            rows.append(np.array(logits, dtype=np.float32))
            if self.llm is not None:
                self.llm.input_ids[n_past:n_past + len(chunk)] = chunk
                self.llm.n_tokens += len(chunk)
            else:
                self.ids += chunk
        self.evaluated += len(tokens)
        return np.concatenate(rows)

    def cut(self, pos: int) -> None:
        """Forget the cache from position ``pos`` on."""
        if self.n_tokens > pos:
            self.ctx.kv_cache_seq_rm(-1, pos, -1)
            if self.llm is not None:
                self.llm.n_tokens = pos
            else:
                del self.ids[pos:]

    def prefill(self, tokens: Sequence[int]) -> np.ndarray:
        """Bring the cache to ``tokens`` (reusing what it shares with them); the logits
        after the last one."""
        keep = min(common_prefix([self.ids, list(tokens)]), len(tokens) - 1)
        self.cut(keep)
        return self.eval(tokens[keep:])[-1]


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
                 tokenize: Callable[[str], list[int]], normalisation: str,
                 joint: bool = False, prior: tuple[Tokens, list[int], float] | None = None,
                 ) -> tuple[Decided, int]:
    """The part of the reply to ``schema`` that likelihood choice decides (``choice.decide``),
    scored over the prompt already in ``llm``'s context; and the tokens it evaluated.

    ``prior``: (a second context, a prompt without the task, weight ``w``): each option's
    log-likelihood there, times ``w``, is taken off its score — an option the model would
    write whatever the task (a generic phrase) loses its head start over one the task makes
    likely (pointwise mutual information)."""
    if llm.n_tokens != prompt_tokens:
        raise ValueError("The prompt must be in the context before choosing.")
    main = Tokens.of(llm)
    scorer = TrieScorer(main, np.ctypeslib.as_array(llm._ctx.get_logits_ith(-1),
                                                    shape=(llm.n_vocab(),)))
    base = None
    if prior is not None:
        base = TrieScorer(prior[0], prior[0].prefill(prior[1]))

    def score(prefix: str, texts: Sequence[str], constrained: bool) -> list[list[float]]:
        seqs = [tokenize(prefix + text) for text in texts]
        shared = common_prefix(seqs)
        got = [lp[shared:] for lp in scorer.score(seqs, constrained)]
        if base is None or prior is None or constrained:
            return got
        weight = prior[2]
        general = [lp[shared:] for lp in base.score(seqs)]
        return [[a - weight * b for a, b in zip(x, y, strict=True)]
                for x, y in zip(got, general, strict=True)]

    evaluated = (prior[0].evaluated if prior is not None else 0)
    decided = decide(schema, score, normalisation=normalisation, joint=joint)
    return decided, main.evaluated + (prior[0].evaluated - evaluated if prior else 0)
