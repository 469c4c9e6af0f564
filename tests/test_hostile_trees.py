"""Deep and huge trees a sandboxed program can leave in a workspace: nothing below them is
lost without a word, and looking at them costs bounded work."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

from autonomo.server.artifacts import snapshot
from autonomo.tools import fstree
from tool_helpers import make_ctx, make_deep_folder, remove_deep_folder, run


def _deepest(root: Path, levels: int) -> Path:
    return root.joinpath(*["d"] * levels)


def _open(path: Path) -> int:
    return os.open(path, fstree.DIR_FLAGS)


def _count_listings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The folders ``fstree`` lists from now on (their descriptors), in order."""
    listings: list[int] = []
    real_listing = fstree._listing

    def counted_listing(fd: int, *rest):
        listings.append(fd)
        return real_listing(fd, *rest)

    monkeypatch.setattr(fstree, "_listing", counted_listing)
    return listings


def test_a_file_300_levels_down_is_copied(tmp_path: Path) -> None:
    """The walk used to stop at 128 levels: a sub-agent's deeper files were not copied back
    to its parent, and nothing said so."""
    src, dst = tmp_path / "src", tmp_path / "dst"
    src.mkdir()
    dst.mkdir()
    make_deep_folder(src, 300)
    (_deepest(src, 300) / "result.txt").write_text("deep")
    s, d = _open(src), _open(dst)
    try:
        assert fstree.copy_tree(s, d) == 1
    finally:
        os.close(s)
        os.close(d)
    assert (_deepest(dst, 300) / "result.txt").read_text() == "deep"


def test_a_walk_1100_levels_deep_reaches_the_bottom_with_few_descriptors(
        tmp_path: Path) -> None:
    make_deep_folder(tmp_path, 1100)
    try:
        top = _open(tmp_path)
        gc.collect()  # an earlier test's garbage closing its files mid-walk is not the walk's
        before = len(os.listdir("/proc/self/fd"))
        most, deepest = 0, 0
        try:
            for folder in fstree.walk(top):
                deepest = max(deepest, len(folder.parts))
                most = max(most, len(os.listdir("/proc/self/fd")) - before)
            after = len(os.listdir("/proc/self/fd"))
        finally:
            os.close(top)
        assert deepest == 1100
        assert most <= fstree.OPEN_LEVELS + 2
        assert after <= before  # nothing left open (another thread may close its own)
    finally:
        remove_deep_folder(tmp_path)


def test_server_artifacts_list_a_file_200_levels_down(tmp_path: Path) -> None:
    make_deep_folder(tmp_path, 200)
    (_deepest(tmp_path, 200) / "out.txt").write_text("x")
    assert ("/".join(["d"] * 200), "out.txt") in snapshot(tmp_path)


def test_a_folder_moved_while_walked_above_the_open_levels_stops_with_a_notice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Climbing back through ``..`` must not land in the wrong folder: level 50 is moved to
    the top while the walk is 150 levels down; its ``..`` is then the top, not level 49,
    whose sibling ``e`` would otherwise be looked for in the top."""
    src, dst = tmp_path / "src", tmp_path / "dst"
    src.mkdir()
    dst.mkdir()
    make_deep_folder(src, 200)
    (_deepest(src, 49) / "e").mkdir()
    (_deepest(src, 49) / "e" / "mine.txt").write_text("x")
    (src / "e").mkdir()
    (src / "e" / "not-here.txt").write_text("x")
    real_scandir = os.scandir
    entered: list[int] = []

    def scandir_then_move(where=None):
        entered.append(1)
        if len(entered) == 150:
            os.rename(_deepest(src, 50), src / "moved")
        return real_scandir(where)

    s, d = _open(src), _open(dst)
    monkeypatch.setattr(os, "scandir", scandir_then_move)
    try:
        with pytest.raises(fstree.IncompleteCopy) as caught:
            fstree.copy_tree(s, d)
    finally:
        os.close(s)
        os.close(d)
    assert len(entered) >= 150
    assert caught.value.missed == [(("d",) * 49, "moved while it was walked; the rest was not "
                                                "walked")]
    assert "moved while it was walked" in str(caught.value)
    assert not (_deepest(dst, 49) / "e" / "not-here.txt").exists()


def test_list_folder_names_a_folder_it_could_not_enter(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``sub`` is swapped for a link to a host folder after the top was listed and before it
    is opened: it is not followed, and the listing says it was left out."""
    ctx = make_ctx(tmp_path)
    ws, host = ctx.workspace, tmp_path / "host"
    (ws / "sub").mkdir()
    (ws / "sub" / "mine.txt").write_text("x")
    host.mkdir()
    (host / "host_secret.txt").write_text("x")
    real_listing = fstree._listing
    calls: list[int] = []

    def listing_then_swap(fd: int, *rest):
        listed = real_listing(fd, *rest)
        calls.append(fd)
        if len(calls) == 1:  # the top
            os.rename(ws / "sub", ws / "sub-real")
            os.symlink(host, ws / "sub")
        return listed

    monkeypatch.setattr(fstree, "_listing", listing_then_swap)
    out = run(ctx, "list_folder", recursive=True).output
    assert "host_secret" not in out
    assert "[sub/: not listed whole: no longer a folder" in out


