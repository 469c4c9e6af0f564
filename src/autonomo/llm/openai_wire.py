"""The OpenAI chat API's wire format: request payloads, tool-call arguments, SSE chunks."""

from __future__ import annotations

import json
from typing import Any

import json_repair

from autonomo.errors import ModelResponseError, ProviderError
from autonomo.llm.types import Message, Role, ToolCall, ToolSpec


def strict_compatible(schema: Any) -> bool:
    """Whether OpenAI's strict mode accepts the schema (closed objects, all fields required)."""
    if isinstance(schema, list):
        return all(strict_compatible(item) for item in schema)
    if not isinstance(schema, dict):
        return True
    if schema.get("type") == "object" or "properties" in schema:
        properties = schema.get("properties", {})
        if schema.get("additionalProperties") is not False:
            return False
        if set(schema.get("required", [])) != set(properties):
            return False
    return all(strict_compatible(value) for value in schema.values())


def tool_payload(tool: ToolSpec) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": tool.parameters,
        },
    }


def message_payload(message: Message) -> dict[str, Any]:
    payload: dict[str, Any] = {"role": message.role.value, "content": message.content}
    if message.tool_calls:
        payload["content"] = message.content or None
        payload["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": json.dumps(call.arguments)},
            }
            for call in message.tool_calls
        ]
    if message.role == Role.TOOL:
        payload["tool_call_id"] = message.tool_call_id
    if message.name and message.role in (Role.USER, Role.ASSISTANT):
        payload["name"] = message.name
    return payload


def parse_arguments(raw: Any, tool: str) -> dict[str, Any]:
    """Tool-call arguments as a dict; slightly broken JSON is repaired, garbage is the model's."""
    if isinstance(raw, dict):
        return raw
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except (TypeError, ValueError, RecursionError):
        value = _repaired(raw)
    if not isinstance(value, dict):
        raise ModelResponseError(
            f"The arguments of the call to {tool} are not a JSON object: {str(raw)[:200]}"
        )
    return value


def as_json_text(text: str) -> str:
    """``text`` if it is JSON, else the JSON json-repair recovers from it (or ``text``)."""
    try:
        json.loads(text)
        return text
    except (ValueError, RecursionError):
        pass
    repaired = _repaired(text, text=True)
    return repaired if isinstance(repaired, str) and repaired not in ("", '""') else text


def _repaired(raw: str, *, text: bool = False) -> Any:
    """json-repair's reading of ``raw`` (its JSON text with ``text``); None for text nested
    too deeply for it (``json`` raises ``RecursionError`` there, json-repair ``ValueError``)."""
    try:
        return json_repair.repair_json(raw) if text else json_repair.loads(raw)
    except (ValueError, RecursionError):
        return None


class StreamState:
    """Accumulates SSE chunks into text, tool calls, usage and a finish reason."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.calls: dict[int, dict[str, str]] = {}
        self.usage: dict[str, Any] | None = None
        self.finish_reason: str | None = None
        self.model = ""

    def feed(self, line: str) -> str | None:
        """Take one SSE line; return a text delta, if the line carried one."""
        if not line.startswith("data:"):
            return None  # blank separators, comments (":"), "event:" lines
        data = line[5:].strip()
        if not data or data == "[DONE]":
            return None
        try:
            chunk = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise ProviderError(
                f"The server sent an unreadable stream chunk: {data[:200]}"
            ) from exc
        if chunk.get("error"):
            raise ProviderError(f"The server reported an error mid-stream: {chunk['error']}")
        self.model = chunk.get("model") or self.model
        if chunk.get("usage"):
            self.usage = chunk["usage"]
        piece = None
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") or {}
            if delta.get("content"):
                piece = delta["content"]
                self.text.append(piece)
            for call in delta.get("tool_calls") or []:
                slot = self.calls.setdefault(
                    call.get("index", 0), {"id": "", "name": "", "args": ""}
                )
                function = call.get("function") or {}
                slot["id"] = call.get("id") or slot["id"]
                slot["name"] += function.get("name") or ""
                slot["args"] += function.get("arguments") or ""
            self.finish_reason = choice.get("finish_reason") or self.finish_reason
        return piece

    def tool_calls(self) -> list[ToolCall]:
        return [
            ToolCall(
                id=slot["id"] or f"call_{index}",
                name=slot["name"],
                arguments=parse_arguments(slot["args"], slot["name"]),
            )
            for index, slot in sorted(self.calls.items())
        ]
