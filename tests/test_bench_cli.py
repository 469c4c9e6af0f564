"""``autonomo bench`` end to end on a scripted model: run, store, report, compare."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.bench.store import BenchStore
from autonomo.cli.main import main
from autonomo.config import SandboxConfig
from autonomo.sandbox import can_execute
from bench_helpers import FIXTURES


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("AUTONOMO_MEMORY__ENABLED", "false")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "data"


@pytest.mark.skipif(not can_execute(SandboxConfig()), reason="python evals need a sandbox")
def test_run_then_report_two_runs(data_dir: Path, tmp_path: Path, capsys) -> None:
    assert main(["bench", "run", str(FIXTURES), "--models", "bench_helpers:fixture_models"]) == 0
    assert main(["bench", "run", str(FIXTURES), "--models", "bench_helpers:lazy_models"]) == 1
    out = capsys.readouterr().out
    assert "Passed 2/2 (100%)" in out and "Passed 0/2 (0%)" in out
    store = BenchStore(data_dir)
    new, old = (r["id"] for r in store.runs())
    skipped = store.results(new)[1]
    assert skipped.status == "skip" and "prerequisite ReadAndRepeat" in skipped.reason
    html_path = tmp_path / "cmp.html"
    assert main(["bench", "report", new, old, "--out", str(html_path)]) == 0
    out = capsys.readouterr().out
    assert "Worse: ReadAndRepeat (pass → fail), SumDigits (pass → skip)" in out
    page = html_path.read_text()
    assert "<svg" in page and "Compared with " + old in page and "<script" not in page
    assert page.count('class="fail">worse') == 2
    links = sorted((tmp_path / "cmp-trajectories").glob("*.json"))
    assert len(links) == 1 and all(f"cmp-trajectories/{p.name}" in page for p in links)
    assert main(["bench", "runs"]) == 0 and new in capsys.readouterr().out


def test_bad_suite_and_unavailable_targets_are_clear_errors(data_dir: Path, capsys) -> None:
    assert main(["bench", "run", "no/such/folder"]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert main(["bench", "run", str(FIXTURES), "--sop", "x.yaml"]) == 2
    assert main(["bench", "report", "run-nothing"]) == 2
    assert "No single benchmark run" in capsys.readouterr().err
