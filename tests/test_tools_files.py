"""File commands on a real temporary workspace; every escape attempt is refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from autonomo.errors import WorkspaceError
from autonomo.tools.workspace import Workspace
from tool_helpers import (
    make_ctx,
    make_deep_folder,
    remove_deep_folder,
    run,
    swap_for_symlink,
)


@pytest.fixture
def ctx(tmp_path: Path):
    return make_ctx(tmp_path, sandbox={"output_cap": 300})


def test_workspace_resolves_inside_paths(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    assert ws.resolve("a/b.txt") == tmp_path.resolve() / "a/b.txt"
    assert ws.resolve("a/../b.txt") == tmp_path.resolve() / "b.txt"
    assert ws.resolve(str(tmp_path / "c.txt")) == tmp_path.resolve() / "c.txt"
    assert ws.resolve("/workspace/d.txt") == tmp_path.resolve() / "d.txt"
    assert ws.resolve("") == tmp_path.resolve()


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("../outside.txt", "'..' climbs out"),
        ("a/../../outside.txt", "'..' climbs out"),
        ("/etc/passwd", "absolute path outside"),
        ("~/.bashrc", "absolute path outside"),
        ("file\x00.txt", "NUL byte"),
    ],
)
def test_workspace_refuses_escapes(tmp_path: Path, path: str, reason: str) -> None:
    (tmp_path / "ws").mkdir()
    with pytest.raises(WorkspaceError, match=reason) as info:
        Workspace(tmp_path / "ws").resolve(path)
    assert "relative to the workspace" in str(info.value)


def test_symlinks_pointing_out_are_refused(tmp_path: Path) -> None:
    ws_dir = tmp_path / "ws"
    ws_dir.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("secret")
    (ws_dir / "link.txt").symlink_to(secret)
    (ws_dir / "linkdir").symlink_to(tmp_path)
    (ws_dir / "inside.txt").write_text("fine")
    (ws_dir / "ok-link").symlink_to(ws_dir / "inside.txt")
    ws = Workspace(ws_dir)
    for path in ("link.txt", "linkdir/secret.txt", "linkdir"):
        with pytest.raises(WorkspaceError, match="symbolic link"):
            ws.resolve(path)
    assert ws.resolve("ok-link").read_text() == "fine"


def test_write_read_append_delete(ctx) -> None:
    assert run(ctx, "write_file", path="notes/a.txt", content="one\n").status == "success"
    assert (ctx.workspace / "notes/a.txt").read_text() == "one\n"
    res = run(ctx, "append_to_file", path="notes/a.txt", content="two\n")
    assert res.output == "Appended 4 characters to notes/a.txt."
    assert run(ctx, "read_file", path="notes/a.txt").output == "one\ntwo\n"
    assert run(ctx, "delete_file", path="notes/a.txt").output == "Deleted notes/a.txt."
    assert not (ctx.workspace / "notes/a.txt").exists()
    assert run(ctx, "delete_file", path="notes").status == "success"  # now empty


def test_opendevin_aliases(ctx) -> None:
    assert run(ctx, "write", path="x.txt", content="via alias").status == "success"
    assert run(ctx, "read", path="x.txt").output == "via alias"


def test_escapes_become_error_results(ctx, tmp_path: Path) -> None:
    res = run(ctx, "write_file", path="../escape.txt", content="x")
    assert res.status == "error" and "Refused path" in res.output
    assert not (tmp_path / "escape.txt").exists()
    res = run(ctx, "read_file", path="/etc/passwd")
    assert res.status == "error" and "root:" not in res.output
    (ctx.workspace / "out").symlink_to(tmp_path)
    res = run(ctx, "write_file", path="out/evil.txt", content="x")
    assert res.status == "error" and not (tmp_path / "evil.txt").exists()
    assert run(ctx, "delete_file", path=".").status == "error"


def test_read_is_capped_and_pages(ctx) -> None:
    lines = "".join(f"line {i:03d}\n" for i in range(1, 201))
    (ctx.workspace / "long.txt").write_text(lines)
    first = run(ctx, "read_file", path="long.txt").output
    assert first.startswith("line 001")
    assert "[truncated: showing lines 1-" in first and "start_line=" in first
    next_line = int(first.rsplit("start_line=", 1)[1].split()[0])
    second = run(ctx, "read_file", path="long.txt", start_line=next_line, max_lines=2).output
    assert second.startswith(f"line {next_line:03d}\nline {next_line + 1:03d}\n")


def test_binary_and_missing_files(ctx) -> None:
    (ctx.workspace / "blob.bin").write_bytes(b"\x00\x01\x02" * 10)
    assert "binary file" in run(ctx, "read_file", path="blob.bin").output
    res = run(ctx, "read_file", path="nope.txt")
    assert res.status == "error" and "does not exist" in res.output


def test_list_folder(ctx) -> None:
    (ctx.workspace / "src").mkdir()
    (ctx.workspace / "src/main.py").write_text("print(1)\n")
    (ctx.workspace / "README.md").write_text("hi")
    flat = run(ctx, "list_folder").output.splitlines()
    assert flat == ["README.md (2 bytes)", "src/"]
    deep = run(ctx, "list_folder", recursive=True).output.splitlines()
    assert "src/main.py (9 bytes)" in deep


def test_list_folder_is_capped(ctx) -> None:
    for i in range(100):
        (ctx.workspace / f"file-{i:03d}.txt").write_text("")
    out = run(ctx, "list_folder").output
    assert "[truncated after 300 characters" in out


def test_search_by_name_and_content(ctx) -> None:
    (ctx.workspace / "pkg").mkdir()
    (ctx.workspace / "pkg/a.py").write_text("def main():\n    return 42\n")
    (ctx.workspace / "pkg/b.py").write_text("x = 1\n")
    (ctx.workspace / "notes.txt").write_text("main idea\n")
    (ctx.workspace / "data.bin").write_bytes(b"\x00main")
    assert run(ctx, "search_files", pattern="*.py").output.splitlines() == ["pkg/a.py", "pkg/b.py"]
    hits = run(ctx, "search_files", content="main").output.splitlines()
    assert hits == ["notes.txt:1: main idea", "pkg/a.py:1: def main():"]
    regex = run(ctx, "search_files", pattern="*.py", content=r"return \d+", regex=True).output
    assert regex == "pkg/a.py:2: return 42"
    bad = run(ctx, "search_files", content="(", regex=True)
    assert bad.status == "error" and "Invalid regular expression" in bad.output
    assert "No files matching" in run(ctx, "search_files", pattern="*.rs").output
    limited = run(ctx, "search_files", max_results=1).output
    assert "stopped after 1 results" in limited


def test_write_does_not_follow_a_final_symlink(ctx, tmp_path: Path) -> None:
    target = ctx.workspace / "real.txt"
    target.write_text("original")
    (ctx.workspace / "alias.txt").symlink_to(target)
    assert run(ctx, "write_file", path="alias.txt", content="new").status == "success"
    assert target.read_text() == "new"  # the link points inside: resolved, written through
    assert os.path.islink(ctx.workspace / "alias.txt")


@pytest.fixture
def swap_after_resolve(ctx, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The race a reviewer won, made deterministic: the path is checked while 'd' is a real
    folder, then 'd' is renamed and a symlink to a folder outside takes its place before
    the command acts."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("host secret")
    (outside / "sub").mkdir()
    (ctx.workspace / "d" / "sub").mkdir(parents=True)
    (ctx.workspace / "d" / "secret.txt").write_text("mine")
    swap_for_symlink(monkeypatch, ctx.workspace, "d", outside)
    return outside


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("write_file", {"path": "d/pwned.txt", "content": "x"}),
        ("write_file", {"path": "d/sub/new/pwned.txt", "content": "x"}),
        ("append_to_file", {"path": "d/secret.txt", "content": "x"}),
        ("read_file", {"path": "d/secret.txt"}),
        ("delete_file", {"path": "d/secret.txt"}),
        ("delete_file", {"path": "d/sub"}),
        ("search_files", {"content": "secret", "path": "d"}),
        ("list_folder", {"path": "d"}),
        ("list_folder", {"path": "d", "recursive": True}),
    ],
)
def test_a_folder_swapped_for_a_symlink_is_never_followed(
    ctx, swap_after_resolve: Path, name: str, arguments: dict
) -> None:
    outside = swap_after_resolve
    res = run(ctx, name, **arguments)
    assert "host secret" not in res.output
    assert "sub" not in res.output and "secret.txt" not in res.output.replace("d/", "")
    if name != "search_files":
        assert res.status == "error" and "symbolic link" in res.output
    assert sorted(p.name for p in outside.iterdir()) == ["secret.txt", "sub"]
    assert list((outside / "sub").iterdir()) == []
    assert (outside / "secret.txt").read_text() == "host secret"


def test_a_fifo_is_refused_not_waited_on(ctx) -> None:
    os.mkfifo(ctx.workspace / "notes.txt")  # opening it to read would block forever
    res = run(ctx, "read_file", path="notes.txt")
    assert res.status == "error" and "named pipe" in res.output
    (ctx.workspace / "real.txt").write_text("notes here\n")
    hits = run(ctx, "search_files", content="notes").output
    assert hits == "real.txt:1: notes here"
    res = run(ctx, "write_file", path="notes.txt", content="x")
    assert res.status == "error"


def test_reading_a_huge_file_reads_only_its_start(ctx, monkeypatch: pytest.MonkeyPatch) -> None:
    from autonomo.tools import files

    monkeypatch.setattr(files, "_READ_MAX_BYTES", 1000)
    with open(ctx.workspace / "big.txt", "w") as handle:
        handle.write("first line\n")
        handle.truncate(1500 * 1024 * 1024)  # sparse: 1.5 GB that takes no disk
    # sparse zeros look binary; make the start text and the read still stops early
    res = run(ctx, "read_file", path="big.txt")
    assert res.status == "error" and "binary" in res.output
    with open(ctx.workspace / "long.txt", "w") as handle:
        handle.write("abc\n" * 1000)
    out = run(ctx, "read_file", path="long.txt", max_lines=2).output
    assert out.startswith("abc\nabc\n")
    assert "the file is 4000 bytes; only its first 1000 bytes were read" in out


@pytest.mark.parametrize("name", ["analyze_code", "improve_code", "write_tests"])
def test_code_helpers_read_a_path_without_following_a_swapped_in_symlink(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """The file passes the path check as a regular file, then becomes a symlink to a host
    file before it is read: the host file must never reach the model's prompt."""
    from autonomo.llm.scripted import ScriptedModel

    model = ScriptedModel(["Looks fine."])
    ctx = make_ctx(tmp_path, model=model)
    host_file = tmp_path / "shadow"
    host_file.write_text("root:HOST-SECRET-HASH:19000:0:99999:7:::")
    (ctx.workspace / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    moved = swap_for_symlink(monkeypatch, ctx.workspace, "calc.py", host_file)
    extra = {"suggestions": ["add type hints"]} if name == "improve_code" else {}
    res = run(ctx, name, path="calc.py", **extra)
    prompts = "".join(m.content for call in model.calls for m in call["messages"])
    assert moved.exists()  # the swap happened
    assert "HOST-SECRET" not in prompts and "HOST-SECRET" not in res.output
    assert res.status == "error" and "symbolic link" in res.output


def test_code_helpers_read_a_workspace_file(tmp_path: Path) -> None:
    from autonomo.llm.scripted import ScriptedModel

    model = ScriptedModel(["No bugs."])
    ctx = make_ctx(tmp_path, model=model)
    (ctx.workspace / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    assert run(ctx, "analyze_code", path="calc.py").output == "No bugs."
    assert "return a + b" in model.calls[0]["messages"][-1].content
    missing = run(ctx, "analyze_code", path="nope.py")
    assert missing.status == "error" and "does not exist" in missing.output


def test_file_names_cannot_forge_listing_lines(ctx) -> None:
    """A name with a newline or terminal codes is shown escaped, on one line."""
    (ctx.workspace / "a.txt\nsecret.txt (0 bytes)").write_text("x")
    (ctx.workspace / "b\x1b]0;owned\x07.txt").write_text("needle\x1b[2J here")
    (ctx.workspace / "ok.txt").write_text("")
    listing = run(ctx, "list_folder").output.splitlines()
    assert listing == [
        "a.txt\\nsecret.txt (0 bytes) (1 bytes)",
        "b\\x1b]0;owned\\x07.txt (15 bytes)",
        "ok.txt (0 bytes)",
    ]
    found = run(ctx, "search_files").output.splitlines()
    assert found == ["a.txt\\nsecret.txt (0 bytes)", "b\\x1b]0;owned\\x07.txt", "ok.txt"]
    hit = run(ctx, "search_files", content="needle").output
    assert hit == "b\\x1b]0;owned\\x07.txt:1: needle\\x1b[2J here"
    assert "\x1b" not in hit


def test_a_folder_1100_levels_deep_does_not_break_listing_or_search(ctx) -> None:
    make_deep_folder(ctx.workspace, 1100)
    try:
        (ctx.workspace / "top.txt").write_text("needle\n")
        listing = run(ctx, "list_folder", recursive=True)
        assert listing.status == "success", listing.output
        assert "top.txt (7 bytes)" in listing.output
        assert run(ctx, "search_files", content="needle").output == "top.txt:1: needle"
        assert run(ctx, "list_folder").output.splitlines() == ["d/", "top.txt (7 bytes)"]
    finally:
        remove_deep_folder(ctx.workspace)


def test_a_path_longer_than_the_system_takes_is_refused_before_it_is_checked(
        tmp_path: Path) -> None:
    """A 100 KB path ("a/a/…", from a reply or a task's token) was checked in O(n²): its
    50,000 parents compared one by one (4 s a check; names.task_files checks every token).
    No file has such a path: it is refused at once, naming the limit."""
    ctx = make_ctx(tmp_path)
    ws = Workspace(ctx.workspace)
    deep = "a/" * 50_000 + "x.txt"
    with pytest.raises(WorkspaceError, match="100005 bytes long; a path has at most 4096"):
        ws.resolve(deep)
    assert ws.kind(deep) is None and not ws.exists(deep)
    res = run(ctx, "write_file", path=deep, content="x")
    assert res.status == "error" and "at most 4096" in res.output
    assert os.listdir(ctx.workspace) == []
    inside = "a/" * 2_000 + "x.txt"  # 4,005 bytes: checked as before
    assert ws.resolve(inside) == ctx.workspace.resolve() / inside
