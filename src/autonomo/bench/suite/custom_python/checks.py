"""Shared by the built-in suite's checks (``from checks import text``)."""

from pathlib import Path


def text(name):
    """The text of the workspace file ``name``; an assertion error when it is missing."""
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()
