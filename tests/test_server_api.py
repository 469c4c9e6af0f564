"""The Agent Protocol over a real uvicorn server on loopback, driven with httpx."""

from __future__ import annotations

from pathlib import Path

import httpx

from autonomo.server.app import create_app
from server_helpers import planned_task, reply, running, scripted_factory, server_settings


def two_step_script(task_id: str, options: dict) -> list:
    return [
        reply("write_file", "I will write the file.", path="out.txt", content="Washington"),
        reply("finish", "The file is written.", reason="wrote out.txt"),
    ]


def test_a_task_runs_to_is_last_with_autogpt_step_semantics(tmp_path: Path) -> None:
    factory = scripted_factory(two_step_script)
    app = create_app(server_settings(tmp_path), model_factory=factory)
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task = client.post("/ap/v1/agent/tasks",
                           json={"input": "Write Washington to out.txt"}).json()
        task_id = task["task_id"]
        assert task["artifacts"] == [] and task["input"] == "Write Washington to out.txt"

        first = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).json()
        assert first["status"] == "completed" and not first["is_last"]
        assert "Next command: write_file" in first["output"]
        assert first["additional_output"]["executed"] is None
        assert first["additional_output"]["next_command"]["name"] == "write_file"
        assert first["additional_output"]["tokens"]["total_tokens"] > 0

        second = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={"input": "y"}).json()
        assert second["additional_output"]["executed"]["command"] == "write_file"
        assert second["additional_output"]["executed"]["status"] == "success"
        assert [a["file_name"] for a in second["artifacts"]] == ["out.txt"]
        assert "Next command: finish" in second["output"]

        last = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).json()
        assert last["is_last"] is True
        assert last["additional_output"]["task_status"] == "finished"

        steps = client.get(f"/ap/v1/agent/tasks/{task_id}/steps").json()
        assert [s["step_id"] for s in steps["steps"]] == [
            first["step_id"], second["step_id"], last["step_id"]]
        assert steps["pagination"] == {"total_items": 3, "total_pages": 1, "current_page": 1,
                                       "page_size": 10}
        one = client.get(f"/ap/v1/agent/tasks/{task_id}/steps/{second['step_id']}").json()
        assert one["output"] == second["output"]

        artifact = second["artifacts"][0]
        download = client.get(f"/ap/v1/agent/tasks/{task_id}/artifacts/"
                              f"{artifact['artifact_id']}")
        assert download.status_code == 200 and download.content == b"Washington"
        assert download.headers["content-type"] == "application/octet-stream"
        again = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
        assert again.status_code == 409 and "finished" in again.json()["message"]
    factory.models[task_id].assert_all_used()


def test_input_text_is_feedback_instead_of_running_the_command(tmp_path: Path) -> None:
    replies = [reply("write_file", "Writing.", path="wrong.txt", content="x"),
               reply("write_file", "Use the right name.", path="right.txt", content="x"),
               reply("finish", "Done.", reason="done")]
    with planned_task(tmp_path, replies, "write a file") as step:
        fed = step("Call it right.txt")
        executed = fed["additional_output"]["executed"]
        assert executed["source"] == "human" and executed["output"] == "Call it right.txt"
        assert fed["artifacts"] == []
        ran = step()
        assert [a["file_name"] for a in ran["artifacts"]] == ["right.txt"]
        workspace = step.client.get(f"/ap/v1/agent/tasks/{step.task_id}/artifacts").json()
        assert [a["file_name"] for a in workspace["artifacts"]] == ["right.txt"]


