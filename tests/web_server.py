"""A loopback HTTP server for the web command tests (pages, redirects, files, a git repo)."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ARTICLE = """<!doctype html><html><head><title>Capitals</title></head><body>
<nav><a href="/">Home</a> | <a href="/about">About</a> | Menu Menu Menu</nav>
<article><h1>Capital cities</h1>
<p>The capital of France is Paris. It has been the capital for many centuries and is the
largest city of the country.</p>
<p>The capital of Japan is Tokyo, a metropolis on the island of Honshu with a very large
population.</p></article>
<footer>Copyright 2026 Example footer text</footer></body></html>"""


class _Handler(SimpleHTTPRequestHandler):
    big_bytes = 3 * 1024 * 1024

    def log_message(self, *args: object) -> None:  # keep test output clean
        pass

    def _send(self, status: int, body: bytes, content_type: str, **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        if self.path == "/article.html":
            self._send(200, ARTICLE.encode(), "text/html; charset=utf-8")
        elif self.path == "/redirect":
            self._send(302, b"", "text/plain", Location="/article.html")
        elif self.path == "/loop":
            self._send(302, b"", "text/plain", Location="/loop")
        elif self.path == "/data.csv":
            self._send(200, b"city,country\nParis,France\n", "text/csv")
        elif self.path == "/image.png":
            self._send(200, b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "image/png")
        elif self.path == "/big":
            self._send(200, b"a" * self.big_bytes, "text/plain")
        elif self.path == "/missing":
            self._send(404, b"not here", "text/plain")
        else:
            super().do_GET()  # static files (the dumb-HTTP git repository)


class LoopbackServer:
    def __init__(self, root: Path) -> None:
        handler = functools.partial(_Handler, directory=str(root))
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> LoopbackServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
