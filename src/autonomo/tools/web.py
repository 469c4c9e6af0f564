"""Web commands: search, read a page, download a file, clone a repository.

Every URL goes through ``netguard.check_url`` (and every redirect hop too), so loopback,
private and link-local addresses are refused unless ``web.allow_private_addresses`` is set.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import errno
import functools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar
from urllib.parse import urljoin, urlsplit

import httpx

from autonomo.config import WebConfig
from autonomo.tools import atomic, fstree
from autonomo.tools.context import CommandContext, ask_model, cap_text, durable, workspace
from autonomo.tools.netguard import check_url
from autonomo.tools.registry import CommandError, command

USER_AGENT = "autonomo/0.1 (+https://github.com/autonomo)"
MAX_REDIRECTS = 5
_T = TypeVar("_T")


# -- search engines --------------------------------------------------------------------------
@dataclass
class SearchHit:
    title: str
    url: str
    snippet: str = ""


class SearchEngine(Protocol):
    def search(self, query: str, max_results: int) -> list[SearchHit]: ...


class DuckDuckGo:
    """DuckDuckGo through the ``ddgs`` package (``backend="auto"`` lets ddgs pick engines)."""

    def __init__(self, config: WebConfig, backend: str = "duckduckgo") -> None:
        self.timeout = config.timeout_s
        self.backend = backend

    def search(self, query: str, max_results: int) -> list[SearchHit]:
        from ddgs import DDGS
        from ddgs.exceptions import DDGSException

        try:
            rows = DDGS(timeout=int(self.timeout)).text(
                query, max_results=max_results, backend=self.backend
            )
        except DDGSException as exc:
            raise CommandError(
                f"Web search failed: {exc}. Is there a network connection?"
            ) from exc
        return [
            SearchHit(r.get("title", ""), r.get("href", ""), r.get("body", "")) for r in rows
        ]


_ENGINES: dict[str, Callable[[WebConfig], SearchEngine]] = {
    "duckduckgo": DuckDuckGo,
    "ddgs": lambda config: DuckDuckGo(config, backend="auto"),
}


def register_search_engine(name: str, factory: Callable[[WebConfig], SearchEngine]) -> None:
    """Make ``web.search_engine = name`` use ``factory(web_config)``."""
    _ENGINES[name] = factory


def search_engine(config: WebConfig) -> SearchEngine:
    factory = _ENGINES.get(config.search_engine)
    if factory is None:
        known = ", ".join(sorted(_ENGINES))
        raise CommandError(f"Unknown search engine {config.search_engine!r}; known: {known}.")
    return factory(config)


def _web_enabled(settings: Any) -> bool:
    return settings is not None and settings.web.enabled


def _downloads(settings: Any) -> bool:
    return _web_enabled(settings) and settings.web.allow_downloads


def _clone(settings: Any) -> bool:
    return _web_enabled(settings) and settings.web.allow_git_clone and bool(shutil.which("git"))


@command(category="web", enabled=_web_enabled, example={"query": "python pathlib tutorial"})
def web_search(ctx: CommandContext, query: str, max_results: int = 8) -> str:
    """Search the web; returns titles, URLs and snippets.

    Args:
        query: what to search for
        max_results: how many results at most
    """
    hits = search_engine(ctx.settings.web).search(query, max(1, min(max_results, 25)))
    if not hits:
        return f"No results for {query!r}."
    lines = [f"{i}. {h.title}\n   {h.url}\n   {h.snippet}".rstrip() for i, h in enumerate(hits, 1)]
    return cap_text("\n".join(lines), ctx.settings.web.max_page_chars)


# -- fetching --------------------------------------------------------------------------------
@dataclass
class Fetched:
    url: str
    content_type: str
    body: bytes
    truncated: bool


def _stream(url: str, config: WebConfig, sink: Callable[[bytes], None]) -> tuple[str, str, bool]:
    """GET ``url`` (checking every redirect hop) into ``sink``; returns (final url,
    content type, truncated).

    ``web.timeout_s`` bounds the whole exchange — connecting, redirects, headers and body —
    not each read: a server that trickles one byte a second would otherwise keep the command
    busy for as long as it likes. The request runs on an event loop so the deadline can cancel
    it wherever it waits.
    """
    where = [url]

    async def bounded() -> tuple[str, str, bool]:
        async with asyncio.timeout(config.timeout_s):
            return await _stream_async(where, config, sink)

    try:
        return _run_coroutine(bounded)
    except TimeoutError as exc:
        raise CommandError(
            f"{where[0]} did not finish within {config.timeout_s:g} s (web.timeout_s, the limit "
            "for the whole download); it was stopped."
        ) from exc
    except httpx.HTTPError as exc:
        raise CommandError(
            f"Could not fetch {where[0]}: {exc}. Is there a network connection?"
        ) from exc


def _run_coroutine(factory: Callable[[], Coroutine[Any, Any, _T]]) -> _T:
    """Run a coroutine to completion from synchronous code, also when this thread already
    runs an event loop (then in a worker thread)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(factory())
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(factory())).result()


