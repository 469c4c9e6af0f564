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


def test_ctrl_c_while_thinking_stops_the_spinner_and_shows_the_cursor(tmp_path, monkeypatch):
    """KeyboardInterrupt inside a model call: the spinner must not keep spinning."""
    import io
    import threading

    from agent_helpers import make_agent
    from autonomo.cli import agents as agents_cli
    from autonomo.cli.safe_console import SafeConsole

    def interrupted(messages):
        raise KeyboardInterrupt

    agent, _, store = make_agent(tmp_path, [interrupted])
    screen = io.StringIO()
    terminal = SafeConsole(file=screen, force_terminal=True, width=100)
    monkeypatch.setattr(agents_cli, "console", terminal)
    code = agents_cli.drive(agent, continuous=True, limit=3, debug=False, speak=False,
                                interactive=False)
    assert code == 130
    shown = screen.getvalue()
    assert "Thinking" in shown
    assert shown.rfind("\x1b[?25h") > shown.rfind("\x1b[?25l")  # the cursor is back
    # rich's Live.stop() tells its refresh thread to end without waiting for it: on a loaded
    # machine it may take a moment; one still running after 10 s keeps spinning
    for spinner in [t for t in threading.enumerate() if type(t).__name__ == "_RefreshThread"]:
        spinner.join(timeout=10)
    assert not [t for t in threading.enumerate() if type(t).__name__ == "_RefreshThread"]
    assert store.load(agent.state.id).status == "stopped"


def test_follow_up_prompt_n_quits_and_stop_reason_is_said_once(env, capsys, monkeypatch):
    import io

    responses = script(env / "r.yaml", reply("finish", reason="done"))
    monkeypatch.setattr("sys.stdin", io.StringIO("y\nn\n"))
    assert main(["run", "--provider", "scripted", "--model", responses, "--name", "F",
                 "--role", "r", "say hi"]) == 0
    out = capsys.readouterr().out
    assert "Enter or n to quit" in out
    from autonomo.agent.state import AgentStore

    state = AgentStore(env / "data").list()[0]
    assert state.tasks == ["say hi"]  # "n" was not taken for a new task

    stopper = script(env / "s.yaml", reply("write_file", path="a.txt", content="x"))
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    main(["run", "--provider", "scripted", "--model", stopper, "--name", "G", "--role", "r",
          "write"])
    out = capsys.readouterr().out
    assert out.count("Stopped by the user.") == 1


def test_agents_show_labels_the_reason_and_prints_usage_readably(env, capsys):
    responses = script(env / "r.yaml", reply("finish", reason="all done"))
    main(["run", "-c", "--provider", "scripted", "--model", responses, "--name", "H",
          "--role", "r", "say hi"])
    from autonomo.agent.state import AgentStore

    agent_id = AgentStore(env / "data").list()[0].id
    capsys.readouterr()
    assert main(["agents", "show", agent_id]) == 0
    out = capsys.readouterr().out
    assert "Finished: all done" in out and "Stopped:" not in out
    assert "prompt tokens" in out and "{" not in out


def test_help_shows_no_bool_metavar(capsys):
    main(["run", "--help"])
    assert "<bool>" not in capsys.readouterr().out


@pytest.mark.parametrize(("replies", "continuous", "code", "status"), [
    # only false finishes until the step limit: stopped, never FINISHED, exit 3
    ([reply("finish", reason="out.txt holds hi")] * 3, True, 3, "stopped"),
    # the same with a person approving each step
    ([reply("finish", reason="out.txt holds hi")] * 3, False, 3, "stopped"),
    # the model keeps answering nonsense: failed, exit 1
    (["not json"] * 6, True, 1, "failed"),
    # a refused finish, the work, a finish the record supports: exit 0
    ([reply("finish", reason="out.txt holds hi"),
      reply("write_file", path="out.txt", content="hi"),
      reply("finish", reason="out.txt holds hi")], True, 0, "finished"),
])
def test_a_run_without_an_accepted_finish_says_so_in_status_and_exit_code(
        env, capsys, monkeypatch, replies, continuous, code, status):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("y -9\n\n"))
    responses = script(env / "responses.yaml", *replies)
    got = main(["run", *(["--continuous"] if continuous else []), "--limit", "3",
                "--provider", "scripted", "--model", responses, "--name", "Pat", "--role",
                "a clerk", "--workspace", str(env / "ws"), "Write the word hi to out.txt"])
    out = capsys.readouterr().out
    assert got == code, out
    assert ("FINISHED" in out) == (status == "finished")
    assert main(["agents", "list"]) == 0
    assert status in capsys.readouterr().out


