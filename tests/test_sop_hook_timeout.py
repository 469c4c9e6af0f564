"""An SOP file's hook ``timeout`` cannot outlast the sandbox's own limit (i8x's finding)."""

from __future__ import annotations

import pytest

from autonomo.team.sop.hooks import bounded_timeout


@pytest.mark.parametrize(("given", "expected"), [
    ("2", 2.0),          # a sensible value is kept
    ("1e9", 60.0),       # a huge one stops at the sandbox's limit
    ("inf", 5.0),        # not finite: the hook's default
    ("nan", 5.0),
    ("-1", 5.0),         # not positive
    ("0", 5.0),
    ("soon", 5.0),       # not a number
])
def test_hook_timeout_is_bounded(given: str, expected: float) -> None:
    assert bounded_timeout({"timeout": given}, 5.0, 60.0) == expected


def test_default_also_bounded_by_a_stricter_sandbox() -> None:
    assert bounded_timeout({}, 30.0, 10.0) == 10.0
