"""Likelihood choice: a JSON reply whose schema offers closed sets, chosen by the model's
judgement of each whole option instead of token by token.

Greedy grammar-constrained decoding commits to an option with its first token: among the
spans ``"B-14"`` and ``"nothing else"`` the one whose first token the model likes best wins,
whatever follows. Here every decision point of the schema — a ``const``, an ``enum``, the
variants of an ``anyOf`` — is expanded into its options as whole texts (a value with its
closing quote; an ``anyOf`` variant up to its own first decision: a command by its name,
or when variants read alike up to there, with the options of that decision), and a scorer
gives the log-probability of each option after the text decided so far. The best one is kept and the
walk goes on. A node that is not a closed set (free text, a number) ends the walk: the
caller decodes the rest under the grammar, after the text decided so far.

The walk is model-agnostic: ``decide`` takes a ``score(prefix, options)`` callback
(``local_scoring`` implements it on llama.cpp with the prompt's KV cache).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

#: log-probabilities of each option's tokens, after the text decided so far; the flag asks
#: for them as if only the options were allowed (``local_scoring.TrieScorer.score``)
Scorer = Callable[[str, Sequence[str], bool], Sequence[Sequence[float]]]
#: how many options one decision may have; more are judged greedily by the grammar
MAX_OPTIONS = 256


@dataclass
class Decided:
    """The outcome of a walk: the text decided, and what is left to decode (nothing: the
    text is the whole reply)."""

    text: str
    rest: list[Any] = field(default_factory=list)
    #: the options and their scores at each decision, for the record and for tests
    decisions: list[list[tuple[str, float]]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.rest


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _object_items(node: dict[str, Any]) -> list[Any] | None:
    """The pieces of a closed object's text (literals and property schemas), or None when the
    object is not one whose keys are fixed (all properties required, nothing else allowed)."""
    props = node.get("properties")
    if not isinstance(props, dict) or node.get("additionalProperties", True) is not False:
        return None
    if set(node.get("required", [])) != set(props):
        return None
    items: list[Any] = ["{"]
    for index, (key, prop) in enumerate(props.items()):
        items.append(("" if index == 0 else ", ") + _dump(key) + ": ")
        items.append(prop)
    items.append("}")
    return items


def options(node: Any, limit: int = MAX_OPTIONS) -> list[tuple[str, list[Any]]] | None:
    """The options of a node as (text, pieces still to walk after it), or None for a node
    that is not a closed choice (free text: the grammar decodes it, as it does a set of more
    than ``limit``). A single option is a literal; an object's options are those of its
    first decision."""
    if not isinstance(node, dict):
        return None
    if "const" in node:
        return [(_dump(node["const"]), [])]
    if isinstance(node.get("enum"), list):
        values = node["enum"]
        return [(_dump(v), []) for v in values] if 0 < len(values) <= limit else None
    if isinstance(node.get("anyOf"), list):
        if (heads := _heads(node["anyOf"], limit)) is not None:
            return heads
        out: list[tuple[str, list[Any]]] = []
        for variant in node["anyOf"]:
            expanded = options(variant, limit)
            if expanded is None:
                return None  # a free variant: no closed set to judge here
            out += expanded
        return out if len(out) <= limit else None
    items = _object_items(node)
    return None if items is None else _object_options(items, limit)


def _object_options(items: list[Any], limit: int,
                    head: bool = False) -> list[tuple[str, list[Any]]] | None:
    """An object's options: its text up to its first decision with each option of it, or
    with ``head`` the text up to the end of the last value before that decision (the
    key names and punctuation after it are not the model's choice: the grammar forces them,
    and how likely the model finds them says nothing about the choice)."""
    text, mark = "", 0
    items = list(items)
    while items:
        item = items.pop(0)
        if isinstance(item, str):
            text += item
            continue
        if isinstance(item, dict) and (inner := _object_items(item)) is not None:
            items = [*inner, *items]  # a closed object inside: its pieces in place
            continue
        first = options(item, limit)
        if first is None or (head and len(first) > 1):
            if head:  # free, or a decision: stop after the last value
                return [(text[:mark], [text[mark:], item, *items])]
            return [(text, [item, *items])]
        if len(first) == 1:
            text += first[0][0]
            mark = len(text)
            items = [*first[0][1], *items]
            continue
        return [(text + t, [*pending, *items]) for t, pending in first]
    return [(text, [])]


def _deciding(node: Any) -> Any:
    """The node whose options ``options(node)`` offers: ``node`` itself, or the first
    decision inside a closed object."""
    items = _object_items(node) if isinstance(node, dict) else None
    if items is None:
        return node
    while items:
        item = items.pop(0)
        if isinstance(item, str):
            continue
        if isinstance(item, dict) and (inner := _object_items(item)) is not None:
            items = [*inner, *items]
            continue
        found = options(item)
        if found is None or len(found) > 1:
            return item
        items = [*found[0][1], *items]
    return None


def _heads(variants: list[Any], limit: int) -> list[tuple[str, list[Any]]] | None:
    """The variants of an ``anyOf`` as their texts up to their own first decision (a
    command judged by its name, whatever its arguments will be: its whole probability, not
    that of its likeliest first argument), or None when one reads as the start of another."""
    heads = []
    for variant in variants:
        items = _object_items(variant) if isinstance(variant, dict) else None
        found = _object_options(items, limit, head=True) if items is not None else None
        if found is None:
            return None
        heads.append(found[0])
    texts = [t for t, _ in heads]
    alike = any(a.startswith(b) for i, a in enumerate(texts) for j, b in enumerate(texts)
                if i != j)
    return None if alike else heads


def decide(schema: dict[str, Any], score: Scorer) -> Decided:
    """Walk ``schema``, choosing at each closed decision the option ``score`` rates best
    (the sum of its tokens' log-probabilities); stop at the first free node. Options that
    are the same text (two variants' common start) are judged once; a union's variants told
    apart by a label (a command's name) are judged only where they branch."""
    result = Decided("")
    pending: list[Any] = [schema]
    while pending:
        item = pending.pop(0)
        if isinstance(item, str):
            result.text += item
            continue
        found = options(item)
        if found is None or not found:
            # the grammar's optional space is left to the model: a forced trailing space is
            # not how its tokenizer splits ``": "`` and derails what it writes next
            result.text = result.text.rstrip()
            result.rest = [item, *pending]
            return result
        if len(found) > 1:
            texts = list(dict.fromkeys(t for t, _ in found))
            if len(texts) > 1:
                # a command's name is a label: the 135M model's odds for its spelling
                # after the first token are noise (measured: "copy" was its likeliest
                # first token, "append_to_file" the likeliest whole name), so the variants
                # of a union are judged as greedy decoding would; values by their whole text
                node = _deciding(item)
                labels = node is not None and "anyOf" in node and (
                    _heads(node["anyOf"], MAX_OPTIONS) is not None)
                rated = [float(sum(lp)) for lp in score(result.text, texts, labels)]
                result.decisions.append(list(zip(texts, rated, strict=True)))
                best = texts[max(range(len(texts)), key=rated.__getitem__)]
            else:
                best = texts[0]
            # equal texts (variants alike up to here): walk on with the first of them
            found = [next(o for o in found if o[0] == best)]
        text, more = found[0]
        result.text += text
        pending = [*more, *pending]
    return result


def remaining_schema(decided: Decided) -> dict[str, Any] | None:
    """The schema of the free node the walk stopped at (None when the reply is complete)."""
    return decided.rest[0] if decided.rest and isinstance(decided.rest[0], dict) else None
