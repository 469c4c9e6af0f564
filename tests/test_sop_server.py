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
from sop_helpers import PITCH, PITCH_REPLIES, chatdev_default, wait_for
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


def _pitch_server(tmp_path: Path):
    from server_helpers import scripted_factory

    factory = scripted_factory(lambda key, options: list(PITCH_REPLIES))
    return create_app(server_settings(tmp_path), model_factory=factory), factory


def _waiting(client: httpx.Client, run_id: str) -> dict | None:
    return client.get(f"/api/sop/runs/{run_id}").json()["waiting"]


def test_a_person_answers_a_server_run_through_the_api(tmp_path: Path):

    app, factory = _pitch_server(tmp_path)
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        started = client.post("/api/sop/runs", json={
            "files": {"pitch.sop.yaml": PITCH}, "task": "solar kettles"})
        assert started.status_code == 201, started.text
        run_id = started.json()["run_id"]
        first = wait_for(lambda: _waiting(client, run_id), what="the first question")
        assert first["role"] == "Founder" and "your turn in pitch" in first["question"]
        # the question is a saved event: a page that reloads sees it
        events = client.get(f"/api/sop/runs/{run_id}").json()["events"]
        assert events[-1]["kind"] == "ask" and events[-1]["seq"] == first["seq"]
        stale = client.post(f"/api/sop/runs/{run_id}/answer",
                            json={"seq": first["seq"] - 1, "text": "wrong question"})
        assert stale.status_code == 409 and "reload" in stale.json()["message"]
        assert client.post(f"/api/sop/runs/{run_id}/answer", json={
            "seq": first["seq"], "text": "Kettles that boil with sunlight."}).status_code == 200
        second = wait_for(lambda: (w := _waiting(client, run_id)) and w["seq"] != first["seq"]
                          and w, what="the second question")
        client.post(f"/api/sop/runs/{run_id}/answer",
                    json={"seq": second["seq"], "text": "Twelve dollars each."})
        data = wait_for(lambda: (d := client.get(f"/api/sop/runs/{run_id}").json())
                        ["run"]["status"] == "finished" and not d["live"] and d,
                        what="the end of the run")  # the status is saved before its thread ends
        said = [(e["data"]["role"], e["data"]["text"]) for e in data["events"]
                if e["kind"] == "message"]
        assert said == [("Investor", "Tell me about solar kettles."),
                        ("Founder", "Kettles that boil with sunlight."),
                        ("Investor", PITCH_REPLIES[0]), ("Founder", "Twelve dollars each."),
                        ("Investor", PITCH_REPLIES[1])]
        assert data["waiting"] is None and not data["live"]
        again = client.post(f"/api/sop/runs/{run_id}/answer",
                            json={"seq": second["seq"], "text": "late"})
        assert again.status_code == 409
    # persisted as any run: the same events replayed from the store, without a server
    store = SopStore(server_settings(tmp_path).data_dir)
    assert [e.kind for e in store.events(run_id)] == [e["kind"] for e in data["events"]]
    store.close()
    model = next(iter(factory.models.values()))
    model.assert_all_used()


def test_bad_sop_files_are_refused_naming_the_file_and_line(tmp_path: Path):

    app, _ = _pitch_server(tmp_path)
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        bad = client.post("/api/sop/runs", json={
            "files": {"pitch.sop.yaml": PITCH.replace("[Investor, Founder]",
                                                      "[Investor, Fonder]")}})
        assert bad.status_code == 422
        message = bad.json()["message"]
        assert "pitch.sop.yaml:11" in message and "Fonder" in message
        assert str(tmp_path) not in message  # where the server keeps it is not shown
        for files in ({}, {"../x.yaml": PITCH}, {"a.yaml": PITCH, "b.yaml": PITCH},
                      {"run.sh": "echo"}):
            refused = client.post("/api/sop/runs", json={"files": files})
            assert refused.status_code == 400, (files, refused.text)
        mapped = client.post("/api/sop/runs", json={"files": {"p.yaml": PITCH},
                                                    "models": {"gpt-4": "nope"}})
        assert mapped.status_code == 400 and "names no configured model" in mapped.text
        assert client.get("/api/sop/runs").json()["runs"] == []
        assert client.post("/api/sop/runs/abc/answer",
                           json={"seq": 1, "text": "x"}).status_code == 409
    # a run marked running by another process (a terminal) is not resumed here beside it
    store = SopStore(server_settings(tmp_path).data_dir)
    other = store.create(name="pitch", source="x.yaml", format="autonomo", task="t",
                         workspace=str(tmp_path / "w"))
    store.close()
    app, _ = _pitch_server(tmp_path)
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        refused = client.post(f"/api/sop/runs/{other}/resume", json={})
        assert refused.status_code == 400 and "autonomo sop resume" in refused.text