def test_a_run_whose_work_is_not_verified_ends_stopped_with_the_reason_and_exit_3(
        env, capsys, monkeypatch):
    """The record never supports the finish (the value the task gives is in no file): the
    finishes are refused, the run ends at its step limit, not FINISHED, and says why. (The
    scripted model is no small local one: evidence is asked for by the setting.)"""
    monkeypatch.setenv("AUTONOMO_AGENT__FINISH_EVIDENCE", "true")
    responses = script(env / "responses.yaml",
                       reply("write_file", path="spot.txt", content="nothing else"),
                       reply("finish", reason="spot.txt written"),
                       reply("finish", reason="spot.txt holds nothing else"))
    got = main(["run", "--continuous", "--limit", "3", "--provider", "scripted", "--model",
                responses, "--name", "Pat", "--role", "a clerk", "--workspace",
                str(env / "ws"), "spot.txt - write B-14 in it, nothing else"])
    out = capsys.readouterr().out
    assert got == 3, out
    assert "FINISHED" not in out and "Not verified" in out and "B-14" in out
    assert main(["agents", "list"]) == 0
    assert "stopped" in capsys.readouterr().out


@pytest.mark.parametrize(("content", "code", "shown", "status"), [
    ("B-14", 0, "FINISHED", "finished"),            # verified: the stated value, nothing else
    ("B-14 and more", 4, "NOT VERIFIED", "unverified"),  # no rule refuses it, none verifies it
])
def test_a_finish_no_verifier_confirms_ends_not_verified_with_exit_4(
        env, capsys, monkeypatch, content, code, shown, status):
    """Small-model mode (here by the setting): an accepted finish is FINISHED only when a
    verifier confirms it; else the run ends at once, NOT VERIFIED, exit code 4."""
    monkeypatch.setenv("AUTONOMO_AGENT__FINISH_EVIDENCE", "true")
    responses = script(env / "responses.yaml",
                       reply("write_file", path="spot.txt", content=content),
                       reply("finish", reason="spot.txt written"),
                       reply("write_file", path="spot.txt", content="never run"))
    got = main(["run", "--continuous", "--limit", "3", "--provider", "scripted", "--model",
                responses, "--name", "Pat", "--role", "a clerk", "--workspace",
                str(env / "ws"), "spot.txt - write B-14 in it"])
    out = capsys.readouterr().out
    assert got == code, out
    assert shown in out and (env / "ws" / "spot.txt").read_text() == content
    assert main(["agents", "list"]) == 0
    assert status in capsys.readouterr().out


def test_a_task_that_is_not_utf8_is_a_clear_error(env, capsys):
    """A Latin-1 terminal passes "café" as bytes Python keeps as a lone surrogate: the agent
    could never be saved (a traceback from the JSON serializer)."""
    responses = script(env / "responses.yaml", reply("finish", reason="done"))
    code = main(["run", "--continuous", "--provider", "scripted", "--model", responses,
                 "--workspace", str(env / "ws"), "Write caf\udce9 to out.txt"])
    err = capsys.readouterr().err
    assert code == 2
    assert "not valid UTF-8" in err and "caf\\xe9" in err and "Traceback" not in err
    assert main(["agents", "list"]) == 0  # nothing half-saved
    assert "caf" not in capsys.readouterr().out
