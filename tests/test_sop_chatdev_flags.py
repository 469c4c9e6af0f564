"""ChatDev's flags, each with its ChatDev meaning made of autonomo parts, on a scripted model:
incremental_develop, self_improve, with_memory, web_spider."""

from __future__ import annotations

import json
import os
from pathlib import Path

from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from autonomo.tools.web import SearchHit, register_search_engine
from sop_helpers import Recorder, chatdev_default
from web_server import LoopbackServer

CODE = "main.py\n```python\nprint('hello from the new code')\n```\n"


def company(tmp_path: Path, chain: list[str], **flags: bool) -> Path:
    """The Default company's files in a folder of the test's, with a shorter chain and
    ``flags`` set (ChatDev's string booleans)."""
    folder = tmp_path / "Flagged"
    folder.mkdir()
    for name in ("PhaseConfig.json", "RoleConfig.json"):
        (folder / name).write_text((chatdev_default() / name).read_text())
    data = json.loads((chatdev_default() / "ChatChainConfig.json").read_text())
    data["chain"] = [{"phase": phase, "phaseType": "SimplePhase", "max_turn_step": 1,
                      "need_reflect": "False"} for phase in chain]
    data.update({name: "True" if value else "False" for name, value in flags.items()})
    (folder / "ChatChainConfig.json").write_text(json.dumps(data))
    return folder


def go(tmp_path: Path, folder: Path, responses: list, task: str = "Greet the world",
       ws: str = "ws", **options) -> tuple:
    model, recorder = ScriptedModel(responses), Recorder()
    options.setdefault("settings", Settings(data_dir=tmp_path / "data"))
    result = SopRun(load_sop(folder), task, model=model, workspace=tmp_path / ws,
                    observer=recorder, **options).run()
    assert result.status == "finished", result.reason
    model.assert_all_used()
    return result, model, recorder


def notes(recorder: Recorder, hook: str) -> list[str]:
    return [e["text"] for e in recorder.of("hook") if e["hook"] == hook]


def test_incremental_develop_builds_on_the_code_in_a_given_folder(tmp_path: Path):
    existing = tmp_path / "existing"
    (existing / "lib").mkdir(parents=True)
    (existing / "main.py").write_text("from lib.calc import add\nprint(add(2, 3))\n")
    (existing / "lib" / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    secret = tmp_path / "secret.py"
    secret.write_text("TOKEN = 'do-not-read'\n")
    os.symlink(secret, existing / "linked.py")  # a symlink is never followed
    os.mkfifo(existing / "fifo.py")  # nor does a FIFO block the read
    folder = company(tmp_path, ["CodeReviewComment"], incremental_develop=True)
    _, model, recorder = go(tmp_path, folder, ["<INFO> Finished"], code_from=existing)
    review = model.calls[0]["messages"][1].content  # the reviewer is shown the existing code
    assert "def add(a, b):" in review and "lib/calc.py" in review
    assert "do-not-read" not in review and "fifo" not in review
    assert (tmp_path / "ws" / "lib" / "calc.py").read_text().startswith("def add")
    assert not (tmp_path / "ws" / "linked.py").exists()
    assert "builds on 2 files" in notes(recorder, "load_code")[0]


def test_incremental_develop_takes_the_workspace_code_and_says_when_there_is_none(
        tmp_path: Path):
    folder = company(tmp_path, ["CodeReviewComment"], incremental_develop=True)
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "game.py").write_text("print('snake')\n")
    _, model, _ = go(tmp_path, folder, ["<INFO> Finished"])
    assert "print('snake')" in model.calls[0]["messages"][1].content
    _, _, recorder = go(tmp_path, folder, ["<INFO> Finished"], ws="empty")
    assert "starts from scratch" in notes(recorder, "load_code")[0]


def test_self_improve_rewrites_the_task_before_the_chain(tmp_path: Path):
    folder = company(tmp_path, ["Coding"], self_improve=True)
    better = "A command-line program that prints 'Hello, world!' and exits with status 0."
    result, model, recorder = go(tmp_path, folder, [f"<INFO> {better}", CODE])
    ask = model.calls[0]["messages"]
    assert "Greet the world" in ask[-1].content and "prompt engineer" in ask[0].content
    assert [e["state"] for e in recorder.of("state_entered")] == ["SelfImprove", "Coding"]
    coding = model.calls[1]["messages"]
    assert better in coding[0].content and better in coding[1].content
    assert result.variables["original_task"] == "Greet the world"
    assert (tmp_path / "ws" / "main.py").exists()


