"""Tools from Model Context Protocol servers, as ordinary ``Command``s.

``Settings.mcp_servers`` names the servers::

    [mcp_servers.files]
    command = ["python", "my_server.py"]     # stdio; optional env = {...}, cwd = "..."
    [mcp_servers.remote]
    url = "http://127.0.0.1:8000/mcp"        # streamable HTTP

Each server gets one session, kept open on a background thread that runs its own event loop
(the SDK is async; the agent loop is not). Tools are named ``<server>_<tool>``.
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from autonomo.errors import ConfigError, MissingDependencyError
from autonomo.tools.json_schema import command_from_json_schema
from autonomo.tools.registry import Command, CommandError, CommandResult

log = logging.getLogger(__name__)
T = TypeVar("T")


def _server_parameters(name: str, spec: dict[str, Any]) -> Any:
    try:
        from mcp import StdioServerParameters
    except ImportError as exc:  # pragma: no cover - mcp is a dependency
        raise MissingDependencyError("MCP needs the `mcp` package: pip install mcp") from exc
    if "url" in spec:
        url = spec["url"]
        if not isinstance(url, str) or not url.startswith(("http://", "https://")):
            raise ConfigError(f"mcp_servers.{name}.url must be an http(s) URL, not {url!r}.")
        return url
    command = spec.get("command")
    if isinstance(command, str):
        command = [command, *spec.get("args", [])]
    if not command or not isinstance(command, list) or not all(isinstance(c, str) for c in command):
        raise ConfigError(
            f'mcp_servers.{name} needs "command" (a list: program and arguments) or "url".'
        )
    return StdioServerParameters(
        command=command[0], args=command[1:], env=spec.get("env") or None, cwd=spec.get("cwd")
    )


class MCPServerSession:
    """One live connection to an MCP server, usable from synchronous code."""

    def __init__(self, name: str, spec: dict[str, Any], *, timeout_s: float = 60.0) -> None:
        self.name = name
        self.timeout_s = float(spec.get("timeout_s", timeout_s))
        self._target = _server_parameters(name, spec)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name=f"mcp-{name}", daemon=True
        )
        self._client: Any = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._main: Any = None

    def start(self) -> MCPServerSession:
        self._thread.start()
        self._main = asyncio.run_coroutine_threadsafe(self._hold(), self._loop)
        if not self._ready.wait(self.timeout_s):
            self.close()
            raise ConfigError(
                f"MCP server {self.name!r} did not start within {self.timeout_s:g} s."
            )
        if self._error is not None:
            self.close()
            raise ConfigError(f"MCP server {self.name!r} could not be started: {self._error}")
        return self

    async def _hold(self) -> None:
        """Open the client and keep it open (in this one task) until ``close``."""
        from mcp import Client

        self._stop = asyncio.Event()
        try:
            async with Client(self._target, read_timeout_seconds=self.timeout_s) as client:
                self._client = client
                self._ready.set()
                await self._stop.wait()
        except BaseException as exc:  # reported to start() or logged at close
            self._error = _root_cause(exc)
            self._ready.set()
            if not isinstance(exc, Exception):
                raise

    def _call(self, coroutine: Coroutine[Any, Any, T]) -> T:
        if self._client is None:
            coroutine.close()
            raise CommandError(f"MCP server {self.name!r} is not connected.")
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(self.timeout_s + 5)
        except TimeoutError as exc:
            future.cancel()
            raise CommandError(f"MCP server {self.name!r} did not answer in time.") from exc

    def list_tools(self) -> list[Any]:
        tools: list[Any] = []
        cursor = None
        for _ in range(100):
            page = self._call(self._client.list_tools(cursor=cursor))
            tools += page.tools
            cursor = page.next_cursor
            if not cursor:
                break
        return tools

    def call_tool(self, tool: str, arguments: dict[str, Any]) -> CommandResult:
        try:
            result = self._call(self._client.call_tool(tool, arguments))
        except CommandError:
            raise
        except Exception as exc:
            raise CommandError(f"MCP tool {tool!r} on {self.name!r} failed: {exc}") from exc
        text = _result_text(result)
        data = {"structured": getattr(result, "structured_content", None)}
        if getattr(result, "is_error", False):
            return CommandResult(status="error", output=text or "The tool reported an error.",
                                 data=data)
        return CommandResult(status="success", output=text, data=data)

    def close(self) -> None:
        if self._stop is not None and self._loop.is_running():
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._main is not None:
            try:
                self._main.result(timeout=10)
            except Exception as exc:  # closing a broken session: nothing left to do but log
                log.debug("MCP server %s closed with %s", self.name, exc)
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread.is_alive():
            self._thread.join(timeout=10)
        if not self._loop.is_running():
            self._loop.close()


def _root_cause(exc: BaseException) -> BaseException:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _result_text(result: Any) -> str:
    parts = []
    for block in getattr(result, "content", []) or []:
        kind = getattr(block, "type", "")
        if kind == "text":
            parts.append(block.text)
        elif kind == "resource" and hasattr(block.resource, "text"):
            parts.append(block.resource.text)
        else:
            parts.append(f"[{kind} content]")
    if not parts and getattr(result, "structured_content", None) is not None:
        import json

        parts.append(json.dumps(result.structured_content))
    return "\n".join(parts)


def _command_name(server: str, tool: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", f"{server}_{tool}")


class MCPToolset:
    """Connects to the configured servers and offers their tools as commands."""

    def __init__(self, servers: dict[str, dict[str, Any]], *, timeout_s: float = 60.0) -> None:
        self.servers = servers
        self.timeout_s = timeout_s
        self.sessions: dict[str, MCPServerSession] = {}
        self._commands: list[Command] = []

    def start(self) -> list[Command]:
        try:
            for name, spec in self.servers.items():
                session = MCPServerSession(name, spec, timeout_s=self.timeout_s).start()
                self.sessions[name] = session
                for tool in session.list_tools():
                    self._commands.append(self._command(session, tool))
        except Exception:
            self.close()
            raise
        return list(self._commands)

    @property
    def commands(self) -> list[Command]:
        return list(self._commands)

    @staticmethod
    def _command(session: MCPServerSession, tool: Any) -> Command:
        schema = getattr(tool, "input_schema", None) or getattr(tool, "inputSchema", None) or {}

        def run(**arguments: Any) -> CommandResult:
            given = {k: v for k, v in arguments.items() if v is not None}
            return session.call_tool(tool.name, given)

        description = (tool.description or tool.name).strip()
        return command_from_json_schema(
            _command_name(session.name, tool.name),
            f"{description} (MCP server {session.name})",
            schema,
            run,
            category=f"mcp:{session.name}",
        )

    def close(self) -> None:
        for session in self.sessions.values():
            session.close()
        self.sessions.clear()

    def __enter__(self) -> MCPToolset:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def mcp_toolset(settings: Any) -> MCPToolset:
    """The (not yet started) toolset for ``settings.mcp_servers``."""
    return MCPToolset(dict(settings.mcp_servers))
