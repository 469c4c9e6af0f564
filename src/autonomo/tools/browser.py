"""Web pages rendered by headless Chromium, so that ``read_webpage`` sees the text that
JavaScript writes.

The browser never reaches the network by itself. Every request it makes — the page, each
redirect hop, images, scripts, a script's ``fetch`` — is intercepted and either refused or
fetched by our own HTTP client after the same address guard as the plain web commands
(private, loopback and link-local addresses refused unless allowed), within one deadline and
one size budget for the whole page. WebSockets are not connected, service workers and
downloads are off, an unintercepted request would meet a dead proxy, and the browser runs
in bubblewrap (``browser_jail``): no host files but the read-only system folders, its
profile in its own tmpfs, no network of its own. Without Chromium (or Playwright), pages
are fetched over plain HTTP as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import httpx

from autonomo.config import WebConfig
from autonomo.tools import browser_jail
from autonomo.tools.netguard import check_url
from autonomo.tools.registry import CommandError
from autonomo.tools.web import MAX_REDIRECTS, USER_AGENT, Fetched, _run_coroutine, fetch

#: raises ``CommandError`` when a URL may not be fetched
Guard = Callable[[str], object]

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-default-apps", "--disable-extensions", "--mute-audio",
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
        # requests that escape interception go to a closed port, loopback included
        "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"]
#: response headers that describe the transfer, not the body we hand over
_HOP_HEADERS = {"content-encoding", "content-length", "transfer-encoding", "connection",
                "keep-alive"}


def chromium_path() -> str | None:
    for candidate in (os.environ.get("AUTONOMO_CHROMIUM"), "chromium", "chromium-browser",
                      "google-chrome"):
        if candidate and (found := shutil.which(candidate)):
            return found
    return None


def available() -> bool:
    """Chromium, Playwright and the jail are there; without the jail pages are not rendered
    (the plain HTTP path reads them) rather than rendered by a browser that sees host files."""
    return (chromium_path() is not None and browser_jail.available()
            and importlib.util.find_spec("playwright") is not None)


@dataclass
class Rendered:
    url: str
    html: str
    truncated: bool
    #: requests refused by the guard (sub-resources, scripts' fetches, redirects)
    refused: list[str] = field(default_factory=list)


def fetch_page(url: str, config: WebConfig) -> Fetched:
    """The page as ``read_webpage`` reads it: rendered when a browser is available and the
    page is HTML, else over plain HTTP."""
    if not (config.use_browser and available()):
        return fetch(url, config)
    try:
        rendered = render(url, config)
    except _NotAPage:
        return fetch(url, config)
    return Fetched(rendered.url, "text/html; charset=utf-8", rendered.html.encode(),
                   rendered.truncated)


class _NotAPage(Exception):
    """The URL is a file (a download), not a page to render."""


class _Interceptor:
    """Fetches the browser's requests through the guard, within the deadline and budget."""

    def __init__(self, guard: Guard, deadline: float, budget: int, timeout: float) -> None:
        self.guard, self.deadline, self.left, self.timeout = guard, deadline, budget, timeout
        self.refused: list[str] = []
        self.truncated = False
        #: where each request ended after redirects
        self.final_urls: dict[str, str] = {}
        #: why a request failed, by URL
        self.failures: dict[str, str] = {}

    def late(self, url: str) -> str:
        return (f"{url} did not finish within {self.timeout:g} s (web.timeout_s, the limit for "
                "the whole page and what it loads); it was stopped.")

    def __call__(self, route: Any) -> None:
        request = route.request
        url = request.url
        if time.monotonic() > self.deadline or self.left <= 0:
            self.truncated = self.truncated or self.left <= 0
            self.failures.setdefault(url, self.late(url))
            route.abort("timedout")
            return
        try:
            status, headers, body = _run_coroutine(lambda: self._bounded(request))
        except CommandError as exc:
            self.failures[url] = str(exc)
            route.abort("blockedbyclient")
            return
        except TimeoutError:
            self.failures[url] = self.late(url)
            route.abort("timedout")
            return
        except httpx.TooManyRedirects:
            self.failures[url] = f"{url} redirected more than {MAX_REDIRECTS} times."
            route.abort("failed")
            return
        except httpx.HTTPError as exc:
            self.failures[url] = f"Could not fetch {url}: {exc}."
            route.abort("failed")
            return
        route.fulfill(status=status, headers=headers, body=body)

    async def _bounded(self, request: Any) -> tuple[int, dict[str, str], bytes]:
        """The whole exchange — connecting, redirects, headers, body — within what is left
        of the page's deadline, however slowly the server trickles."""
        async with asyncio.timeout(max(0.05, self.deadline - time.monotonic())):
            return await self._get(request)

    async def _get(self, request: Any) -> tuple[int, dict[str, str], bytes]:
        """Fetch a request, following redirects here (Chromium would not route the next
        hop back to us), each hop through the guard."""
        headers = {k: v for k, v in request.headers.items()
                   if k.lower() not in ("host", "cookie", "authorization")}
        url, method, content = request.url, request.method, request.post_data_buffer
        async with httpx.AsyncClient(timeout=self.timeout, follow_redirects=False,
                                     headers={"User-Agent": USER_AGENT}) as client:
            for _ in range(MAX_REDIRECTS + 1):
                try:
                    self.guard(url)
                except CommandError:
                    self.refused.append(url)
                    raise
                outgoing = client.build_request(method, url, headers=headers, content=content)
                response = await client.send(outgoing, stream=True)
                if not response.is_redirect:
                    break
                await response.aclose()
                url = urljoin(url, response.headers.get("location", ""))
                if response.status_code in (301, 302, 303):
                    method, content = "GET", None
            else:
                raise httpx.TooManyRedirects(f"more than {MAX_REDIRECTS} redirects")
            self.final_urls[request.url] = url
            try:
                parts: list[bytes] = []
                async for chunk in response.aiter_bytes():
                    if len(chunk) > self.left:
                        parts.append(chunk[: self.left])
                        self.left, self.truncated = 0, True
                        break
                    parts.append(chunk)
                    self.left -= len(chunk)
            finally:
                await response.aclose()
        kept = {k: v for k, v in response.headers.items() if k.lower() not in _HOP_HEADERS}
        return response.status_code, kept, b"".join(parts)


