"""SOP runs on the web page's API, over a real uvicorn server on loopback."""

from __future__ import annotations

from pathlib import Path

import httpx

from autonomo.llm.scripted import ScriptedModel
from autonomo.server.app import create_app
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from autonomo.team.sop.store import SopStore
from server_helpers import running, server_settings
from sop_helpers import chatdev_default
from test_sop_chatdev import script


def test_a_saved_run_is_listed_and_replayed_and_polled(tmp_path: Path):
    settings = server_settings(tmp_path)
    responses, _ = script()
    store = SopStore(settings.data_dir)
    result = SopRun(load_sop(chatdev_default()), "Greet", model=ScriptedModel(responses),
                    workspace=tmp_path / "ws", settings=settings, store=store).run()
    store.close()
    app = create_app(settings, model_factory=lambda task_id, options: (None, None, None))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        runs = client.get("/api/sop/runs").json()["runs"]
        assert [r["id"] for r in runs] == [result.run_id] and runs[0]["status"] == "finished"
        replay = client.get(f"/api/sop/runs/{result.run_id}").json()
        kinds = [e["kind"] for e in replay["events"]]
        assert kinds[0] == "run_started" and kinds[-1] == "run_finished"
        assert any(e["kind"] == "message" and e["data"]["role"] == "Programmer"
                   for e in replay["events"])
        later = client.get(f"/api/sop/runs/{result.run_id}", params={"after": 10}).json()
        assert later["events"][0]["seq"] == 11
        assert client.get("/api/sop/runs/nope..").status_code == 404
        page = client.get("/sop")
        assert "sop.js" in page.text and "content-security-policy" in page.headers
        assert "textContent" in client.get("/sop/sop.js").text
        assert client.get("/sop/sop.css").headers["content-type"].startswith("text/css")
