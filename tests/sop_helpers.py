"""Shared pieces for the SOP tests: where the real ChatDev/aiwaves files are, and runs."""

from __future__ import annotations

from pathlib import Path

import pytest


def formats_dir() -> Path:
    """``shared/formats`` beside the checkout (or beside a folder above it: worktrees)."""
    here = Path(__file__).resolve().parents[1]
    for folder in (here, *here.parents):
        candidate = folder.parent / "shared" / "formats"
        if candidate.is_dir():
            return candidate
    pytest.skip("shared/formats is not beside this checkout")
    raise AssertionError  # unreachable


def chatdev_default() -> Path:
    return formats_dir() / "chatdev" / "Default"


def aiwaves_config() -> Path:
    return formats_dir() / "aiwaves" / "software_company.config.json"


class Recorder:
    """An SOP observer that keeps every event."""

    def __init__(self) -> None:
        self.events: list = []

    def on_event(self, event) -> None:
        self.events.append(event)

    def of(self, kind: str) -> list[dict]:
        return [e.data for e in self.events if e.kind == kind]

    def speakers(self, state: str | None = None) -> list[str]:
        return [d["role"] for d in self.of("message") if state is None or d["state"] == state]


#: an SOP whose Founder is a person: two of their turns, the investor's model between
PITCH = """\
sop: 1
name: pitch
roles:
  Founder:
    human: true
  Investor:
    prompt: "You are an investor hearing a pitch about {task}."
start: pitch
states:
  pitch:
    roles: [Investor, Founder]
    opening: {role: Investor, text: "Tell me about {task}."}
    max_turns: 3
    next: [{to: verdict}]
  verdict:
    roles: [Investor]
    max_turns: 1
"""
PITCH_REPLIES = ["Interesting. What does it cost to make?", "I will invest."]


def wait_for(check, timeout: float = 30.0, what: str = "the condition"):
    """Poll ``check()`` until it returns something true; that value."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")
