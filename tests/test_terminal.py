"""The terminal UI: AutoGPT-style thoughts, approval prompts, speaking aloud."""

from __future__ import annotations

import shutil
import wave

import pytest
from rich.console import Console

from autonomo.agent.episodes import Action
from autonomo.agent.state import AgentState
from autonomo.cli.terminal import Speaker, TerminalApproval, TerminalObserver


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