def test_a_run_waiting_when_the_server_stops_is_resumed_and_asks_again(tmp_path: Path):

    app, _ = _pitch_server(tmp_path)
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        run_id = client.post("/api/sop/runs", json={"files": {"p.yaml": PITCH},
                                                    "task": "tea"}).json()["run_id"]
        first = wait_for(lambda: _waiting(client, run_id), what="the first question")
        client.post(f"/api/sop/runs/{run_id}/answer", json={"seq": first["seq"], "text": "Tea."})
        wait_for(lambda: (w := _waiting(client, run_id)) and w["seq"] != first["seq"],
                 what="the second question")
    # the server stopped while the second answer was awaited
    app, _ = _pitch_server(tmp_path)
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        data = client.get(f"/api/sop/runs/{run_id}").json()
        assert data["run"]["status"] == "stopped" and not data["live"]
        assert "resume" in data["events"][-1]["data"]["reason"]
        assert client.post(f"/api/sop/runs/{run_id}/resume", json={}).status_code == 200
        asked = wait_for(lambda: _waiting(client, run_id), what="the question after resume")
        # the first answer was replayed from the store, not asked again
        assert client.post(f"/api/sop/runs/{run_id}/resume", json={}).status_code == 400
        client.post(f"/api/sop/runs/{run_id}/answer", json={"seq": asked["seq"], "text": "3$"})
        data = wait_for(lambda: (d := client.get(f"/api/sop/runs/{run_id}").json())
                        ["run"]["status"] == "finished" and d, what="the end")
        founder = [e["data"]["text"] for e in data["events"]
                   if e["kind"] == "message" and e["data"]["role"] == "Founder"]
        assert founder == ["Tea.", "Tea.", "3$"]  # before the stop, then replayed + new
        asks = [e for e in data["events"] if e["kind"] == "ask"]
        assert len(asks) == 3  # two before the stop, one after: "Tea." was not asked again


def test_a_server_without_a_model_factory_runs_an_sop_on_its_configured_model(tmp_path: Path):
    import json

    replies = tmp_path / "replies.json"
    replies.write_text(json.dumps(PITCH_REPLIES))
    settings = server_settings(tmp_path)
    settings.llm.fast.provider, settings.llm.fast.model = "scripted", str(replies)
    with running(create_app(settings)) as url, httpx.Client(base_url=url, timeout=30) as client:
        run_id = client.post("/api/sop/runs", json={"files": {"p.yaml": PITCH},
                                                    "task": "tea"}).json()["run_id"]
        for answer in ("Tea.", "Cheap."):
            asked = wait_for(lambda: _waiting(client, run_id), what="a question")
            client.post(f"/api/sop/runs/{run_id}/answer",
                        json={"seq": asked["seq"], "text": answer})
            wait_for(lambda a=asked: (_waiting(client, run_id) or {}).get("seq") != a["seq"],
                     what="the answer taken")
        data = wait_for(lambda: (d := client.get(f"/api/sop/runs/{run_id}").json())
                        ["run"]["status"] == "finished" and d, what="the end")
        unknown = client.post("/api/sop/runs", json={"files": {"p.yaml": PITCH},
                                                     "model": "gpt-9"})
        assert unknown.status_code == 422 and "Unknown model 'gpt-9'" in unknown.text
    investor = [e["data"]["text"] for e in data["events"]
                if e["kind"] == "message" and e["data"]["role"] == "Investor"]
    assert investor[1:] == PITCH_REPLIES  # after the opening line: the configured model's


def test_a_run_is_stopped_from_the_page_and_resumed(tmp_path: Path):
    """A run waiting for a person holds a server slot: the page can stop it (saved as
    stopped, the slot freed) and resume it later; a run not running here is refused."""
    app, _ = _pitch_server(tmp_path)
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        run_id = client.post("/api/sop/runs", json={"files": {"p.yaml": PITCH},
                                                    "task": "tea"}).json()["run_id"]
        wait_for(lambda: _waiting(client, run_id), what="the first question")
        assert client.post(f"/api/sop/runs/{run_id}/stop").status_code == 200
        data = wait_for(lambda: (d := client.get(f"/api/sop/runs/{run_id}").json())
                        ["run"]["status"] == "stopped" and not d["live"] and d,
                        what="the stopped run")
        assert "stopped from the web page" in data["events"][-1]["data"]["reason"]
        again = client.post(f"/api/sop/runs/{run_id}/stop")
        assert again.status_code == 409 and "not running here" in again.json()["message"]
        assert client.post(f"/api/sop/runs/{run_id}/resume", json={}).status_code == 200
        asked = wait_for(lambda: _waiting(client, run_id), what="the question after resume")
        assert asked["role"] == "Founder"
        client.post(f"/api/sop/runs/{run_id}/stop")


def test_a_stop_request_ends_the_run_before_its_next_model_call(tmp_path: Path):
    import threading

    responses, _ = script()
    model = ScriptedModel(responses)
    stopping = threading.Event()
    stopping.set()
    store = SopStore(tmp_path / "data")
    result = SopRun(load_sop(chatdev_default()), "Greet", model=model,
                    workspace=tmp_path / "ws", store=store, stopping=stopping).run()
    store.close()
    assert result.status == "stopped" and "web page" in result.reason
    assert len(model.calls) == 0
