"""Model calls' prompts as the agent store keeps them: each message once per agent.

A prompt repeats the one before it and adds two or three messages. A call's row
(``model_calls.prompt``) holds a JSON list in the prompt's order: a message this agent's
calls have not stored yet is its JSON object; one they have is ``[call id, position]``, the
row and place where it was first stored. So a step writes its new messages inside the call's
row, appended like the row itself: no table of messages with a random hash index (one more
page written a step) and no digests to compute.

A reference only ever points to a call of the same agent, written before (or with) it:
deleting an agent deletes all its calls at once, and two processes writing calls for one
agent each point to rows they committed. Rows written before migration ``m003`` name
content-addressed rows of ``messages`` (``message_hashes``); they are still read.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Sequence
from typing import Any

from autonomo.llm.types import Message
from autonomo.storage.model_json import model_json

#: entries kept per map before it starts afresh (then messages are stored again, once)
_MAX_ENTRIES = 50_000

#: a message a row stores: its key, its position in the row's prompt, the message
Fresh = tuple[Hashable, int, Message]


class PromptWriter:
    """Turns a prompt into its stored JSON, remembering per agent what committed rows hold."""

    def __init__(self) -> None:
        #: per agent: message key -> its reference, ``"[call id,position]"``, once committed
        self._refs: dict[str, dict[Hashable, str]] = {}
        #: per agent: id(message) -> (the message, its committed reference): the prompt
        #: builder reuses its message objects from step to step
        self._known: dict[str, dict[int, tuple[Message, str]]] = {}
        #: id(message) -> (the message, its key): a plain message (role and content only) is
        #: keyed by those, since the prompt repeats the last result as a new object; any
        #: other by its JSON
        self._keys: dict[int, tuple[Message, Hashable]] = {}

    def encode(self, agent_id: str, messages: Sequence[Message],
               pending: dict[Hashable, str]) -> tuple[str, list[Fresh]]:
        """The prompt's JSON, referring to messages stored before (committed, or in
        ``pending``: earlier calls of this transaction); and the messages stored in it (key,
        position, message), to pass to ``stored`` once the row has its id."""
        known = self._known.setdefault(agent_id, {})
        refs = self._refs.get(agent_id, {})
        parts, fresh = [], []
        for position, message in enumerate(messages):
            hit = known.get(id(message))
            if hit is not None and hit[0] is message:
                parts.append(hit[1])
                continue
            key, data = self._key(message)
            ref = refs.get(key)
            if ref is not None:
                known[id(message)] = (message, ref)
            else:
                ref = pending.get(key)
            if ref is None:
                parts.append(data if data is not None else model_json(message))
                fresh.append((key, position, message))
            else:
                parts.append(ref)
        if len(known) > _MAX_ENTRIES:
            known.clear()
        return "[" + ",".join(parts) + "]", fresh

    def _key(self, message: Message) -> tuple[Hashable, str | None]:
        cached = self._keys.get(id(message))
        if cached is not None and cached[0] is message:
            return cached[1], None
        if message.tool_calls or message.tool_call_id is not None or message.name is not None:
            data = model_json(message)
            key: Hashable = data
        else:
            key, data = (message.role, message.content), None
        if len(self._keys) > _MAX_ENTRIES:
            self._keys.clear()
        self._keys[id(message)] = (message, key)
        return key, data

    @staticmethod
    def stored(call_id: int, fresh: list[Fresh], pending: dict[Hashable, str],
               objects: list[tuple[Message, str]]) -> None:
        """The messages ``encode`` put in call ``call_id``'s row, to ``pending`` (by key)
        and ``objects`` (the message objects)."""
        for key, position, message in fresh:
            ref = pending.setdefault(key, f"[{call_id},{position}]")
            objects.append((message, ref))

    def committed(self, agent_id: str, pending: dict[Hashable, str],
                  objects: list[tuple[Message, str]]) -> None:
        """``pending``'s rows are committed: later prompts may refer to them."""
        if pending:
            refs = self._refs.setdefault(agent_id, {})
            if len(refs) > _MAX_ENTRIES:
                refs.clear()
            refs.update(pending)
            known = self._known.setdefault(agent_id, {})
            for message, ref in objects:
                known[id(message)] = (message, ref)

    def forget(self, agent_id: str) -> None:
        """The agent's calls are gone (deleted)."""
        self._refs.pop(agent_id, None)
        self._known.pop(agent_id, None)


def read_calls(db: Any, agent_id: str) -> list[dict[str, Any]]:
    """Every model call of an agent, with its full prompt, oldest first (``db`` is the
    store's ``Database``)."""
    calls = []
    prompts: dict[int, list[Any]] = {}
    legacy: dict[str, Any] = {}
    for call_id, step, purpose, model, hashes, prompt, options, response, created in db.query(
        "select id, step, purpose, model, message_hashes, prompt, options, response,"
        " created_at from model_calls where agent_id = ? order by id", (agent_id,)
    ):
        if prompt is None:  # written before m003: digests of ``messages`` rows
            messages = [_legacy_message(db, digest, legacy) for digest in json.loads(hashes)]
        else:
            messages = [_resolve(db, item, prompts, call_id) for item in json.loads(prompt)]
        prompts[call_id] = messages
        calls.append({
            "step": step, "purpose": purpose, "model": model, "created_at": created,
            "messages": messages, "options": json.loads(options),
            "response": json.loads(response),
        })
    return calls


def _resolve(db: Any, item: Any, prompts: dict[int, list[Any]], call_id: int) -> Any:
    if not isinstance(item, list):
        return item
    target, position = item
    if target not in prompts:  # not this agent's (should not happen): read it on its own
        rows = db.query("select prompt from model_calls where id = ?", (target,))
        if not rows or rows[0][0] is None:
            raise ValueError(f"model call {call_id} refers to message {position} of call "
                             f"{target}, which is not stored")
        prompts[target] = [_resolve(db, i, prompts, target) for i in json.loads(rows[0][0])]
    return prompts[target][position]


def _legacy_message(db: Any, digest: str, cache: dict[str, Any]) -> Any:
    if digest not in cache:
        row = db.query("select data from messages where hash = ?", (digest,))
        cache[digest] = json.loads(row[0][0])
    return cache[digest]