def test_lists_paginate_and_unknown_ids_are_json_404(tmp_path: Path) -> None:
    app = create_app(server_settings(tmp_path),
                     model_factory=scripted_factory(lambda t, o: []))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        ids = [client.post("/ap/v1/agent/tasks", json={"input": f"task {n}"}).json()["task_id"]
               for n in range(5)]
        page2 = client.get("/ap/v1/agent/tasks", params={"current_page": 2,
                                                         "page_size": 2}).json()
        assert [t["task_id"] for t in page2["tasks"]] == ids[2:4]
        assert page2["pagination"] == {"total_items": 5, "total_pages": 3, "current_page": 2,
                                       "page_size": 2}
        bad = client.get("/ap/v1/agent/tasks", params={"page_size": 0})
        assert bad.status_code == 422 and "page_size" in bad.json()["message"]
        for path in ("/ap/v1/agent/tasks/nope", "/ap/v1/agent/tasks/../../etc/passwd",
                     f"/ap/v1/agent/tasks/{ids[0]}/steps/0b1d2c3e-0000-4000-8000-000000000000"):
            answer = client.get(path)
            assert answer.status_code == 404 and "message" in answer.json()
        empty = client.post("/ap/v1/agent/tasks", json={"input": "  "})
        assert empty.status_code == 422 and "empty" in empty.json()["message"]
        wrong = client.post("/ap/v1/agent/tasks", json={"input": "x",
                                                        "additional_input": {"max_steps": -1}})
        assert wrong.status_code == 422 and "additional_input.max_steps" in wrong.json()[
            "message"]


def test_the_step_input_answers_ask_user(tmp_path: Path) -> None:
    replies = [reply("ask_user", "I need a colour.", question="Which colour?"),
               reply("write_file", "Writing it.", path="colour.txt", content="blue"),
               reply("finish", "Done.", reason="done")]
    with planned_task(tmp_path, replies, "pick a colour") as step:
        answered = step("blue, please")
        executed = answered["additional_output"]["executed"]
        assert executed["command"] == "ask_user" and executed["source"] == "agent"
        assert "blue, please" in executed["output"]
        ran = step("y")
        assert ran["additional_output"]["executed"]["command"] == "write_file"


def test_a_task_whose_work_is_not_verified_never_ends_finished(tmp_path: Path) -> None:
    """The finish is refused (the value the task gives was never written); when the model
    has nothing more, the task ends failed, its reason saying what is not verified."""
    def script(task_id: str, options: dict) -> list:
        return [reply("write_file", "Writing.", path="spot.txt", content="nothing else"),
                reply("finish", "Done.", reason="spot.txt written")]

    settings = server_settings(tmp_path)
    settings.agent.finish_evidence = True  # the scripted model is no small local one
    app = create_app(settings, model_factory=scripted_factory(script))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={
            "input": "spot.txt - write B-14 in it, nothing else"}).json()["task_id"]
        steps = []
        while not (steps and steps[-1]["is_last"]) and len(steps) < 6:
            steps.append(client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).json())
        last = steps[-1]["additional_output"]
        assert steps[-1]["is_last"] and last["task_status"] != "finished"
        assert last["stop_reason"].startswith("Not verified:") and "B-14" in last["stop_reason"]
        refused = [s["additional_output"]["executed"] for s in steps
                   if (s["additional_output"]["executed"] or {}).get("command") == "finish"]
        assert refused and refused[0]["status"] == "error"


def test_a_finish_no_verifier_confirms_ends_the_task_unverified(tmp_path: Path) -> None:
    """Small-model mode: the finish is accepted by the check, but no verifier confirms it
    (the task states no value to write): the task ends 'unverified' — last step, its reason
    saying what could not be confirmed — and takes no further step, like a finished one."""
    def script(task_id: str, options: dict) -> list:
        return [reply("write_file", "Writing.", path="riddle.txt", content="echo"),
                reply("finish", "Done.", reason="riddle.txt written")]

    settings = server_settings(tmp_path)
    settings.agent.finish_evidence = True  # the scripted model is no small local one
    app = create_app(settings, model_factory=scripted_factory(script))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={
            "input": "Solved the riddle: it's an echo. Put that in riddle.txt"}).json()["task_id"]
        steps = []
        while not (steps and steps[-1]["is_last"]) and len(steps) < 6:
            steps.append(client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).json())
        last = steps[-1]["additional_output"]
        assert steps[-1]["is_last"] and last["task_status"] == "unverified"
        assert "does not hold exactly" in last["stop_reason"]
        again = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
        assert again.status_code == 409 and "unverified" in again.json()["message"]
