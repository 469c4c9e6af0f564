"""Model calls' prompts as the agent store keeps them: each message once per agent.

A prompt repeats the one before it and adds two or three messages. A call's row
(``model_calls.prompt``) holds a JSON list in the prompt's order: a message this agent's
calls have not stored yet is its JSON object; one they have is ``[call id, position]``, the
row and place where it was first stored (by a row of the same transaction, too). So a step
writes its new messages inside the call's row, appended like the row itself: no table of
messages with a random hash index (one more page written a step) and no digests to compute.

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

#: a reference to a message stored by a row of the batch not yet committed: the row's
#: 1-based place in the batch and the message's position in its prompt
Pending = tuple[int, int]
#: a prompt as a row keeps it until it is inserted: its JSON, or (when it refers to rows of
#: its own batch) the JSON's parts, each a piece of JSON or a ``Pending`` reference
Prompt = str | list[Any]


class PromptWriter:
    """Turns a prompt into its stored JSON, remembering per agent what its rows hold.

    A batch is the calls an agent's next transaction inserts, in order (``AgentStore``
    keeps them, and its intent log has them if the process dies). A message stored by a
    row of the batch is referred to by that row's place in it until the batch is
    committed (``resolve`` writes the row's id then), and by ``[call id, position]`` after.
    """

    def __init__(self) -> None:
        #: per agent: message key -> its reference, ``"[call id,position]"``, once committed
        self._refs: dict[str, dict[Hashable, str]] = {}
        #: per agent: id(message) -> (the message, its committed reference): the prompt
        #: builder reuses its message objects from step to step
        self._known: dict[str, dict[int, tuple[Message, str]]] = {}
        #: per agent: message key -> (the message, where the batch stores it)
        self._batch: dict[str, dict[Hashable, tuple[Message, Pending]]] = {}
        #: id(message) -> (the message, its key): a plain message (role and content only) is
        #: keyed by those, since the prompt repeats the last result as a new object; any
        #: other by its JSON
        self._keys: dict[int, tuple[Message, Hashable]] = {}

    def encode(self, agent_id: str, messages: Sequence[Message], row: int) -> Prompt:
        """The prompt of the batch's ``row``-th call (1-based) as that row stores it:
        messages stored before are references, the others are stored in it."""
        known = self._known.setdefault(agent_id, {})
        refs = self._refs.get(agent_id, {})
        batch = self._batch.setdefault(agent_id, {})
        parts: list[Any] = []
        pending = False
        mine: dict[Hashable, tuple[Message, Pending]] = {}  # a row refers to earlier rows only
        for position, message in enumerate(messages):
            hit = known.get(id(message))
            if hit is not None and hit[0] is message:
                parts.append(hit[1])
                continue
            key, data = self._key(message)
            ref = refs.get(key)
            if ref is not None:
                known[id(message)] = (message, ref)
                parts.append(ref)
                continue
            stored = batch.get(key)
            if stored is not None:
                parts.append(stored[1])
                pending = True
            else:
                parts.append(data if data is not None else model_json(message))
                mine.setdefault(key, (message, (row, position)))
        batch.update(mine)
        if len(known) > _MAX_ENTRIES:
            known.clear()
        return parts if pending else "[" + ",".join(parts) + "]"

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
    def resolve(prompt: Prompt, ids: Sequence[int]) -> str:
        """A row's prompt as inserted, ``ids`` being those of the batch's rows before it."""
        if isinstance(prompt, str):
            return prompt
        return "[" + ",".join(part if isinstance(part, str) else
                              f"[{ids[part[0] - 1]},{part[1]}]" for part in prompt) + "]"

    def committed(self, agent_id: str, ids: Sequence[int]) -> None:
        """The batch (rows ``ids``, in order) is committed: later prompts refer to its
        messages by id."""
        batch = self._batch.pop(agent_id, None)
        if not batch:
            return
        refs = self._refs.setdefault(agent_id, {})
        if len(refs) > _MAX_ENTRIES:
            refs.clear()
        known = self._known.setdefault(agent_id, {})
        for key, (message, (row, position)) in batch.items():
            if row <= len(ids):
                ref = refs[key] = f"[{ids[row - 1]},{position}]"
                known[id(message)] = (message, ref)

    def discard(self, agent_id: str, rows: int) -> None:
        """The batch keeps only its first ``rows`` rows (the others were not written)."""
        batch = self._batch.get(agent_id)
        if batch:
            for key in [k for k, (_, (row, _p)) in batch.items() if row > rows]:
                del batch[key]

    def forget(self, agent_id: str) -> None:
        """The agent's calls are gone (deleted)."""
        self._refs.pop(agent_id, None)
        self._known.pop(agent_id, None)
        self._batch.pop(agent_id, None)


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
