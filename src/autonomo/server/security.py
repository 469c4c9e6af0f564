"""Who may talk to the server, and how much they may send.

* Listening beyond loopback needs a bearer token; with a token, every request must carry it
  (``Authorization: Bearer …``), compared in constant time. The web page's own files carry
  no data and are served without it; the page then sends the token with every API call.
* Without a token, only requests addressed to a loopback name are answered (a page re-pointed
  at 127.0.0.1 by DNS rebinding carries its own name in ``Host``).
* Request bodies are limited (uploads have their own, larger limit); an oversized body is
  refused with 413 before it is read in full.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
from typing import Any

from starlette.exceptions import HTTPException

from autonomo.errors import UserError

Scope = dict[str, Any]

#: the page and its static files: no data, and a browser cannot add a header to them
PUBLIC_PATHS = ("/", "/favicon.ico", "/sop", "/sop/sop.js", "/sop/sop.css")
PUBLIC_PREFIX = "/static/"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(host: str, token: str | None) -> None:
    """Refuse to listen beyond loopback without a token."""
    if not is_loopback(host) and not token:
        raise UserError(
            f"Refusing to listen on {host} without a token: anyone who can reach this "
            "address could run agents. Give --token (or set AUTONOMO_SERVER__TOKEN), or "
            "listen on 127.0.0.1."
        )


def _loopback_host(scope: Scope) -> bool:
    """Whether the request's Host names a loopback address. Without a token, a web page
    whose own name was re-pointed at 127.0.0.1 (DNS rebinding) would otherwise drive the
    server from the browser as if it were the same site: its Host header still carries that
    page's name."""
    header = dict(scope.get("headers") or []).get(b"host")
    if header is None:
        return True  # HTTP/1.0 without Host: no browser sends that
    host = header.decode("latin-1").strip().lower()
    host = host[1:host.find("]")] if host.startswith("[") else host.rsplit(":", 1)[0]
    return is_loopback(host) or host.endswith(".localhost")


async def _send_json(send: Any, status: int, message: str,
                     headers: list[tuple[bytes, bytes]] = ()) -> None:  # type: ignore[assignment]
    body = json.dumps({"message": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})


class _TooLarge(HTTPException):
    """Raised from ``receive``: FastAPI re-raises HTTP exceptions met while reading a body."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"The request body is larger than the limit of {limit} bytes.")


class GuardMiddleware:
    """Token check and body-size limits, as plain ASGI middleware (works for streams)."""

    def __init__(self, app: Any, *, token: str | None, max_body: int, max_upload: int) -> None:
        self.app = app
        self.token = token.encode() if token else None
        self.max_body, self.max_upload = max_body, max_upload

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        if self.token is None and not _loopback_host(scope):
            await _send_json(send, 403, "This server has no token, so it answers only requests "
                             "addressed to a loopback name (localhost, 127.0.0.1, [::1]); give "
                             "it a token (--token) to serve other names.")
            return
        public = path in PUBLIC_PATHS or path.startswith(PUBLIC_PREFIX)
        if self.token is not None and not public and not self._authorized(scope):
            await _send_json(send, 401, "Missing or wrong token: send 'Authorization: Bearer "
                             "<token>'.", [(b"www-authenticate", b"Bearer")])
            return
        limit = self.max_upload if path.endswith("/artifacts") else self.max_body
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await _send_json(send, 413, f"The request body is larger than the limit of "
                                        f"{limit} bytes.")
            return
        received = 0
        started = False

        async def counted_receive() -> dict[str, Any]:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise _TooLarge(limit)
            return message

        async def tracked_send(message: dict[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracked_send)
        except _TooLarge as exc:
            if not started:
                await _send_json(send, 413, exc.detail)

    def _authorized(self, scope: Scope) -> bool:
        header = dict(scope.get("headers") or []).get(b"authorization", b"")
        scheme, _, given = header.partition(b" ")
        if scheme.lower() != b"bearer":
            return False
        assert self.token is not None
        return hmac.compare_digest(given.strip(), self.token)
