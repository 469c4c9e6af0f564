"""MCP tools as commands, against real MCP server processes (stdio and streamable HTTP)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from autonomo.errors import ConfigError
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.mcp import MCPToolset, mcp_toolset
from tool_helpers import make_ctx

SERVER = str(Path(__file__).parent / "fixtures" / "mcp_server.py")


@pytest.fixture
def stdio_toolset():
    toolset = MCPToolset(
        {"calc": {"command": [sys.executable, SERVER], "env": {"MCP_TEST_VALUE": "42"}}}
    )
    toolset.start()
    yield toolset
    toolset.close()


def test_tools_become_commands_with_schemas(stdio_toolset: MCPToolset) -> None:
    commands = {c.name: c for c in stdio_toolset.commands}
    assert set(commands) == {"calc_add", "calc_greet", "calc_env_value", "calc_fail"}
    add = commands["calc_add"]
    assert "Add two integers" in add.description and "MCP server calc" in add.description
    schema = add.parameters_schema()
    assert schema["required"] == ["a", "b"]
    assert schema["properties"]["a"]["type"] == "integer"
    assert commands["calc_greet"].parameters_schema()["required"] == ["name"]


def test_calling_tools_through_the_registry(tmp_path: Path, stdio_toolset: MCPToolset) -> None:
    registry = builtin_registry()
    for cmd in stdio_toolset.commands:
        registry.register(cmd)
    ctx = make_ctx(tmp_path)
    assert registry.execute("calc_add", {"a": 2, "b": 40}, ctx).output == "42"
    assert registry.execute("calc_greet", {"name": "Ada"}, ctx).output == "Hello, Ada!"
    assert registry.execute("calc_greet", {"name": "Ada", "punctuation": "?"}, ctx).output == (
        "Hello, Ada?"
    )
    assert registry.execute("calc_env_value", {"key": "MCP_TEST_VALUE"}, ctx).output == "42"
    bad = registry.execute("calc_add", {"a": "two", "b": 1}, ctx)
    assert bad.status == "error" and "Invalid arguments for calc_add" in bad.output
    failed = registry.execute("calc_fail", {"message": "boom"}, ctx)
    assert failed.status == "error" and "boom" in failed.output
    # listed in the prompt like a built-in
    assert "calc_add" in registry.select(settings=ctx.settings).names()


def test_a_server_that_cannot_start_is_a_clear_error() -> None:
    toolset = MCPToolset({"broken": {"command": [sys.executable, "-c", "raise SystemExit(3)"]}},
                         timeout_s=15)
    with pytest.raises(ConfigError, match="MCP server 'broken'"):
        toolset.start()


def test_bad_server_specs_are_config_errors() -> None:
    with pytest.raises(ConfigError, match='needs "command"'):
        MCPToolset({"x": {"cmd": "nope"}}).start()
    with pytest.raises(ConfigError, match="http"):
        MCPToolset({"x": {"url": "ftp://host"}}).start()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_streamable_http_server(tmp_path: Path) -> None:
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, SERVER, "http", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the MCP HTTP server did not start"
                time.sleep(0.2)
        ctx = make_ctx(tmp_path, mcp_servers={"web": {"url": f"http://127.0.0.1:{port}/mcp"}})
        toolset = mcp_toolset(ctx.settings)
        try:
            commands = {c.name: c for c in toolset.start()}
            assert "web_add" in commands
            assert commands["web_add"].invoke({"a": 1, "b": 2}, ctx).output == "3"
        finally:
            toolset.close()
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_agents_get_the_configured_servers_tools(tmp_path: Path) -> None:
    """MCP tools are listed in the prompt like built-ins and called by a running agent."""
    import json as _json

    from autonomo import Workbench
    from autonomo.agent.approval import AutoApproval
    from autonomo.agent.profile import AgentProfile
    from autonomo.agent.runner import Runner
    from autonomo.config import Settings
    from autonomo.llm.scripted import ScriptedModel

    settings = Settings(data_dir=tmp_path / "data",
                        mcp_servers={"calc": {"command": [sys.executable, SERVER]}})
    settings.memory.enabled = False

    def call(name: str, **args: object) -> str:
        return _json.dumps({"thoughts": {"reasoning": "next"},
                            "command": {"name": name, "args": args}})

    model = ScriptedModel([call("calc_add", a=2, b=40), call("finish", reason="2+40=42")])
    bench = Workbench.open(settings, models=(model, model, model))
    try:
        agent = bench.new_agent("add 2 and 40", profile=AgentProfile(name="M", role="a maths AI"))
        result = Runner(agent, AutoApproval()).run()
        assert result.status == "finished"
        assert "calc_add" in model.calls[0]["messages"][0].content
        assert agent.state.episodes[0].result.output.strip() == "42"
    finally:
        bench.close()
