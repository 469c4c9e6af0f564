"""DNS rebinding: a web page whose name an attacker re-points at 127.0.0.1 reaches a server
without a token from the victim's browser as its own site. Its requests still carry the
page's name in ``Host``, so a server without a token answers only loopback names."""

from __future__ import annotations

from pathlib import Path

import httpx

from autonomo.server.app import create_app
from server_helpers import running, scripted_factory, server_settings


def test_without_a_token_only_loopback_names_are_answered(tmp_path: Path) -> None:
    app = create_app(server_settings(tmp_path), model_factory=scripted_factory(lambda t, o: []))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        port = url.rsplit(":", 1)[1]
        for host in ("attacker.invalid", f"attacker.invalid:{port}", "127.0.0.1.invalid",
                     "localhost.invalid", f"[::2]:{port}"):
            for method, path in (("GET", "/"), ("POST", "/ap/v1/agent/tasks"),
                                 ("GET", "/api/sop/runs"), ("GET", "/ap/v1/agent/tasks")):
                answer = client.request(method, path, json={"input": "x"},
                                        headers={"host": host})
                assert answer.status_code == 403, (host, path, answer.text)
                assert "loopback" in answer.json()["message"]
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", "LOCALHOST", f"[::1]:{port}",
                     f"app.localhost:{port}", "127.0.0.2"):
            assert client.get("/ap/v1/agent/tasks", headers={"host": host}).status_code == 200
        assert client.get("/ap/v1/agent/tasks?page_size=100").json()["tasks"] == []


def test_with_a_token_the_token_decides(tmp_path: Path) -> None:
    app = create_app(server_settings(tmp_path, token="t0ken"),
                     model_factory=scripted_factory(lambda t, o: []))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        foreign = {"host": "attacker.invalid"}
        assert client.get("/ap/v1/agent/tasks", headers=foreign).status_code == 401
        assert client.get("/ap/v1/agent/tasks", headers={
            **foreign, "authorization": "Bearer t0ken"}).status_code == 200
