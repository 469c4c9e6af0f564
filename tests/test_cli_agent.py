"""``autonomo run``, ``agents`` and ``log`` through ``main([...])`` with a scripted model."""

from __future__ import annotations

import json

import pytest
import yaml

from agent_helpers import reply
from autonomo.cli.main import main


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("AUTONOMO_MEMORY__EMBEDDER", "hashing")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def script(path, *responses) -> str:
    path.write_text(yaml.safe_dump(list(responses)))
    return str(path)


def test_run_continuous_writes_the_file_and_is_listed_and_logged(env, capsys):
    responses = script(
        env / "responses.yaml",
        {"tool": "create_agent", "arguments": {
            "name": "WriterGPT", "description": "An AI that writes files.",
            "best_practices": ["Write exactly what was asked."],
            "constraints": ["Only write inside the workspace."]}},
        reply("write_file", path="output.txt", content="Washington"),
        reply("finish", reason="output.txt holds Washington"),
    )
    code = main(["run", "--continuous", "--limit", "5", "--provider", "scripted",
                 "--model", responses, "--workspace", str(env / "ws"),
                 "Write the word Washington to a file called output.txt"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert (env / "ws" / "output.txt").read_text() == "Washington"
    assert "WriterGPT" in out and "NEXT ACTION" in out and "FINISHED" in out

    assert main(["agents", "list"]) == 0
    listing = capsys.readouterr().out
    assert "WriterGPT" in listing and "finished" in listing
    agent_id = listing.split("WriterGPT")[0].split()[-2]

    assert main(["agents", "show", agent_id]) == 0
    assert "write_file" in capsys.readouterr().out

    export = env / "log.json"
    assert main(["log", agent_id, "--json", str(export)]) == 0
    data = json.loads(export.read_text())
    assert [c["purpose"] for c in data["calls"]] == ["profile", "propose", "propose"]
    assert data["agent"]["profile"]["name"] == "WriterGPT"
    assert "Only write inside the workspace." in data["agent"]["directives"]["constraints"]

    assert main(["agents", "delete", agent_id]) == 0
    capsys.readouterr()
    assert main(["agents", "show", agent_id]) == 2
    assert "No agent" in capsys.readouterr().err


def test_resume_with_a_follow_up_task(env, capsys, monkeypatch):
    first = script(env / "a.yaml", reply("finish", reason="nothing to do"))
    assert main(["run", "-c", "--provider", "scripted", "--model", first, "--name", "Bob",
                 "--role", "a helper", "say hi"]) == 0
    capsys.readouterr()
    main(["agents", "list"])
    agent_id = capsys.readouterr().out.split("Bob")[0].split()[-2]
    second = script(env / "b.yaml", reply("write_file", path="hi.txt", content="hi"),
                    reply("finish", reason="wrote hi.txt"))
    # a finished agent needs a follow-up task to resume
    assert main(["agents", "resume", agent_id, "-c"]) == 2
    assert "follow-up" in capsys.readouterr().err
    # the resumed agent uses the configured model: point the config at the second script
    monkeypatch.setenv("AUTONOMO_LLM__FAST__PROVIDER", "scripted")
    monkeypatch.setenv("AUTONOMO_LLM__FAST__MODEL", second)
    assert main(["agents", "resume", agent_id, "--task", "write hi to hi.txt", "-c"]) == 0
    assert "wrote hi.txt" in capsys.readouterr().out
    assert (env / "data" / "agents" / agent_id / "workspace" / "hi.txt").read_text() == "hi"


def test_bad_configuration_is_a_clear_error(env, capsys):
    (env / "my.toml").write_text("[agent]\nmax_steps = 'many'\n")
    assert main(["--config", "my.toml", "run", "-c", "anything"]) == 2
    err = capsys.readouterr().err
    assert "agent.max_steps" in err and "Traceback" not in err


def test_interactive_run_asks_for_the_task_approval_and_a_follow_up(env, capsys, monkeypatch):
    import io

    responses = script(
        env / "r.yaml",
        reply("write_file", path="a.txt", content="one"),
        reply("write_file", path="b.txt", content="two"),
        reply("finish", reason="both written"),
        reply("read_file", path="a.txt"),
        reply("finish", reason="read it"),
    )
    answers = "\n".join([
        "write two files",          # the task (no agent to resume yet)
        "y",                        # run write_file a.txt
        "use b.txt next",           # feedback instead of running write_file b.txt
        "y -5",                     # finish, and everything after without asking
        "now read a.txt",           # follow-up task after finish
        "",                         # no further follow-up: quit
    ]) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["run", "--provider", "scripted", "--model", responses,
                 "--name", "Pat", "--role", "a file clerk"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "FEEDBACK: use b.txt next" in out
    assert "read it" in out
    ws = env / "data" / "agents"
    written = sorted(p.name for p in ws.glob("*/workspace/*"))
    assert written == ["a.txt"]  # b.txt was never written: the user gave feedback instead
