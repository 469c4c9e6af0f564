"""Capability degradation against a real OpenAI-compatible server nobody here wrote:
llama-cpp-python's own (``python -m llama_cpp.server``) serving the embedded GGUF on loopback.

That server rejects ``response_format`` ``json_schema`` with HTTP 500 and a validation message,
constrains ``json_object``, and ignores ``tools``. autonomo must learn each of these from one
failed request, never retry a request that cannot succeed, and remember it for the process.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time

import httpx
import pytest

from autonomo import AgentProfile, Message, Runner, Settings, ToolSpec, Workbench
from autonomo.config import ModelConfig
from autonomo.llm.openai_compat import OpenAICompatModel

pytest.importorskip("llama_cpp.server.app", reason="llama-cpp-python's [server] extra")

SCHEMA = {"type": "object", "properties": {"answer": {"type": "string"}},
          "required": ["answer"], "additionalProperties": False}
WRITE = ToolSpec(name="write_file", description="Write text to a file.", parameters={
    "type": "object", "properties": {"path": {"type": "string"}, "text": {"type": "string"}},
    "required": ["path", "text"]})


@pytest.fixture(scope="module")
def server():
    from autonomo.llm.local_weights import default_model_path

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(default_model_path()),
         "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--n_threads", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, "llama_cpp.server exited"
            try:
                if httpx.get(f"{url}/models", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "llama_cpp.server did not start"
            time.sleep(0.3)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def counted(url: str, name: str) -> tuple[OpenAICompatModel, list[dict]]:
    """A model for ``url`` whose request bodies are kept (``name`` keeps what is learned
    apart between tests: capabilities are remembered per endpoint and model)."""
    model = OpenAICompatModel(ModelConfig(provider="openai", base_url=url, model=name,
                                          max_tokens=48, max_retries=5))
    bodies: list[dict] = []
    model._client = httpx.Client(timeout=120, event_hooks={"request": [
        lambda request: bodies.append(json.loads(request.content))]})
    return model, bodies


def test_json_schema_rejected_once_then_json_object_for_the_whole_process(server):
    model, bodies = counted(server, "schema-test")
    completion = model.complete([Message.user("Say hello.")], schema=SCHEMA)
    # one rejected request (no retries of it), then json_object, which the server enforces
    assert [b.get("response_format", {}).get("type") for b in bodies] == [
        "json_schema", "json_object"]
    assert isinstance(json.loads(completion.text), dict)
    assert model.schema_mode == "json_object"
    again, again_bodies = counted(server, "schema-test")  # another model, same endpoint
    again.complete([Message.user("Say hello.")], schema=SCHEMA)
    assert [b["response_format"]["type"] for b in again_bodies] == ["json_object"]


def test_ignored_tools_are_asked_for_as_json_text_from_then_on(server):
    model, bodies = counted(server, "tools-test")
    messages = [Message.system("You write files."), Message.user("Write hi to a.txt.")]
    model.complete(messages, tools=[WRITE])
    assert len(bodies) == 2
    assert "tools" in bodies[0] and "tools" not in bodies[1]
    assert '"name": "write_file"' in bodies[1]["messages"][0]["content"]
    assert bodies[1]["response_format"] == {"type": "json_object"}
    assert model.tools_as_text
    model.complete(messages, tools=[WRITE])
    assert len(bodies) == 3  # learned: no native attempt any more


def test_the_default_agent_runs_on_the_server_instead_of_failing(server, tmp_path):
    """The issue's report: one_shot used to end 'The model failed' after six retries of a
    request the server cannot accept."""
    model, bodies = counted(server, "agent-test")
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    bench = Workbench.open(settings, models=model)
    agent = bench.new_agent("Write the word Washington to a file called output.txt",
                            profile=AgentProfile(name="W", role="an AI that writes files"),
                            tools=["write_file"])
    result = Runner(agent).run(max_steps=1)
    assert "The model failed" not in result.reason
    assert result.steps >= 1 and all("response_format" in b for b in bodies)
    assert sum(b["response_format"]["type"] == "json_schema" for b in bodies) <= 1