def test_with_memory_recalls_an_earlier_projects_code(tmp_path: Path):
    folder = company(tmp_path, ["Coding"], with_memory=True)
    settings = Settings(data_dir=tmp_path / "data", memory={"embedder": "hashing"})
    _, first, recorder = go(tmp_path, folder, [CODE], task="Greet the world in Python",
                            settings=settings)
    assert "Code and experience" not in first.calls[0]["messages"][0].content
    assert "no earlier project yet" in notes(recorder, "recall_experience")[0]
    assert "kept this project's 1 files" in notes(recorder, "remember_experience")[0]
    _, second, recorder = go(tmp_path, folder, [CODE], task="Greet the world politely",
                             settings=settings, ws="ws2")
    system = second.calls[0]["messages"][0].content  # the programmer sees the earlier code
    assert "Code and experience from earlier projects" in system
    assert "hello from the new code" in system and "Greet the world in Python" in system
    assert "recalled 1 memories" in notes(recorder, "recall_experience")[0]
    off = Settings(data_dir=tmp_path / "data", memory={"enabled": False})
    _, _, recorder = go(tmp_path, folder, [CODE], settings=off, ws="ws3")
    assert "memory is off" in notes(recorder, "memory")[0]


class _Search:
    """A search engine whose one hit is the loopback test server's article."""

    def __init__(self, url: str) -> None:
        self.url = url

    def search(self, query: str, max_results: int) -> list[SearchHit]:
        return [SearchHit("Capitals", f"{self.url}/article.html", "capital cities")]


def test_web_spider_reads_a_page_for_the_task_and_the_guard_still_applies(tmp_path: Path):
    folder = company(tmp_path, ["Coding"], web_spider=True)
    root = tmp_path / "served"
    root.mkdir()
    summary = "Paris is the capital of France; Tokyo of Japan."
    with LoopbackServer(root) as server:
        register_search_engine("sop-loopback", lambda config: _Search(server.url))
        web = {"search_engine": "sop-loopback", "use_browser": False}
        allowed = Settings(data_dir=tmp_path / "data",
                           web={**web, "allow_private_addresses": True})
        result, model, recorder = go(tmp_path, folder, [summary, CODE], task="A capitals quiz",
                                     settings=allowed)
        assert "The capital of France is Paris" in model.calls[0]["messages"][0].content
        coding = model.calls[1]["messages"][0].content
        assert "Background found on the web" in coding and summary in coding
        assert result.variables["description"] == summary
        # the address guard applies: by default a loopback page is refused, the run goes on
        guarded = Settings(data_dir=tmp_path / "data", web=web)
        result, model, recorder = go(tmp_path, folder, [CODE], task="A capitals quiz",
                                     settings=guarded, ws="ws2")
    said = notes(recorder, "web_lookup")[0]
    assert "could not read" in said and "loopback" in said and "going on" in said
    assert "Background" not in model.calls[0]["messages"][0].content
    # offline (no search engine answers): said clearly, and the run goes on
    offline = Settings(data_dir=tmp_path / "data", web={"search_engine": "nope"})
    _, _, recorder = go(tmp_path, folder, [CODE], settings=offline, ws="ws3")
    assert "Unknown search engine" in notes(recorder, "web_lookup")[0]


def test_git_management_commits_each_code_change_with_git_in_the_sandbox(tmp_path: Path):
    from autonomo.sandbox import create_sandbox

    folder = company(tmp_path, ["Coding", "CodeReviewModification"], git_management=True)
    ws = tmp_path / "ws"
    (ws / ".git").mkdir(parents=True)
    marker = tmp_path / "host-was-touched"
    # a config planted by sandboxed code: git runs it, but only inside the sandbox
    (ws / ".git" / "config").write_text(
        f"[core]\n\tfsmonitor = touch ran-in-the-sandbox {marker}\n"
        "\trepositoryformatversion = 0\n")
    changed = CODE.replace("hello from the new code", "hello, reviewed")
    settings = Settings(data_dir=tmp_path / "data")
    _, _, recorder = go(tmp_path, folder, [CODE, changed], settings=settings)
    assert notes(recorder, "git_commit") == ["committed the code as version 1",
                                             "committed the code as version 2"]
    assert (ws / "ran-in-the-sandbox").exists() and not marker.exists()
    sandbox = create_sandbox(ws, settings.sandbox)
    try:
        log = sandbox.run(["git", "log", "--format=%s"], timeout=30)
    finally:
        sandbox.close()
    assert log.stdout.split("\n")[:2] == ["CodeReviewModification (version 2)",
                                          "Coding (version 1)"]
