"""The loopback web server a ``web`` challenge's pages are served from during its run."""

from __future__ import annotations

import contextlib
import functools
import os
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class _QuietHandler(SimpleHTTPRequestHandler):
    def send_head(self) -> Any:
        """Refuse (404) a path that a symlink in the challenge's folder leads outside it: a
        downloaded suite must not serve host files to the agent (and so to its model)."""
        root = os.path.realpath(self.directory)
        real = os.path.realpath(self.translate_path(self.path))
        if real != root and not real.startswith(root + os.sep):
            self.send_error(404, "File not found")
            return None
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve_folder(folder: Path | None) -> Iterator[str | None]:
    """Serve ``folder`` on 127.0.0.1 (a free port) while the block runs; yields its base URL
    (None, and no server, when ``folder`` is None). The challenge's task names pages as
    ``{web_url}/page.html``."""
    if folder is None:
        yield None
        return
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