def test_list_folder_stops_working_once_its_output_is_full(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """100,000 files used to cost one ``stat`` each (and 200 folders one listing each) before
    the output was cut to its cap."""
    ctx = make_ctx(tmp_path, sandbox={"output_cap": 300})
    for i in range(2000):
        (ctx.workspace / f"file-{i:05d}.txt").touch()
    for i in range(200):
        (ctx.workspace / f"dir-{i:03d}").mkdir()
        (ctx.workspace / f"dir-{i:03d}" / "x.txt").touch()
    stats: list[str] = []
    real_stat = os.stat

    def counted_stat(path, *args, **kwargs):
        stats.append(path)
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", counted_stat)
    listings = _count_listings(monkeypatch)
    flat = run(ctx, "list_folder").output
    assert len(stats) < 50
    assert flat.startswith("dir-000/\ndir-001/\n")
    assert flat.endswith("[truncated after 300 characters; list a sub-folder to see more]")
    stats.clear()
    listings.clear()
    deep = run(ctx, "list_folder", recursive=True).output
    assert "[truncated after 300 characters" in deep
    assert len(listings) < 50 and len(stats) < 50


class _CountedScandir:
    """``os.scandir`` that counts the entries its callers take."""

    def __init__(self) -> None:
        self.taken = 0
        self._real = os.scandir

    def __call__(self, where=None):
        real = self._real(where)
        counter = self

        class Counted:
            def __enter__(self):
                return self

            def __exit__(self, *exc):
                real.close()

            def __iter__(self):
                for entry in real:
                    counter.taken += 1
                    yield entry

        return Counted()


def test_the_situation_reads_a_bounded_part_of_a_huge_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The situation is computed about twice a step; a folder of a million files used to be
    read whole and sorted each time (seconds per step)."""
    from autonomo.agent.strategies import grounding

    for i in range(grounding.MAX_SCANNED + 3000):
        (tmp_path / f"f{i:05d}.txt").touch()
    counted = _CountedScandir()
    monkeypatch.setattr(os, "scandir", counted)
    where = grounding.situation(tmp_path, "Write hi to out.txt")
    assert counted.taken <= grounding.MAX_SCANNED + 1
    assert len(where.files) == grounding.MAX_ENTRIES
    assert all(name.startswith("f") and name.endswith(".txt") for name in where.files)


def test_list_folder_reads_a_bounded_part_of_a_huge_folder_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from autonomo.tools import files

    ctx = make_ctx(tmp_path, sandbox={"output_cap": 300})
    monkeypatch.setattr(files, "LIST_MAX_NAMES", 1000)
    for i in range(1500):
        (ctx.workspace / f"f{i:05d}.txt").touch()
    counted = _CountedScandir()
    monkeypatch.setattr(os, "scandir", counted)
    out = run(ctx, "list_folder").output
    assert counted.taken <= 1001
    assert out.startswith("[./: not listed whole: more than 1000 entries; only 1000 were "
                          "looked at]\nf")


def test_server_artifacts_walk_a_bounded_number_of_folders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The snapshot runs twice a step: a tree of 100,000 folders (deep or wide) would cost
    seconds each time."""
    make_deep_folder(tmp_path, 300)
    for i in range(300):
        (tmp_path / f"w{i:03d}").mkdir()
    (tmp_path / "top.txt").write_text("x")
    listings = _count_listings(monkeypatch)
    found = snapshot(tmp_path, limit=100)
    assert ("", "top.txt") in found
    assert len(listings) <= 100


def test_a_walk_with_a_folder_budget_says_where_it_stopped(tmp_path: Path) -> None:
    make_deep_folder(tmp_path, 30)
    top = _open(tmp_path)
    try:
        folders = fstree.walk(top, max_folders=10)
        assert len(list(folders)) == 10
    finally:
        os.close(top)
    assert folders.missed == [(("d",) * 10, "more than 10 folders; the rest was not walked")]


def test_the_finish_checks_file_listing_walks_a_bounded_number_of_folders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from autonomo.agent import finishing_record

    make_deep_folder(tmp_path, 300)
    (tmp_path / "top.txt").write_text("x")
    listings = _count_listings(monkeypatch)
    monkeypatch.setattr(finishing_record, "MAX_FILES", 100)
    assert finishing_record.files_below(tmp_path) == ["top.txt"]
    assert len(listings) <= 100


def test_a_walk_20000_levels_deep_keeps_memory_linear_in_the_depth(tmp_path: Path) -> None:
    """Each folder held its whole path: a chain 20,000 deep took 1.6 GB (and 52 s) to walk,
    a deeper one would take the host down. Now the deepest folder's path is built from
    its parents only when asked."""
    import tracemalloc

    make_deep_folder(tmp_path, 20_000)
    top = _open(tmp_path)
    try:
        tracemalloc.start()
        deepest = None
        for folder in fstree.walk(top):
            deepest = folder if deepest is None or folder.depth > deepest.depth else deepest
        _now, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert deepest is not None and deepest.depth == 20_000
        assert deepest.parts == ("d",) * 20_000
        assert peak < 50_000_000
    finally:
        fstree.remove_tree(top, "d")
        os.close(top)


def test_a_search_walks_a_bounded_number_of_folders_and_says_where_it_did_not_look(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """search_files walked the whole tree (a million folders made by sandboxed code: minutes
    a search), and "no match" did not say that part of the tree was not looked at."""
    from autonomo.tools import search

    ctx = make_ctx(tmp_path)
    for index in range(300):
        (ctx.workspace / f"f{index:03}").mkdir()
        (ctx.workspace / f"f{index:03}" / "x.txt").write_text("hay\n")
    monkeypatch.setattr(search, "SEARCH_MAX_FOLDERS", 50)
    listings = _count_listings(monkeypatch)
    out = run(ctx, "search_files", content="needle").output
    assert len(listings) == 50
    assert out.startswith("No files matching '*' containing 'needle' in .")
    assert "[not searched: f049 (more than 50 folders; the rest was not walked)]" in out


@pytest.mark.parametrize(("bound", "value", "said"), [
    ("SEARCH_MAX_READ", 10_000, "[stopped early: looked at 10000 bytes of files"),
    ("SEARCH_MAX_NAMES", 30, "[stopped early: looked at 30 names"),
])
def test_a_search_reads_a_bounded_number_of_names_and_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bound: str, value: int,
        said: str) -> None:
    from autonomo.tools import search

    ctx = make_ctx(tmp_path)
    for index in range(10):
        folder = ctx.workspace / f"f{index}"
        folder.mkdir()
        for number in range(10):
            (folder / f"{number}.txt").write_text("hay\n" * 250)  # 1,000 bytes
    monkeypatch.setattr(search, bound, value)
    greps: list[str] = []
    real_grep = search._grep
    monkeypatch.setattr(search, "_grep", lambda fd, name, rel, *rest: greps.append(rel) or
                        real_grep(fd, name, rel, *rest))
    out = run(ctx, "search_files", content="needle").output
    assert len(greps) <= (10 if bound == "SEARCH_MAX_READ" else 30), greps
    assert said in out and "the rest of . was not searched" in out


def test_a_regular_expression_that_backtracks_for_hours_is_stopped(tmp_path: Path) -> None:
    """``(x+x+)+y`` against a line of 40 "x"s backtracks for hours in Python's ``re``, in the
    host process (a file sandboxed code left, a pattern the model chose): the search now
    uses the ``regex`` engine (40 "x"s take it 2 ms), with a time limit that a line of 3,000
    "x"s exceeds, and says it stopped. Run in a child, so that a hang is a
    failure, not a stuck suite."""
    import json
    import subprocess
    import sys

    workspace = tmp_path / "workspace"
    workspace.mkdir()
    (workspace / "a.txt").write_text("x" * 40 + "\n" + "x" * 3000 + "\n")
    (workspace / "b.txt").write_text("xy\n")
    spec = {"tmp": str(tmp_path), "command": "search_files", "limit": 2**40, "crash": False,
            "arguments": {"content": "(x+x+)+y", "regex": True}}
    child = Path(__file__).parent / "write_limit_child.py"
    done = subprocess.run([sys.executable, str(child), json.dumps(spec)], timeout=120,
                          capture_output=True, text=True)
    output = json.loads(done.stdout)["output"]
    assert "[stopped early: matching the regular expression took more than 1.0 s" in output
