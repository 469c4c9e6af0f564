"""The terminal UI: AutoGPT-style thoughts, approval prompts, speaking aloud."""

from __future__ import annotations

import io
import re
import shutil
import wave

import pytest
from rich.console import Console

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.cli.safe_console import SafeConsole, strip_control
from autonomo.cli.terminal import Speaker, TerminalApproval, TerminalObserver
from autonomo.tools.registry import CommandResult


def thoughts() -> dict[str, str]:
    return {"text": "I should write it", "reasoning": "the task says so",
            "plan": "- write\\n- finish", "self_criticism": "be brief",
            "speak": "-Writing the file now"}


def test_thoughts_and_next_action_are_shown():
    console = Console(record=True, width=200)
    observer = TerminalObserver(console)
    state = AgentState(tasks=["t"])
    observer.on_proposal(state, Action(name="write_file", arguments={"path": "[a].txt"},
                                       thoughts=thoughts()))
    out = console.export_text()
    for label in ("AUTONOMO THOUGHTS", "REASONING", "PLAN", "CRITICISM", "SPEAK",
                  "NEXT ACTION: COMMAND = write_file"):
        assert label in out
    assert '"path": "[a].txt"' in out  # markup-like text is shown as it is


def test_approval_answers_from_the_prompt():
    answers = iter(["y -3", "n"])
    approval = TerminalApproval(Console(), read=lambda prompt: next(answers))
    state, action = AgentState(tasks=["t"]), Action(name="finish")
    assert approval.decide(state, action).count == 3
    assert approval.decide(state, action).kind == "stop"

    def eof(prompt):
        raise EOFError

    assert TerminalApproval(Console(), read=eof).decide(state, action).kind == "stop"


@pytest.mark.skipif(not (shutil.which("espeak-ng") or shutil.which("espeak")),
                    reason="no espeak-ng (scripts/setup.sh installs it)")
def test_speak_produces_real_audio(tmp_path):
    speaker = Speaker(wav_dir=tmp_path)
    observer = TerminalObserver(Console(record=True), speaker=speaker)
    observer.on_proposal(AgentState(tasks=["t"]), Action(name="finish", thoughts=thoughts()))
    with wave.open(str(tmp_path / "speak-0001.wav")) as audio:
        seconds = audio.getnframes() / audio.getframerate()
    assert seconds > 0.5  # "-Writing the file now" was spoken, not taken for an option


# -- untrusted text cannot drive the terminal ------------------------------------------------

#: what a hostile page, file or command prints: clipboard write (OSC 52), window title, clear
#: screen + cursor home, a scroll region hiding the lines below, an 8-bit CSI, a bell
HOSTILE = ("before\x1b]52;c;ZXZpbA==\x07\x1b]0;pwned\x1b\\\x1b[2J\x1b[H\x1b[1;3r"
           "\x9b2J\x07\r\x08after\ttabbed\nnext line")
RICH_STYLE = re.compile(r"\x1b\[[0-9;]*m")


def terminal_output(console_class) -> str:
    out = io.StringIO()
    console = console_class(file=out, force_terminal=True, color_system="standard", width=200)
    observer = TerminalObserver(console)
    state = AgentState(tasks=["t"])
    observer.on_proposal(state, Action(name="read_file", arguments={"path": HOSTILE},
                                       thoughts={"text": HOSTILE}))
    observer.on_episode(state, Episode(number=1, action=Action(name="read_file"),
                                       result=CommandResult(status="success", output=HOSTILE)))
    return out.getvalue()


def test_a_plain_console_passes_escapes_through():
    """Why SafeConsole exists: rich alone keeps ESC."""
    assert "\x1b]52;" in terminal_output(Console)


def test_control_characters_are_stripped_but_styles_and_layout_kept():
    raw = terminal_output(SafeConsole)
    assert RICH_STYLE.search(raw)  # rich's own colours survive
    text = RICH_STYLE.sub("", raw)
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", text), repr(text)
    assert "before]52;c;ZXZpbA==]0;pwned\\[2J[H[1;3r2Jafter" in text  # inert text now
    assert "tabbed" in text
    assert "next line" in text
    assert strip_control(HOSTILE).count("\n") == 1


def test_nothing_untrusted_reaches_the_terminal_through_the_cli(tmp_path, monkeypatch,
                                                                 capsys):
    import yaml

    from agent_helpers import reply
    from autonomo.cli.main import main

    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("AUTONOMO_MEMORY__EMBEDDER", "hashing")
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump([
        reply("write_file", reasoning=HOSTILE, path="page.html", content=HOSTILE),
        reply("read_file", path="page.html"),
        reply("finish", reason=HOSTILE),
    ]))
    assert main(["run", "-c", "--provider", "scripted", "--model", str(script), "--name", "E",
                 "--role", "r", "--debug", f"read {HOSTILE}"]) == 0
    outputs = capsys.readouterr()
    shown = outputs.out + outputs.err
    assert "after" in shown and "pwned" in shown
    from autonomo.agent.state import AgentStore

    agent_id = AgentStore(tmp_path / "data").list()[0].id
    for command in (["agents", "list"], ["agents", "show", agent_id], ["log", agent_id, "--full"],
                    ["memory", agent_id, "list", "--full"]):
        assert main(command) == 0
        captured = capsys.readouterr()
        shown += captured.out + captured.err
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", shown), repr(shown)


def test_unconfigured_log_output_is_stripped_too(capsys):
    import logging

    from autonomo.cli.main import main

    main(["--version"])
    record = logging.LogRecord("autonomo.x", logging.WARNING, __file__, 1, "file %s",
                               (HOSTILE,), None)
    logging.lastResort.handle(record)
    err = capsys.readouterr().err
    assert "pwned" in err and not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", err)
