"""The server as an attacker would meet it: tokens, names, sizes, errors."""

from __future__ import annotations

import os
from pathlib import Path

import httpx

from autonomo.cli.main import main
from autonomo.server.app import create_app
from server_helpers import reply, running, scripted_factory, server_settings

TOKEN = "s3cret-token-for-tests"


def test_no_token_no_listening_beyond_loopback(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("AUTONOMO_SERVER__TOKEN", raising=False)
    assert main(["serve", "--host", "0.0.0.0", "--port", "1"]) == 2
    assert "without a token" in capsys.readouterr().err


def test_token_checked_on_every_request(tmp_path: Path) -> None:
    app = create_app(server_settings(tmp_path, token=TOKEN),
                     model_factory=scripted_factory(lambda t, o: []))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        for headers in ({}, {"authorization": "Bearer wrong"}, {"authorization": TOKEN},
                        {"authorization": f"Basic {TOKEN}"}):
            for method, path in (("GET", "/ap/v1/agent/tasks"), ("GET", "/api/health"),
                                 ("POST", "/ap/v1/agent/tasks"), ("GET", "/api/events")):
                answer = client.request(method, path, headers=headers, json={"input": "x"})
                assert answer.status_code == 401, (headers, path)
                assert "token" in answer.json()["message"]
        good = {"authorization": f"Bearer {TOKEN}"}
        assert client.get("/ap/v1/agent/tasks", headers=good).status_code == 200
        page = client.get("/")  # the page itself holds no data; its API calls need the token
        assert page.status_code == 200 and "<html" in page.text
        for path in ("/sop", "/sop/sop.js", "/sop/sop.css"):  # nor do the SOP page's files
            assert client.get(path).status_code == 200, path
        assert client.get("/api/sop/runs").status_code == 401


def test_cors_closed_unless_configured(tmp_path: Path) -> None:
    app = create_app(server_settings(tmp_path), model_factory=scripted_factory(lambda t, o: []))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        answer = client.get("/ap/v1/agent/tasks", headers={"origin": "http://evil.test"})
        assert "access-control-allow-origin" not in answer.headers
        preflight = client.options("/ap/v1/agent/tasks", headers={
            "origin": "http://evil.test", "access-control-request-method": "POST"})
        assert "access-control-allow-origin" not in preflight.headers


def test_artifact_names_sizes_and_links(tmp_path: Path) -> None:
    settings = server_settings(tmp_path, max_upload_mb=1, max_body_kb=4)
    app = create_app(settings, model_factory=scripted_factory(lambda t, o: []))
    host_dir = tmp_path / "host"
    host_dir.mkdir()
    outside = host_dir / "notes.txt"
    outside.write_text("host secret")
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={"input": "x"}).json()["task_id"]
        base = f"/ap/v1/agent/tasks/{task_id}/artifacts"
        ok = client.post(base, files={"file": ("notes.txt", b"hello")},
                         data={"relative_path": "docs/in"}).json()
        assert ok["agent_created"] is False and ok["relative_path"] == "docs/in"
        assert client.get(f"{base}/{ok['artifact_id']}").content == b"hello"
        for name, folder in (("../escape.txt", None), ("x.txt", "../.."), ("/etc/passwd", None),
                             ("x.txt", "/tmp"), ("x.txt", "a/../../b"), ("..", None)):
            data = {"relative_path": folder} if folder else {}
            refused = client.post(base, files={"file": (name, b"bad")}, data=data)
            assert refused.status_code == 400, (name, folder)
            assert "Refused" in refused.json()["message"] or "name" in refused.json()["message"]
        assert not (tmp_path / "escape.txt").exists()
        big = client.post(base, files={"file": ("big.bin", b"x" * (1024 * 1024 + 10))})
        assert big.status_code == 413 and "limit" in big.json()["message"]
        huge_json = client.post("/ap/v1/agent/tasks", json={"input": "y" * 10_000})
        assert huge_json.status_code == 413
        workspace = Path(app.state.engine.workspace_of(app.state.engine.task(task_id)))
        assert not (workspace / "big.bin").exists()
        # a folder swapped for a link to the host is refused, not followed
        (workspace / "docs" / "in" / "notes.txt").unlink()
        os.rmdir(workspace / "docs" / "in")
        os.symlink(host_dir, workspace / "docs" / "in")
        swapped = client.get(f"{base}/{ok['artifact_id']}")
        assert swapped.status_code == 404 and b"host secret" not in swapped.content
        through = client.post(base, files={"file": ("notes.txt", b"overwrite")},
                              data={"relative_path": "docs/in"})
        assert through.status_code == 400
        assert outside.read_text() == "host secret"


def test_errors_are_json_without_tracebacks(tmp_path: Path) -> None:
    def broken(task_id: str, options: dict) -> list:
        def explode(messages):
            raise RuntimeError("boom inside the model")
        return [explode]

    app = create_app(server_settings(tmp_path), model_factory=scripted_factory(broken))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={"input": "x"}).json()["task_id"]
        step = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
        assert step.status_code == 200
        body = step.json()
        assert body["is_last"] and body["additional_output"]["task_status"] == "failed"
        assert "Traceback" not in step.text
        not_json = client.post("/ap/v1/agent/tasks", content=b"{not json",
                               headers={"content-type": "application/json"})
        assert not_json.status_code == 422 and "message" in not_json.json()
        assert "Traceback" not in not_json.text
        missing = client.get("/no/such/path")
        assert missing.status_code == 404 and missing.json() == {"message": "Not Found"}


def test_step_input_reaches_the_agent_only_as_text(tmp_path: Path) -> None:
    script = lambda t, o: [reply("finish", "done", reason="ok")]  # noqa: E731
    app = create_app(server_settings(tmp_path), model_factory=scripted_factory(script))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={"input": "x"}).json()["task_id"]
        first = client.post(f"/ap/v1/agent/tasks/{task_id}/steps",
                            json={"input": "<script>alert(1)</script>"}).json()
        assert first["input"] == "<script>alert(1)</script>"
