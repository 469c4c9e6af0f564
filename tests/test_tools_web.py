"""Web commands against a real HTTP server on loopback (explicitly allowed in these tests)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
from pathlib import Path

import pytest

from autonomo.config import WebConfig
from autonomo.llm.scripted import ScriptedModel
from autonomo.tools import fstree
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.netguard import check_url
from autonomo.tools.registry import CommandError
from autonomo.tools.web import SearchHit, register_search_engine
from tool_helpers import make_ctx, run, swap_for_symlink
from web_server import LoopbackServer

ALLOW_LOOPBACK = {"allow_private_addresses": True}


@pytest.fixture
def server(tmp_path: Path):
    root = tmp_path / "served"
    root.mkdir()
    with LoopbackServer(root) as srv:
        srv.root = root
        yield srv


def test_loopback_is_refused_by_default(tmp_path: Path, server) -> None:
    ctx = make_ctx(tmp_path)
    res = run(ctx, "read_webpage", url=f"{server.url}/article.html", raw=True)
    assert res.status == "error"
    assert "loopback, private or link-local" in res.output
    assert "allow_private_addresses" in res.output


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/",
        "http://localhost:8080/admin",
        "http://10.1.2.3/",
        "http://192.168.0.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://0.0.0.0/",
        "http://[fe80::1]/",
    ],
)
def test_private_addresses_are_refused(url: str) -> None:
    with pytest.raises(CommandError, match="loopback, private or link-local"):
        check_url(url, allow_private=False)


def test_other_schemes_are_refused_and_public_addresses_pass() -> None:
    for url in ("file:///etc/passwd", "ftp://example.com/x", "gopher://x"):
        with pytest.raises(CommandError, match="Only http and https"):
            check_url(url, allow_private=True)
    assert check_url("http://93.184.216.34/", allow_private=False) == "http://93.184.216.34/"


def test_read_webpage_returns_the_main_text(tmp_path: Path, server) -> None:
    ctx = make_ctx(tmp_path, web=ALLOW_LOOPBACK)
    res = run(ctx, "read_webpage", url=f"{server.url}/redirect", raw=True)
    assert res.status == "success", res.output
    assert f"{server.url}/article.html" in res.output  # followed the redirect
    assert "The capital of France is Paris." in res.output
    assert "Menu Menu Menu" not in res.output and "Copyright" not in res.output


def test_read_webpage_answers_a_question_with_the_model(tmp_path: Path, server) -> None:
    model = ScriptedModel(["The capital of Japan is Tokyo."])
    ctx = make_ctx(tmp_path, model=model, web=ALLOW_LOOPBACK)
    res = run(
        ctx, "read_webpage", url=f"{server.url}/article.html",
        question="What is the capital of Japan?",
    )
    assert res.output == f"From {server.url}/article.html: The capital of Japan is Tokyo."
    prompt = model.calls[0]["messages"][-1].content
    assert "What is the capital of Japan?" in prompt
    assert "Tokyo, a metropolis" in prompt


def test_read_webpage_topics_of_interest(tmp_path: Path, server) -> None:
    model = ScriptedModel(["France: Paris."])
    ctx = make_ctx(tmp_path, model=model, web=ALLOW_LOOPBACK)
    res = run(
        ctx, "read_webpage", url=f"{server.url}/article.html",
        topics_of_interest=["France", "population"],
    )
    assert res.output.endswith("France: Paris.")
    assert "France, population" in model.calls[0]["messages"][-1].content


def test_read_webpage_errors(tmp_path: Path, server) -> None:
    ctx = make_ctx(tmp_path, web=ALLOW_LOOPBACK)
    missing = run(ctx, "read_webpage", url=f"{server.url}/missing")
    assert missing.status == "error" and "HTTP 404" in missing.output
    image = run(ctx, "read_webpage", url=f"{server.url}/image.png")
    assert image.status == "error" and "download_file" in image.output
    loop = run(ctx, "read_webpage", url=f"{server.url}/loop")
    assert loop.status == "error" and "redirected more than" in loop.output
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    closed = run(ctx, "read_webpage", url=f"http://127.0.0.1:{port}/")
    assert closed.status == "error" and "Could not fetch" in closed.output


def test_unresolvable_host_gives_a_clear_error(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path)
    res = run(ctx, "read_webpage", url="http://no-such-host.invalid/")
    assert res.status == "error" and "Could not resolve" in res.output


def test_download_file(tmp_path: Path, server) -> None:
    off = make_ctx(tmp_path, web=ALLOW_LOOPBACK)
    assert "download_file" not in builtin_registry().select(settings=off.settings)
    assert "allow_downloads" in run(off, "download_file", url=f"{server.url}/data.csv",
                                    path="d.csv").output
    ctx = make_ctx(tmp_path, web={**ALLOW_LOOPBACK, "allow_downloads": True, "max_download_mb": 1})
    assert "download_file" in builtin_registry().select(settings=ctx.settings)
    res = run(ctx, "download_file", url=f"{server.url}/data.csv", path="data/cities.csv")
    assert res.status == "success", res.output
    assert (ctx.workspace / "data/cities.csv").read_text() == "city,country\nParis,France\n"
    big = run(ctx, "download_file", url=f"{server.url}/big", path="big.txt")
    assert big.status == "error" and "1 MB download limit" in big.output
    assert not (ctx.workspace / "big.txt").exists()
    assert list((ctx.workspace).glob(".download-*")) == []
    escape = run(ctx, "download_file", url=f"{server.url}/data.csv", path="../x.csv")
    assert escape.status == "error" and not (tmp_path / "x.csv").exists()
    # a download named like a file the workspace has keeps that file unless asked
    (ctx.workspace / "mine.csv").write_text("the user's own table\n")
    res = run(ctx, "download_file", url=f"{server.url}/data.csv", path="mine.csv")
    assert res.status == "error" and "mine.csv already exists" in res.output, res.output
    assert (ctx.workspace / "mine.csv").read_text() == "the user's own table\n"
    res = run(ctx, "download_file", url=f"{server.url}/data.csv", path="mine.csv",
              overwrite=True)
    assert res.status == "success" and (ctx.workspace / "mine.csv").read_text().startswith("city")


def _serve_demo_repo(tmp_path: Path, server) -> None:
    source = tmp_path / "source"
    source.mkdir()
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q", str(source)], check=True)
    (source / "hello.py").write_text("print('hello')\n")
    subprocess.run([*git, "-C", str(source), "add", "."], check=True)
    subprocess.run([*git, "-C", str(source), "commit", "-qm", "first"], check=True)
    bare = server.root / "demo.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(source), str(bare)], check=True)
    subprocess.run(["git", "-C", str(bare), "update-server-info"], check=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_clone_repository_over_http(tmp_path: Path, server) -> None:
    _serve_demo_repo(tmp_path, server)
    refused = make_ctx(tmp_path, web={**ALLOW_LOOPBACK})
    off = run(refused, "clone_repository", url=f"{server.url}/demo.git")
    assert "allow_git_clone" in off.output
    default = make_ctx(tmp_path, web={"allow_git_clone": True})
    res = run(default, "clone_repository", url=f"{server.url}/demo.git")
    assert res.status == "error" and "loopback" in res.output

    ctx = make_ctx(tmp_path, web={**ALLOW_LOOPBACK, "allow_git_clone": True})
    res = run(ctx, "clone_repository", url=f"{server.url}/demo.git")
    assert res.status == "success", res.output
    assert (ctx.workspace / "demo/hello.py").read_text() == "print('hello')\n"
    again = run(ctx, "clone_repository", url=f"{server.url}/demo.git")
    assert again.status == "error" and "not empty" in again.output
    bad = run(ctx, "clone_repository", url=f"{server.url}/nothing.git", path="other")
    assert bad.status == "error" and "git clone" in bad.output
    assert not (ctx.workspace / "other").exists()


@pytest.mark.skipif(shutil.which("git") is None or os.geteuid() != 0,
                    reason="git is not installed, or not root (owners are kept then)")
def test_a_clone_into_a_user_s_workspace_belongs_to_that_user(tmp_path: Path, server) -> None:
    """git ran as root: the clone was root's in the user's workspace, so a program in the
    sandbox (the workspace owner's uid, mapped) could not change a file of it."""
    _serve_demo_repo(tmp_path, server)
    ctx = make_ctx(tmp_path, web={**ALLOW_LOOPBACK, "allow_git_clone": True})
    os.chown(ctx.workspace, 1000, 1001)
    assert run(ctx, "clone_repository", url=f"{server.url}/demo.git").status == "success"
    owners = {(p.lstat().st_uid, p.lstat().st_gid) for p in (ctx.workspace / "demo").rglob("*")}
    assert owners == {(1000, 1001)}
    assert (ctx.workspace / "demo").stat().st_uid == 1000


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_clone_never_follows_a_destination_swapped_for_a_symlink(
    tmp_path: Path, server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The probe's race, made deterministic: the destination passes the emptiness check as
    an empty folder, then (as the probe's inotify job did) it is exchanged for a symlink to
    an empty host folder right before git runs. Nothing may be written outside."""
    import os

    from autonomo.tools import web

    _serve_demo_repo(tmp_path, server)
    ctx = make_ctx(tmp_path, web={**ALLOW_LOOPBACK, "allow_git_clone": True})
    outside = tmp_path / "host-folder"
    outside.mkdir()
    (ctx.workspace / "repo").mkdir()
    real_clone = web._git_clone

    def swap_then_clone(*args, **kwargs):
        if not (ctx.workspace / "repo-real").exists():
            os.rename(ctx.workspace / "repo", ctx.workspace / "repo-real")
            os.symlink(outside, ctx.workspace / "repo")
        return real_clone(*args, **kwargs)

    monkeypatch.setattr(web, "_git_clone", swap_then_clone)
    res = run(ctx, "clone_repository", url=f"{server.url}/demo.git", path="repo")
    assert (ctx.workspace / "repo-real").exists()  # the swap happened
    assert list(outside.iterdir()) == []
    assert res.status == "error" and "repo" in res.output


class _LoopbackSearch:
    """A search engine backed by the test server's CSV (a real HTTP round trip)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def search(self, query: str, max_results: int) -> list[SearchHit]:
        import httpx

        rows = httpx.get(f"{self.url}/data.csv").text.splitlines()[1:]
        return [
            SearchHit(title=row.split(",")[0], url=f"{self.url}/article.html", snippet=row)
            for row in rows if query.lower() in row.lower()
        ][:max_results]


def test_web_search_with_a_pluggable_engine(tmp_path: Path, server) -> None:
    register_search_engine("loopback-test", lambda config: _LoopbackSearch(server.url))
    ctx = make_ctx(tmp_path, web={"search_engine": "loopback-test"})
    res = run(ctx, "web_search", query="paris")
    assert res.output == f"1. Paris\n   {server.url}/article.html\n   Paris,France"
    assert run(ctx, "web_search", query="berlin").output == "No results for 'berlin'."
    unknown = make_ctx(tmp_path, web={"search_engine": "nope"})
    res = run(unknown, "web_search", query="x")
    assert res.status == "error" and "Unknown search engine 'nope'" in res.output


def _has_dns() -> bool:
    try:
        socket.getaddrinfo("duckduckgo.com", 443)
    except OSError:
        return False
    return True


@pytest.mark.skipif(_has_dns(), reason="this machine has a network; the offline error is not seen")
def test_duckduckgo_without_network_fails_clearly(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path, web={"timeout_s": 5})
    res = run(ctx, "web_search", query="autonomo agents")
    assert res.status == "error" and "Is there a network connection?" in res.output


def test_web_can_be_disabled(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path, web={"enabled": False})
    names = builtin_registry().select(settings=ctx.settings).names()
    assert not {"web_search", "read_webpage"} & set(names)
    assert isinstance(WebConfig().max_download_mb, int)


def test_download_never_follows_a_folder_swapped_for_a_symlink(
    tmp_path: Path, server, monkeypatch
) -> None:
    """A process in the sandbox may swap a folder for a symlink right after the path check."""
    ctx = make_ctx(tmp_path, web={**ALLOW_LOOPBACK, "allow_downloads": True})
    outside = tmp_path / "outside"
    outside.mkdir()
    (ctx.workspace / "d").mkdir(parents=True)
    swap_for_symlink(monkeypatch, ctx.workspace, "d", outside)
    res = run(ctx, "download_file", url=f"{server.url}/data.csv", path="d/cities.csv")
    assert res.status == "error", res.output
    assert list(outside.iterdir()) == []


class _TrickleServer:
    """A loopback server that answers one byte per second (in the headers or the body)."""

    def __init__(self, in_headers: bool, total: int = 20) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/slow"
        self.finished = threading.Event()
        self.stop = threading.Event()
        head = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
        body = b"x" * total
        if in_headers:
            self.fast, self.slow = b"", head + b"X-Slow: " + body + b"\r\n\r\n"
        else:
            self.fast = head + f"Content-Length: {total}\r\n\r\n".encode()
            self.slow = body
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        conn, _ = self.sock.accept()
        with conn:
            conn.recv(65536)
            try:
                conn.sendall(self.fast)
                for byte in self.slow:
                    if self.stop.wait(1.0):
                        return
                    conn.sendall(bytes([byte]))
            except OSError:
                return  # the client hung up: good
            self.finished.set()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        self.sock.close()


@pytest.mark.parametrize("in_headers", [False, True], ids=["slow-body", "slow-headers"])
def test_a_server_sending_one_byte_a_second_meets_an_overall_deadline(
    tmp_path: Path, in_headers: bool
) -> None:
    """The timeout used to apply to each read, so a trickling server kept read_webpage busy
    for as long as it kept sending; now web.timeout_s bounds the whole command."""
    slow = _TrickleServer(in_headers)
    try:
        ctx = make_ctx(tmp_path, web={**ALLOW_LOOPBACK, "timeout_s": 2})
        res = run(ctx, "read_webpage", url=slow.url, raw=True)
        assert not slow.finished.is_set()  # it returned while the server was still sending
        assert res.status == "error" and "did not finish within 2 s" in res.output
    finally:
        slow.close()


def _serve_deep_repo(server, levels: int) -> None:
    """A bare repository whose one commit holds ``d/d/…/deep.txt``, ``levels`` folders deep
    (written with ``git fast-import``: no deep folder is made to build it)."""
    bare = server.root / "deep.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    deep = "d/" * levels + "deep.txt"
    stream = ("commit refs/heads/master\ncommitter t <t@example.com> 0 +0000\ndata 5\nfirst\n"
              f"M 644 inline {deep}\ndata 5\ndeep\nM 644 inline top.txt\ndata 4\ntop\n\n")
    subprocess.run(["git", "-C", str(bare), "fast-import", "--quiet"], input=stream.encode(),
                   check=True)
    subprocess.run(["git", "-C", str(bare), "symbolic-ref", "HEAD", "refs/heads/master"],
                   check=True)
    subprocess.run(["git", "-C", str(bare), "update-server-info"], check=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_clone_of_a_repository_1100_folders_deep(tmp_path: Path, server) -> None:
    """Counting the clone's files with ``os.walk`` (recursive in Python 3.11) raised
    RecursionError, and the staging folder's clean-up raised it again, leaving the clone
    behind in the data folder."""
    _serve_deep_repo(server, 1100)
    ctx = make_ctx(tmp_path, web={**ALLOW_LOOPBACK, "allow_git_clone": True})
    res = run(ctx, "clone_repository", url=f"{server.url}/deep.git")
    assert res.status == "success", res.output
    assert res.output.endswith("into deep (2 files).")
    assert (ctx.workspace / "deep" / "top.txt").read_text() == "top\n"
    staging = tmp_path / "data" / "tmp"
    assert not staging.exists() or not any(staging.iterdir())
    fd = os.open(ctx.workspace, fstree.DIR_FLAGS)
    try:
        fstree.remove_tree(fd, "deep")
    finally:
        os.close(fd)