async def _stream_async(
    where: list[str], config: WebConfig, sink: Callable[[bytes], None]
) -> tuple[str, str, bool]:
    limit = config.max_download_mb * 1024 * 1024
    url = where[0]
    async with httpx.AsyncClient(
        timeout=config.timeout_s, follow_redirects=False, headers={"User-Agent": USER_AGENT}
    ) as client:
        for _ in range(MAX_REDIRECTS + 1):
            check_url(url, allow_private=config.allow_private_addresses)
            where[0] = url
            async with client.stream("GET", url) as response:
                if response.is_redirect:
                    url = urljoin(url, response.headers.get("location", ""))
                    continue
                if response.status_code >= 400:
                    raise CommandError(f"{url} answered HTTP {response.status_code}.")
                size = 0
                async for chunk in response.aiter_bytes():
                    if size + len(chunk) > limit:
                        sink(chunk[: limit - size])
                        return url, response.headers.get("content-type", ""), True
                    sink(chunk)
                    size += len(chunk)
                return url, response.headers.get("content-type", ""), False
    raise CommandError(f"{url} redirected more than {MAX_REDIRECTS} times.")


def fetch(url: str, config: WebConfig) -> Fetched:
    parts: list[bytes] = []
    final, content_type, truncated = _stream(url, config, parts.append)
    return Fetched(final, content_type, b"".join(parts), truncated)


def page_text(page: Fetched) -> str:
    """The readable text of a page: the main content of HTML (trafilatura), text as is."""
    kind = page.content_type.split(";", 1)[0].strip().lower()
    text = page.body.decode(_charset(page.content_type), errors="replace")
    if kind in ("text/html", "application/xhtml+xml") or (not kind and "<html" in text[:500]):
        import trafilatura

        extracted = trafilatura.extract(text, url=page.url, include_tables=True)
        if extracted:
            return extracted
        import lxml.html

        return " ".join(lxml.html.fromstring(text).text_content().split())
    if kind.startswith("text/") or kind in ("application/json", "application/xml", ""):
        return text
    raise CommandError(
        f"{page.url} is not a text page ({kind}); use download_file to save it instead."
    )


def _charset(content_type: str) -> str:
    for part in content_type.split(";")[1:]:
        key, _, value = part.strip().partition("=")
        if key.lower() == "charset" and value:
            return value.strip('"')
    return "utf-8"


