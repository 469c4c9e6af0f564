"""``autonomo memory AGENT list | search | stats | clear`` on a real data directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.cli.main import main
from autonomo.config import Settings
from autonomo.memory import open_memory


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # no stray autonomo.toml / .env
    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("AUTONOMO_MEMORY__EMBEDDER", "hashing")
    monkeypatch.delenv("AUTONOMO_CONFIG", raising=False)
    monkeypatch.setenv("COLUMNS", "200")
    settings = Settings(data_dir=tmp_path / "data", memory={"embedder": "hashing"})
    memory = open_memory(settings, "scout")
    memory.remember("Step 1: saved the bird census to data/birds.csv", kind="result")
    memory.remember("Step 2: the user wants only owls counted", kind="feedback")
    memory.remember("Step 3: downloaded the map of the forest", kind="result")
    memory.close()
    return tmp_path / "data"


def test_list_shows_newest_first(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "scout", "list"]) == 0
    out = capsys.readouterr().out
    assert "3 of 3" in out
    assert out.index("map of the forest") < out.index("bird census")
    assert main(["memory", "scout", "list", "--kind", "feedback"]) == 0
    out = capsys.readouterr().out
    assert "owls" in out and "bird census" not in out


def test_search_ranks_by_similarity(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "scout", "search", "which birds does the user want counted?",
                 "-k", "2"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    assert "2 memories of scout" in out
    assert out.index("owls") < out.index("bird census")
    assert "Searching" in captured.err  # a sign of life while the embedder loads


def test_stats_and_clear(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "scout", "stats"]) == 0
    out = capsys.readouterr().out
    assert "memories: 3" in out and "feedback: 1" in out and "result: 2" in out
    assert main(["memory", "scout", "clear", "--yes"]) == 0
    assert "Deleted 3 memories" in capsys.readouterr().out
    assert main(["memory", "scout", "stats"]) == 0
    assert "memories: 0" in capsys.readouterr().out


def test_unknown_agent_is_a_user_error(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["memory", "nobody", "list"]) == 2
    err = capsys.readouterr().err
    assert "has no memory" in err and "scout" in err
    assert not (data_dir / "agents" / "nobody").exists()
