"""``read_webpage`` in headless Chromium: scripts run, and every request they make passes the
address guard. Loopback servers only."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest

from autonomo.config import WebConfig
from autonomo.tools import browser
from autonomo.tools.netguard import check_url
from autonomo.tools.registry import CommandError
from autonomo.tools.web import fetch, page_text
from tool_helpers import make_ctx, run

if not browser.available():
    pytest.skip("Chromium and Playwright are needed (scripts/setup.sh installs them)",
                allow_module_level=True)

JS_PAGE = b"""<!doctype html><html><head><title>Rendered</title>
<script src="/app.js"></script></head><body><main id="out"></main></body></html>"""
APP_JS = b"""document.addEventListener('DOMContentLoaded', async () => {
  const data = await (await fetch('/data.json')).json();
  const p = document.createElement('p');
  p.textContent = 'The secret word is ' + data.word + '. It was written by JavaScript '
    + 'after the page loaded, so only a browser that runs scripts can read it.';
  document.getElementById('out').append(p);
});"""


def attack_page(private: str) -> bytes:
    return f"""<!doctype html><html><body><article><h1>Probe</h1><p id="r">waiting</p>
<img src="http://169.254.169.254/latest/meta-data/">
<img src="{private}/pixel.png">
<script>
  const results = [];
  const tryOne = async (url) => {{
    try {{ await fetch(url); results.push('reached ' + url); }}
    catch (e) {{ results.push('blocked ' + url); }}
  }};
  (async () => {{
    await tryOne('{private}/secret');
    await tryOne('/to-private');
    try {{ new WebSocket('{private.replace("http", "ws")}/socket'); }} catch (e) {{}}
    document.getElementById('r').textContent = 'Probe results: ' + results.join('; ')
      + '. This paragraph is long enough for the text extractor to keep it as content.';
  }})();
</script></article></body></html>""".encode()


class Handler(BaseHTTPRequestHandler):
    routes: ClassVar[dict[str, tuple[int, str, bytes, dict]]] = {}
    hits: ClassVar[list[str]] = []

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self.hits.append(self.path)
        if self.path == "/slow":
            time.sleep(15)
        status, kind, body, headers = self.routes.get(
            self.path, (404, "text/plain", b"not here", {}))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)


def serve(routes: dict) -> Iterator[tuple[str, list[str]]]:
    hits: list[str] = []
    handler = type("H", (Handler,), {"routes": routes, "hits": hits})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", hits
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def private_server():
    yield from serve({"/secret": (200, "text/plain", b"internal secret", {}),
                      "/pixel.png": (200, "image/png", b"\x89PNG", {})})


@pytest.fixture
def site(private_server):
    private_url, _ = private_server
    routes = {
        "/js.html": (200, "text/html; charset=utf-8", JS_PAGE, {}),
        "/app.js": (200, "text/javascript", APP_JS, {}),
        "/data.json": (200, "application/json", b'{"word": "AUBERGINE"}', {}),
        "/attack.html": (200, "text/html", attack_page(private_url), {}),
        "/to-private": (302, "text/plain", b"", {"Location": f"{private_url}/secret"}),
        "/data.csv": (200, "text/csv", b"city,country\nParis,France\n", {}),
        "/slow": (200, "text/html", b"<p>late</p>", {}),
    }
    yield from serve(routes)


def only(origin: str):
    """The site under test is allowed; everything else meets the real guard."""
    def guard(url: str) -> None:
        if not url.startswith(origin + "/"):
            check_url(url, allow_private=False)
    return guard


def test_text_written_by_javascript_is_read_only_by_the_browser(tmp_path: Path, site) -> None:
    url, hits = site
    config = WebConfig(allow_private_addresses=True)
    plain = page_text(fetch(f"{url}/js.html", config))
    assert "AUBERGINE" not in plain
    rendered = browser.render(f"{url}/js.html", config)
    assert "The secret word is AUBERGINE" in rendered.html
    assert {"/js.html", "/app.js", "/data.json"} <= set(hits)  # all through our client

    ctx = make_ctx(tmp_path, web={"allow_private_addresses": True})
    result = run(ctx, "read_webpage", url=f"{url}/js.html", raw=True)
    assert result.status == "success" and "AUBERGINE" in result.output


def test_requests_to_private_addresses_are_refused(site, private_server) -> None:
    url, _ = site
    private_url, private_hits = private_server
    rendered = browser.render(f"{url}/attack.html", WebConfig(), guard=only(url))
    assert private_hits == [], "the browser reached a private address"
    assert f"blocked {private_url}/secret" in rendered.html
    assert "blocked /to-private" in rendered.html  # a redirect hop to a private address
    refused = " ".join(rendered.refused)
    assert "169.254.169.254" in refused and f"{private_url}/secret" in refused
    assert f"{private_url}/pixel.png" in refused


def test_the_page_itself_on_a_private_address_is_refused(site) -> None:
    url, hits = site
    with pytest.raises(CommandError, match="Refused"):
        browser.render(f"{url}/js.html", WebConfig())
    with pytest.raises(CommandError, match="Refused"):
        browser.render(f"{url}/to-private", WebConfig(), guard=only(url))
    assert hits.count("/js.html") == 0


def test_deadline_and_fallback_for_files(tmp_path: Path, site) -> None:
    url, _ = site
    started = time.monotonic()
    with pytest.raises(CommandError, match="did not finish within 2 s"):
        browser.render(f"{url}/slow", WebConfig(allow_private_addresses=True, timeout_s=2))
    assert time.monotonic() - started < 12  # the page would take 15 s: the 2 s deadline cut it
    csv = browser.fetch_page(f"{url}/data.csv", WebConfig(allow_private_addresses=True))
    assert csv.body == b"city,country\nParis,France\n"