def render(url: str, config: WebConfig, *, guard: Guard | None = None) -> Rendered:
    """Load ``url`` in headless Chromium and return the rendered HTML.

    ``guard`` decides which URLs may be fetched (default: the web commands' address guard).
    A refused page, a deadline passed or no browser raise ``CommandError``."""
    guard = guard or (lambda u: check_url(u, allow_private=config.allow_private_addresses))
    guard(url)
    executable = chromium_path()
    if executable is None:
        raise CommandError("No Chromium browser is installed (apt-get install chromium).")
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    deadline = time.monotonic() + config.timeout_s
    interceptor = _Interceptor(guard, deadline, config.max_download_mb * 1024 * 1024,
                               config.timeout_s)
    try:
        with tempfile.TemporaryDirectory(prefix="autonomo-browser-") as folder, \
                sync_playwright() as playwright:
            launcher = browser_jail.write_launcher(executable, Path(folder))
            context = playwright.chromium.launch_persistent_context(
                Path(folder) / "profile", executable_path=launcher, headless=True, args=ARGS,
                accept_downloads=False, service_workers="block", user_agent=USER_AGENT)
            try:
                context.route("**/*", interceptor)
                context.route_web_socket("**/*", lambda socket: None)  # never connected
                page = context.new_page()
                html, final = _load(page, url, deadline, interceptor)
            finally:
                context.close()
    except PlaywrightError as exc:
        if "Download is starting" in str(exc):
            raise _NotAPage from exc
        if url in interceptor.failures:
            raise CommandError(interceptor.failures[url]) from exc
        raise CommandError(f"The browser could not load {url}: {_first_line(exc)}") from exc
    return Rendered(final, html, interceptor.truncated, interceptor.refused)


def _load(page: Any, url: str, deadline: float, interceptor: _Interceptor) -> tuple[str, str]:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    def left_ms() -> float:
        return max(100.0, (deadline - time.monotonic()) * 1000)

    try:
        response = page.goto(url, wait_until="load", timeout=left_ms())
    except PlaywrightTimeout as exc:
        raise CommandError(interceptor.late(url)) from exc
    if response is None:
        raise CommandError(f"The browser got no answer from {url}.")
    if response.status >= 400:
        raise CommandError(f"{url} answered HTTP {response.status}.")
    kind = (response.headers.get("content-type") or "").split(";")[0].strip().lower()
    if kind and kind not in ("text/html", "application/xhtml+xml"):
        raise _NotAPage
    with contextlib.suppress(PlaywrightTimeout):  # let scripts finish writing the page
        page.wait_for_load_state("networkidle", timeout=min(left_ms(), 3000))
    return page.content(), interceptor.final_urls.get(page.url, page.url)


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