@command(
    category="web",
    enabled=_web_enabled,
    example={"url": "https://example.com", "question": "What is this page about?"},
)
def read_webpage(
    ctx: CommandContext,
    url: str,
    question: str | None = None,
    topics_of_interest: list[str] | None = None,
    raw: bool = False,
) -> str:
    """Read a web page: answer a question about it, report on topics, or return its text.

    Args:
        url: the page's http(s) URL
        question: a question the page should answer
        topics_of_interest: topics to report on from the page
        raw: return the page's main text as is, without asking the model
    """
    from autonomo.tools import browser  # Playwright and Chromium are optional

    config = ctx.settings.web
    page = browser.fetch_page(url, config)
    text = page_text(page)
    note = " (the page was cut off at the download limit)" if page.truncated else ""
    clipped = cap_text(text, config.max_page_chars)
    if raw or not (question or topics_of_interest):
        return f"Text of {page.url}{note}:\n{clipped}"
    if ctx.model is None:
        return f"No model is available to answer; text of {page.url}{note}:\n{clipped}"
    answer = ask_model(
        ctx, "read_webpage", url=page.url, text=clipped, question=question or "",
        topics=topics_of_interest or [],
    )
    return f"From {page.url}{note}: {answer}"


@command(
    category="web",
    enabled=_downloads,
    example={"url": "https://example.com/data.csv", "path": "data.csv"},
)
def download_file(ctx: CommandContext, url: str, path: str, overwrite: bool = False) -> str:
    """Download a file from the web into the workspace.

    Args:
        url: the file's http(s) URL
        path: where to save it, relative to the workspace
        overwrite: replace the file at path if it exists (only when the task says so)
    """
    config = ctx.settings.web
    if not config.allow_downloads:
        raise CommandError("Downloads are not allowed by the configuration (web.allow_downloads).")
    ws = workspace(ctx)
    target = ws.resolve(path)
    parts = ws.parts(path)
    if not parts or target.is_dir():
        raise CommandError(f"{path} is a folder; give a file name.")
    # written through a descriptor of the folder (a symlink swapped in for a folder by a
    # process in the sandbox is refused, not followed), whole or not at all (``atomic``: a
    # download cut off or a crash leaves the file it would replace, and no partial file)
    # (an existing file is kept unless asked: a download named like the user's file lost it)
    with atomic.replacing(ws, parts, durable=durable(ctx), keep=not overwrite) as new:
        with os.fdopen(os.dup(new.fd), "wb") as handle:
            final, _, truncated = _stream(url, config, handle.write)
            size = handle.tell()
        if truncated:
            raise CommandError(
                f"{url} is larger than the {config.max_download_mb} MB download limit; "
                "nothing was saved."
            )
    return f"Downloaded {final} to {ws.relative(target)} ({size} bytes)."


@command(
    category="web",
    enabled=_clone,
    example={"url": "https://github.com/psf/requests", "path": "requests"},
)
def clone_repository(ctx: CommandContext, url: str, path: str | None = None) -> str:
    """Clone a git repository (latest commit only) into the workspace.

    Args:
        url: the repository's http(s) URL
        path: folder to clone into, relative to the workspace (default: the repository name)
    """
    config = ctx.settings.web
    if not config.allow_git_clone:
        raise CommandError("Cloning is not allowed by the configuration (web.allow_git_clone).")
    git = shutil.which("git")
    if git is None:
        raise CommandError("git is not installed on this machine.")
    check_url(url, allow_private=config.allow_private_addresses)
    name = path or os.path.basename(urlsplit(url).path.rstrip("/")).removesuffix(".git")
    ws = workspace(ctx)
    parts = ws.parts(name or "repository")
    if not parts:
        raise CommandError("Give a folder name inside the workspace to clone into.")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": tempfile.gettempdir(),
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
    }
    argv = [
        git,
        "-c", "protocol.allow=never",
        "-c", "protocol.http.allow=always",
        "-c", "protocol.https.allow=always",
        "-c", "http.followRedirects=false",
        "-c", "core.hooksPath=/dev/null",
        "clone", "--no-recurse-submodules",
    ]
    shown = "/".join(parts)
    folder = ws.open_folder(parts[:-1], create=True)
    try:
        if not _empty_or_missing(folder, parts[-1]):
            raise CommandError(f"{shown} already exists and is not empty.")
        # git writes by path, as root: it clones into a private folder of the data directory
        # that nothing in the sandbox can reach, and the result is then moved into the
        # workspace by descriptor (a destination swapped for a symlink is refused, not followed)
        staging_root = Path(ctx.settings.data_dir) / "tmp"
        staging_root.mkdir(mode=0o700, parents=True, exist_ok=True)
        staging = tempfile.mkdtemp(prefix="clone-", dir=staging_root)
        try:
            run = functools.partial(_git_clone, env=env, config=config, cwd=staging)
            done = run([*argv, "--depth", "1", "--", url, "repo"])
            if done.returncode != 0 and "shallow" in done.stderr:  # dumb HTTP servers
                _remove(staging, "repo")
                done = run([*argv, "--", url, "repo"])
            if done.returncode != 0:
                raise CommandError(f"git clone {url} failed: {done.stderr.strip()[-1500:]}")
            source = Path(staging, "repo")
            files = _count_files(source)
            _give_to_owner(source, folder)
            _place(source, folder, parts[-1], shown)
        finally:  # a repository can be thousands of folders deep: no recursion
            _remove(staging_root, Path(staging).name)
    finally:
        os.close(folder)
    return f"Cloned {url} into {shown} ({files} files)."


