"""The headless browser's jail: no host files but the read-only system folders, no network."""

from __future__ import annotations

import functools
import os
import socket
import subprocess
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from autonomo.tools import browser, browser_jail

pytestmark = pytest.mark.skipif(not browser_jail.available(), reason="bubblewrap is not installed")


def _in_jail(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*browser_jail.jailed_argv(argv[0]), *argv[1:]],
                          capture_output=True, text=True, timeout=30)


def test_host_files_outside_the_system_folders_are_absent(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("host secret")
    done = _in_jail("/usr/bin/cat", str(secret))
    assert done.returncode != 0 and "host secret" not in done.stdout
    listing = _in_jail("/usr/bin/ls", "-a", "/tmp", "/")
    assert tmp_path.parts[2] not in listing.stdout  # the host's /tmp content is not there
    assert "root" not in listing.stdout.split() and "home" not in listing.stdout.split()


@pytest.mark.skipif(os.geteuid() != 0, reason="as root the browser drops to nobody")
def test_as_root_the_browser_runs_as_nobody_and_cannot_read_root_only_files() -> None:
    assert _in_jail("/usr/bin/id", "-u").stdout.strip() == str(browser_jail.NOBODY)
    shadow = _in_jail("/usr/bin/cat", "/etc/shadow")
    assert shadow.returncode != 0 and "root:" not in shadow.stdout


def test_no_network_of_its_own() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        server.settimeout(0.5)
        done = _in_jail("/usr/bin/bash", "-c", f"echo hi > /dev/tcp/127.0.0.1/{port}")
        assert done.returncode != 0
        with pytest.raises(TimeoutError):
            server.accept()


def test_render_starts_chromium_through_the_jail(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    if not browser.available():
        pytest.skip("Chromium or Playwright is not installed")
    launched: list[str] = []
    real = browser_jail.write_launcher

    def recording(program: str, folder: Path) -> Path:
        launcher = real(program, folder)
        launched.append(launcher.read_text())
        return launcher

    monkeypatch.setattr(browser_jail, "write_launcher", recording)
    (tmp_path / "index.html").write_text(
        "<html><body><p id=t></p><script>t.textContent='written by script'</script></body></html>")
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/index.html"
        rendered = browser.render(url, browser.WebConfig(allow_private_addresses=True))
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert "written by script" in rendered.html
    assert len(launched) == 1 and "exec bwrap" in launched[0] and "--unshare-net" in launched[0]
