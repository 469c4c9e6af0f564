"""End-to-end: a dozen built-in commands in sequence, ending with finish.

``test_a_dozen_commands_through_the_registry`` drives ``CommandRegistry.execute`` directly with
one ``CommandContext`` per step (what the agent loop does). The second test runs the same kind
of script through the agent ``Runner`` with a scripted model.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from autonomo.config import SandboxConfig
from autonomo.llm.scripted import ScriptedModel
from autonomo.sandbox import can_execute
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.context import CommandContext
from tool_helpers import make_ctx
from web_server import LoopbackServer

pytestmark = pytest.mark.skipif(
    not can_execute(SandboxConfig()), reason="no sandbox backend available"
)

SETTINGS = {
    "sandbox": {"allow_shell": True, "shell_allowlist": ["ls", "cat", "wc", "sleep", "echo"]},
    "web": {"allow_private_addresses": True, "allow_downloads": True},
}


def test_a_dozen_commands_through_the_registry(tmp_path: Path) -> None:
    served = tmp_path / "served"
    served.mkdir()
    model = ScriptedModel(["- add a docstring"])
    base = make_ctx(tmp_path, model=model, **SETTINGS)
    registry = builtin_registry().select(settings=base.settings)
    with LoopbackServer(served) as server:
        script = [
            ("think", {"thought": "Fetch the data, process it with Python, report."}),
            ("download_file", {"url": f"{server.url}/data.csv", "path": "in/cities.csv"}),
            ("read_file", {"path": "in/cities.csv"}),
            ("write_file", {"path": "count.py", "content": (
                "import csv\nrows = list(csv.DictReader(open('in/cities.csv')))\n"
                "open('report.txt', 'w').write(f'{len(rows)} city: {rows[0][\"city\"]}\\n')\n"
                "print('rows', len(rows))\n")}),
            ("execute_python_file", {"path": "count.py"}),
            ("append_to_file", {"path": "report.txt", "content": "checked\n"}),
            ("execute_shell", {"command": "cat report.txt | wc -l"}),
            ("execute_python_code", {"code": "print(open('report.txt').read().upper())"}),
            ("run", {"command": "echo bg-started; sleep 600", "background": True}),
            ("search_files", {"pattern": "*.txt", "content": "city"}),
            ("list_folder", {"path": ".", "recursive": True}),
            ("analyze_code", {"path": "count.py"}),
            ("read_webpage", {"url": f"{server.url}/article.html", "raw": True}),
            ("delete_file", {"path": "in/cities.csv"}),
            ("kill", {"job_id": "job-1"}),
            ("finish", {"reason": "report.txt written: 1 city, Paris."}),
        ]
        results = []
        for name, args in script:
            ctx = CommandContext(  # a fresh context each step, as the agent loop builds them
                workspace=base.workspace, settings=base.settings, model=model, agent_id="e2e"
            )
            results.append(registry.execute(name, args, ctx))
            if name == "run":
                time.sleep(0.5)
    for (name, _), res in zip(script, results, strict=True):
        assert res.status == "success", f"{name}: {res.output}"
    out = {name: res.output for (name, _), res in zip(script, results, strict=True)}
    assert out["read_file"] == "city,country\nParis,France\n"
    assert "rows 1" in out["execute_python_file"]
    assert "STDOUT:\n2" in out["execute_shell"]
    assert "1 CITY: PARIS" in out["execute_python_code"]
    assert out["search_files"] == "report.txt:1: 1 city: Paris"
    assert "count.py" in out["list_folder"] and "in/cities.csv" in out["list_folder"]
    assert out["analyze_code"] == "- add a docstring"
    assert "The capital of France is Paris." in out["read_webpage"]
    assert "bg-started" in out["kill"] and "SIGKILL" in out["kill"]
    assert results[-1].finished and all(not r.finished for r in results[:-1])
    assert (base.workspace / "report.txt").read_text() == "1 city: Paris\nchecked\n"
    assert not (base.workspace / "in/cities.csv").exists()
    assert len(script) >= 12


def test_the_runner_uses_the_builtin_commands(tmp_path: Path) -> None:
    from autonomo import AgentProfile, Runner, Settings, Workbench

    def reply(name: str, **args) -> str:
        return json.dumps({
            "thoughts": {"reasoning": "next", "text": "next", "plan": "-", "speak": "-",
                         "observations": "-", "self_criticism": "-"},
            "command": {"name": name, "args": args},
        })

    settings = Settings(data_dir=tmp_path / "data", **SETTINGS)
    model = ScriptedModel([
        reply("write_file", path="hello.py", content="print('hello from the sandbox')\n"),
        reply("execute_python_file", path="hello.py"),
        reply("execute_shell", command="sleep 600", background=True),
        reply("list_jobs"),
        reply("kill_job", job_id="job-1"),
        reply("finish", reason="ran hello.py"),
    ])
    bench = Workbench.open(settings, models=model)
    bench.memory = False
    agent = bench.new_agent("run hello.py", profile=AgentProfile(name="E2E", role="a test agent"))
    result = Runner(agent).run()
    assert result.status == "finished", result
    outputs = [e.result.output for e in agent.state.episodes]
    assert "hello from the sandbox" in outputs[1]
    assert "job-1: running" in outputs[3]  # the job survived from one step to the next
    assert "Killed" in outputs[4]