def _count_files(source: Path) -> int:
    """Files of a clone outside ``.git`` folders, walked without recursion."""
    top = os.open(source, fstree.DIR_FLAGS)
    try:
        count = 0
        for place in fstree.walk(top):
            place.dirs[:] = [d for d in place.dirs if d != ".git"]
            count += len(place.files)
        return count
    finally:
        os.close(top)


def _give_to_owner(source: Path, folder: int) -> None:
    """As root, the clone (still private) is given to the owner of the workspace folder it
    goes to: root's files there could not be changed by programs in the sandbox."""
    owner = os.fstat(folder)
    if os.geteuid() != 0 or owner.st_uid == 0:
        return
    top = os.open(source, fstree.DIR_FLAGS)
    try:
        fstree.give_tree(top, owner.st_uid, owner.st_gid)
    finally:
        os.close(top)


def _remove(parent: str | Path, name: str) -> None:
    try:
        fd = os.open(parent, fstree.DIR_FLAGS)
    except FileNotFoundError:
        return
    try:
        with contextlib.suppress(FileNotFoundError):
            fstree.remove_tree(fd, name)
    finally:
        os.close(fd)


def _empty_or_missing(folder: int, name: str) -> bool:
    try:
        fd = os.open(name, fstree.DIR_FLAGS, dir_fd=folder)
    except FileNotFoundError:
        return True
    except OSError:
        return False  # a file, or a symlink
    try:
        return not os.listdir(fd)
    finally:
        os.close(fd)


def _place(source: Path, folder: int, name: str, shown: str) -> None:
    """Move a finished clone to ``name`` in the workspace folder ``folder``: a rename when on
    the same file system (it replaces only an empty folder and never follows a symlink in
    the destination's place), else a copy through descriptors."""
    try:
        os.rename(source, name, dst_dir_fd=folder)
        return
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise CommandError(
                f"{shown} already exists and is not an empty folder; nothing was cloned there."
            ) from exc
    with contextlib.suppress(FileExistsError):
        os.mkdir(name, 0o755, dir_fd=folder)
    try:
        dest = os.open(name, fstree.DIR_FLAGS, dir_fd=folder)
    except OSError as exc:
        raise CommandError(f"{shown} is not a folder (or became a symbolic link).") from exc
    src = os.open(source, fstree.DIR_FLAGS)
    try:
        fstree.copy_tree(src, dest)
    finally:
        os.close(src)
        os.close(dest)


def _git_clone(
    argv: list[str], *, env: dict[str, str], config: WebConfig, cwd: str
) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            argv, capture_output=True, text=True, env=env, cwd=cwd,
            timeout=max(120.0, config.timeout_s * 6),
        )
    except subprocess.TimeoutExpired as exc:
        raise CommandError(f"Cloning {argv[-2]} took too long and was stopped.") from exc
