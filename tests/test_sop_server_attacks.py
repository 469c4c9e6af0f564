"""Hostile SOP files sent to ``POST /api/sop/runs`` of a real server behind a token: an
alias bomb, nesting beyond the parser's recursion, a NUL in a name, a ChatDev company that
leans on a missing Default; each is a clear 4xx JSON answer naming the file as sent, never a
server path or a 500, and nothing is run."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from autonomo.llm.scripted import ScriptedModel
from autonomo.server.app import create_app
from autonomo.team.sop.live import saved_sources
from server_helpers import running, server_settings
from sop_helpers import PITCH

TOKEN = "i8x-token"


def _bomb(levels: int = 9) -> str:
    """A 'billion laughs' YAML: each level names the one before nine times (9**9 entries)."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def test_hostile_sop_files_get_clear_errors_and_run_nothing(tmp_path: Path) -> None:
    def factory(key: str, options: dict) -> tuple:
        model = ScriptedModel([])
        return model, model, model

    app = create_app(server_settings(tmp_path, token=TOKEN), model_factory=factory)
    auth = {"authorization": f"Bearer {TOKEN}"}
    with running(app) as url, httpx.Client(base_url=url, timeout=60) as client:
        assert client.get("/sop").status_code == 200  # the page is public, its API is not
        assert client.post("/api/sop/runs", json={"files": {"p.yaml": PITCH}}).status_code == 401
        assert client.get("/api/sop/runs").status_code == 401
        assert client.post("/api/sop/runs/abc/answer",
                           json={"seq": 1, "text": "x"}).status_code == 401
        started = time.monotonic()
        bomb = client.post("/api/sop/runs", headers=auth, json={"files": {"bomb.yaml": _bomb()}})
        assert time.monotonic() - started < 20  # walked 9**9 entries before: minutes, GBs
        assert bomb.status_code == 422, bomb.text
        assert "bomb.yaml:" in bomb.json()["message"] and "aliases" in bomb.json()["message"]
        cases = {
            "deep.json": ("[" * 100_000 + "]" * 100_000, 422, "nested too deeply"),
            "deep.yaml": ("[" * 100_000 + "]" * 100_000, 422, "deep.yaml"),
            "p\x00.yaml": (PITCH, 400, "not an SOP file name"),
        }
        for name, (text, status, said) in cases.items():
            answer = client.post("/api/sop/runs", headers=auth, json={"files": {name: text}})
            assert answer.status_code == status, (name, answer.text)
            assert said in answer.json()["message"]
        company = client.post("/api/sop/runs", headers=auth, json={
            "files": {"ChatChainConfig.json": '{"chain": []}'}, "name": "MyCo"})
        assert company.status_code == 422
        assert "PhaseConfig.json" in company.json()["message"]
        for answer in (bomb, company):
            assert str(tmp_path) not in answer.text  # where the server keeps it is not shown
        assert client.get("/api/sop/runs", headers=auth).json()["runs"] == []
    sources = tmp_path / "data" / "sop_sources"
    assert not sources.exists() or not any(sources.iterdir())  # refused files are not kept


def test_a_company_is_saved_under_its_own_name(tmp_path: Path) -> None:
    """The company folder is named after ``name`` (made safe), not after a file sent."""
    files = {"ChatChainConfig.json": "{}", "RoleConfig.json": "{}"}
    assert saved_sources(tmp_path, files, "My Co/../x").name == "My_Co_.._x"
    assert saved_sources(tmp_path, files, "").name == "company"
