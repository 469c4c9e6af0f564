"""Reading a workspace file as CSV in the host process, whatever it holds.

The finish check and the small-model policy parse CSV files of the workspace, which
sandboxed code (or a user's half-edited table) can fill with anything. Python's ``csv``
raises on some of it: a field longer than ``csv.field_size_limit()`` (128 KB; one unbalanced
quote makes the rest of a file a single field) is ``csv.Error`` — raised through the finish
check, it ended the whole run with a traceback. Here the table simply ends where it stops
parsing.
"""

from __future__ import annotations

import csv
import io


def table_rows(text: str, limit: int | None = None) -> list[list[str]]:
    """The non-empty rows of the CSV ``text`` (at most ``limit``), up to where it stops
    parsing."""
    rows: list[list[str]] = []
    try:
        for row in csv.reader(io.StringIO(text)):
            if row:
                rows.append(row)
                if limit is not None and len(rows) >= limit:
                    break
    except csv.Error:
        pass
    return rows
