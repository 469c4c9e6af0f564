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
