"""Half a character (an unpaired surrogate, valid JSON: ``"\\ud800"``) in a body of the SOP
API of a real server: a clear 422 naming the field, like the Agent Protocol bodies; it was a
500 Internal server error (the files could not be saved, the answer not recorded)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from autonomo.server.app import create_app
from server_helpers import running, scripted_factory, server_settings
from sop_helpers import PITCH, PITCH_REPLIES, wait_for

_JSON = {"content-type": "application/json"}


def _refused(answer: httpx.Response, field: str) -> None:
    assert answer.status_code == 422, answer.text
    message = answer.json()["message"]
    assert "unpaired surrogate" in message and field in message, message


def test_an_sop_body_with_half_a_character_is_a_clear_422_and_nothing_is_lost(
        tmp_path: Path) -> None:
    factory = scripted_factory(lambda key, options: list(PITCH_REPLIES))
    app = create_app(server_settings(tmp_path), model_factory=factory)
    half = "HALF"  # written as a JSON escape of a lone surrogate in the body sent
    starts = {
        "pitch.sop.yaml": {"files": {"pitch.sop.yaml": PITCH + f"# {half}\n"}},
        "HALF.yaml": {"files": {f"{half}.yaml": PITCH}},
        "task": {"files": {"p.yaml": PITCH}, "task": f"kettles {half}"},
        "name": {"files": {"p.yaml": PITCH}, "name": half},
        "models": {"files": {"p.yaml": PITCH}, "models": {"a": half}},
    }
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        for field, body in starts.items():
            sent = json.dumps(body).replace(half, "\\udcff").encode()
            _refused(client.post("/api/sop/runs", headers=_JSON, content=sent),
                     field.replace(half, "\\udcff"))
        assert client.get("/api/sop/runs").json()["runs"] == []
        sources = tmp_path / "data" / "sop_sources"
        assert not sources.exists() or not any(sources.iterdir())  # nothing kept

        run_id = client.post("/api/sop/runs", json={"files": {"pitch.sop.yaml": PITCH},
                                                     "task": "solar kettles"}).json()["run_id"]
        asked = wait_for(lambda: client.get(f"/api/sop/runs/{run_id}").json()["waiting"],
                         what="the first question")
        bad = f'{{"seq": {asked["seq"]}, "text": "Kettles \\udcff."}}'.encode()
        _refused(client.post(f"/api/sop/runs/{run_id}/answer", headers=_JSON, content=bad),
                 "text")
        # the run still waits on that question, and a plain answer goes on
        assert client.get(f"/api/sop/runs/{run_id}").json()["waiting"]["seq"] == asked["seq"]
        assert client.post(f"/api/sop/runs/{run_id}/answer", json={
            "seq": asked["seq"], "text": "Kettles that boil with sunlight."}).status_code == 200
        _refused(client.post(f"/api/sop/runs/{run_id}/resume", headers=_JSON,
                             content=b'{"model": "\\udcff"}'), "model")
