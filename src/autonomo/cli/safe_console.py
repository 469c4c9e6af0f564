"""The terminal's output boundary: no control character from untrusted text reaches it.

Command output, file contents, web pages and model replies can carry escape sequences that
set the window title, write the clipboard (OSC 52), clear the screen or shrink the scroll
region to hide the next proposal the user must approve. Every CLI console is a
``SafeConsole``: it removes control characters (all but newline and tab, C1 included) from
the text it prints, after rendering and before rich adds its own styles — so one place
covers every message, whatever its source, and rich's colours still work.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Iterable

from rich.console import Console
from rich.segment import Segment

#: C0 controls except tab (09) and newline (0a), DEL, and the C1 range (8-bit CSI, OSC, ...)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def strip_control(text: str) -> str:
    """``text`` without control characters other than newline and tab."""
    return _CONTROL.sub("", text)


class SafeConsole(Console):
    """A rich ``Console`` whose printed text cannot carry terminal escapes."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        # rich's own control segments (cursor moves of a spinner) are kept; text is cleaned
        return super()._render_buffer(
            segment if segment.control else Segment(strip_control(segment.text), segment.style)
            for segment in buffer
        )


class _SafeLastResort(logging.Handler):
    """Python's handler of last resort (warnings when logging is not configured), with the
    message's control characters removed: log lines can quote file names and outputs."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(strip_control(self.format(record)) + "\n")
        except Exception:  # a broken stream must not break the program (as logging does)
            self.handleError(record)


def install_safe_log_output() -> None:
    """Route unconfigured logging through ``strip_control`` (the CLI calls this once)."""
    if not isinstance(logging.lastResort, _SafeLastResort):
        logging.lastResort = _SafeLastResort(logging.WARNING)
