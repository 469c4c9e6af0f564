"""replace_text against a hostile workspace: a file made by sandboxed code for nothing must
not make the host build and write a result of any size."""

from __future__ import annotations

from pathlib import Path

from tool_helpers import make_ctx, run


def test_a_replacement_that_would_grow_the_file_past_the_limit_is_refused_unbuilt(
        tmp_path: Path) -> None:
    """1 MB of "a", each replaced by 10 characters: 10 MB was built on the host and written
    into the workspace, past the sandbox's disk guard (4 MB of "a" and 5,000 characters
    would be 20 GB). Now refused before the result is built, the file unchanged."""
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "a.txt"
    target.write_text("a" * 1_000_000)
    res = run(ctx, "replace_text", path="a.txt", old="a", new="b" * 10)
    assert res.status == "error", res.output
    assert "would make a.txt 10000000 bytes, more than the 4194304" in res.output
    assert target.read_text() == "a" * 1_000_000
    grown = run(ctx, "replace_text", path="a.txt", old="a" * 1000, new="b" * 4000)
    assert grown.status == "success", grown.output
    assert target.stat().st_size == 4_000_000
