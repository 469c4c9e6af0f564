"""A real HTTP server on loopback that speaks the OpenAI chat API with scripted answers.

Tests start it, point a provider at ``server.url`` and queue replies::

    with FakeOpenAIServer([text("hello"), error(429, retry_after="0")]) as server:
        ...
        server.requests[0].body["messages"]

A reply is plain text, tool calls, an HTTP error (with headers such as Retry-After), a slow
answer (to trigger client timeouts) or a dropped connection. A request with ``"stream": true``
gets the same reply as server-sent events, in small chunks. ``reject`` names response_format
types the server refuses with HTTP 400, as servers without structured output do.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

DEFAULT_USAGE = {"prompt_tokens": 20, "completion_tokens": 5, "total_tokens": 25}


@dataclass
class Reply:
    status: int = 200
    text: str = ""
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    usage: dict[str, Any] | None = field(default_factory=lambda: dict(DEFAULT_USAGE))
    headers: dict[str, str] = field(default_factory=dict)
    error_message: str = ""
    delay: float = 0.0
    drop: bool = False
    chunk_size: int = 3
    #: streaming: after the first text chunk, wait for this event before sending the rest
    hold: threading.Event | None = None
    #: set by the server: whether ``hold`` was released (the client saw the first chunk)
    released: bool | None = None


@dataclass
class RecordedRequest:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: dict[str, Any]


def text(content: str, *, usage: dict[str, Any] | None = None, cached: int = 0) -> Reply:
    used = dict(usage or DEFAULT_USAGE)
    if cached:
        used["prompt_tokens_details"] = {"cached_tokens": cached}
    return Reply(text=content, usage=used)


def tool_call(name: str, arguments: dict[str, Any] | str, call_id: str = "call_1") -> Reply:
    args = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return Reply(tool_calls=[{"id": call_id, "name": name, "arguments": args}])


def error(status: int, message: str = "scripted failure", **headers: str) -> Reply:
    """An HTTP error; keyword headers use ``_`` for ``-`` (retry_after -> Retry-After)."""
    named = {key.replace("_", "-").title(): value for key, value in headers.items()}
    return Reply(status=status, error_message=message, headers=named)


def slow(seconds: float, then: Reply | None = None) -> Reply:
    reply = then or text("late")
    reply.delay = seconds
    return reply


def drop() -> Reply:
    return Reply(drop=True)


ReplySource = Reply | Callable[[RecordedRequest], Reply]


class FakeOpenAIServer:
    """ThreadingHTTPServer on 127.0.0.1, a free port, in a daemon thread."""

    def __init__(
        self,
        replies: Iterable[ReplySource] = (),
        *,
        reject: Iterable[str] = (),
        default: Callable[[RecordedRequest], Reply] | None = None,
        model: str = "fake-model",
    ) -> None:
        self.replies: deque[ReplySource] = deque(replies)
        self.reject = set(reject)
        self.default = default
        self.model = model
        self.requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def root(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def url(self) -> str:
        return f"{self.root}/v1"

    def add(self, *replies: ReplySource) -> None:
        with self._lock:
            self.replies.extend(replies)

    def __enter__(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    # -- internals ------------------------------------------------------------------------

    def _next_reply(self, request: RecordedRequest) -> Reply:
        fmt = (request.body.get("response_format") or {}).get("type")
        if fmt in self.reject:
            return Reply(
                status=400,
                error_message=f"response_format type '{fmt}' is not supported by this server",
            )
        with self._lock:
            source = self.replies.popleft() if self.replies else self.default
        if source is None:
            return Reply(status=500, error_message="the fake server has no scripted reply left")
        return source(request) if callable(source) else source

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                parts = urlsplit(self.path)
                request = RecordedRequest(
                    method="POST",
                    path=parts.path,
                    query=parse_qs(parts.query),
                    headers={k.lower(): v for k, v in self.headers.items()},
                    body=json.loads(raw or b"{}"),
                )
                with server._lock:
                    server.requests.append(request)
                reply = server._next_reply(request)
                # a client that gave up (timeout tests) closes the socket: nothing to report
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self._respond(request, reply)

            def _respond(self, request: RecordedRequest, reply: Reply) -> None:
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.drop:
                    self.connection.shutdown(socket.SHUT_RDWR)
                    self.close_connection = True
                    return
                if reply.status >= 400:
                    self._send_json(
                        reply.status,
                        {"error": {"message": reply.error_message, "type": "scripted"}},
                        reply.headers,
                    )
                elif request.body.get("stream"):
                    self._send_stream(request, reply)
                else:
                    self._send_json(200, self._completion(reply), reply.headers)

            def _send_json(self, status: int, data: Any, headers: dict[str, str]) -> None:
                payload = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(payload)

            def _completion(self, reply: Reply) -> dict[str, Any]:
                message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
                if reply.tool_calls:
                    message["tool_calls"] = [
                        {
                            "id": call["id"],
                            "type": "function",
                            "function": {"name": call["name"], "arguments": call["arguments"]},
                        }
                        for call in reply.tool_calls
                    ]
                data: dict[str, Any] = {
                    "id": "chatcmpl-fake",
                    "object": "chat.completion",
                    "model": server.model,
                    "choices": [
                        {
                            "index": 0,
                            "message": message,
                            "finish_reason": "tool_calls" if reply.tool_calls else "stop",
                        }
                    ],
                }
                if reply.usage is not None:
                    data["usage"] = reply.usage
                return data

            def _send_stream(self, request: RecordedRequest, reply: Reply) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()

                def event(delta: dict[str, Any], finish: str | None = None) -> None:
                    chunk = {
                        "id": "chatcmpl-fake",
                        "object": "chat.completion.chunk",
                        "model": server.model,
                        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
                    }
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    self.wfile.flush()

                event({"role": "assistant", "content": ""})
                size = reply.chunk_size
                for start in range(0, len(reply.text), size):
                    event({"content": reply.text[start : start + size]})
                    if start == 0 and reply.hold is not None:
                        reply.released = reply.hold.wait(timeout=5)
                for index, call in enumerate(reply.tool_calls):
                    args = call["arguments"]
                    half = len(args) // 2
                    head = {"index": index, "id": call["id"], "type": "function"}
                    event(
                        {
                            "tool_calls": [
                                {
                                    **head,
                                    "function": {"name": call["name"], "arguments": args[:half]},
                                }
                            ]
                        }
                    )
                    event(
                        {"tool_calls": [{"index": index, "function": {"arguments": args[half:]}}]}
                    )
                event({}, "tool_calls" if reply.tool_calls else "stop")
                options = request.body.get("stream_options") or {}
                if options.get("include_usage") and reply.usage is not None:
                    usage_chunk = {
                        "id": "chatcmpl-fake",
                        "object": "chat.completion.chunk",
                        "model": server.model,
                        "choices": [],
                        "usage": reply.usage,
                    }
                    self.wfile.write(f"data: {json.dumps(usage_chunk)}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()

        return Handler


def isolate_environment(monkeypatch: Any, tmp_path: Any) -> None:
    """Run in an empty directory with no AUTONOMO_* / API-key variables from the caller."""
    import os

    for name in list(os.environ):
        if name.startswith("AUTONOMO_") or name.endswith("_API_KEY"):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
