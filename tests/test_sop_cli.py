"""``autonomo sop`` run / validate / show / list / resume, and resuming after a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from autonomo.cli.main import main
from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel, ScriptExhaustedError
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from autonomo.team.sop.resume import resume_run
from autonomo.team.sop.store import SopStore
from sop_helpers import aiwaves_config, chatdev_default
from test_sop_chatdev import script


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def responses_file(path: Path) -> str:
    items, _ = script()
    items = [i if isinstance(i, str) else "The name `nam` is undefined; use `name`." for i in items]
    path.write_text(yaml.safe_dump(items))
    return str(path)


def test_run_chatdev_company_then_show_and_list(env, capsys):
    code = main(["sop", "run", str(chatdev_default()), "--task", "Greet the world",
                 "--provider", "scripted", "--model", responses_file(env / "r.yaml"),
                 "--workspace", str(env / "ws")])
    out = capsys.readouterr().out
    assert code == 0, out
    for text in ("DemandAnalysis", "Chief Product Officer → Chief Executive Officer",
                 "modality = application", "CodeReview ⇒ Test", "wrote manual.md",
                 "break: tests_passed equals 'yes'", "finished"):
        assert text in out
    assert (env / "ws" / "manual.md").exists()
    run_id = out.split("run ", 1)[1].split()[0]
    assert main(["sop", "list"]) == 0
    assert run_id in capsys.readouterr().out
    assert main(["sop", "show", run_id[:6], "--json", str(env / "run.json")]) == 0
    replay = capsys.readouterr().out
    assert "Chief Product Officer → Chief Executive Officer" in replay
    assert "CodeReview ⇒ Test" in replay and (env / "run.json").exists()


def test_validate_reports_line_and_exits_2(env, capsys):
    bad = env / "config.json"
    bad.write_text(aiwaves_config().read_text().replace('"1": "develop_state"',
                                                        '"1": "develop"', 1))
    assert main(["sop", "validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:" in err and "unknown state 'develop'" in err
    assert main(["sop", "validate", str(aiwaves_config())]) == 0


def test_resume_goes_on_from_the_last_checkpoint(tmp_path: Path):
    items, _ = script()
    items[7] = "`nam` is undefined."
    store = SopStore(tmp_path / "data")
    settings = Settings(data_dir=tmp_path / "data")
    first = SopRun(load_sop(chatdev_default()), "Greet", model=ScriptedModel(items[:5]),
                   workspace=tmp_path / "ws", settings=settings, store=store)
    with pytest.raises(ScriptExhaustedError):
        first.run()  # the model "dies" in the middle of the review cycle
    record = store.get(first.run_id)
    assert record.status == "failed"
    model = ScriptedModel(items[5:])
    result = resume_run(store, first.run_id, model=model, settings=settings)
    assert result.status == "finished", result.reason
    model.assert_all_used()
    kinds = [e.kind for e in store.events(first.run_id)]
    assert "resumed" in kinds and kinds[-1] == "run_finished"
    assert (tmp_path / "ws" / "manual.md").exists()
    assert store.get(first.run_id).status == "finished"


def test_team_budget_stops_the_run_before_passing_it(tmp_path: Path):
    from autonomo.llm.types import Completion, Usage

    model = ScriptedModel([Completion(text="<INFO> Website", usage=Usage(cost=0.6)), "unused"])
    result = SopRun(load_sop(chatdev_default()), "t", model=model, workspace=tmp_path / "ws",
                    budget=0.5).run()
    assert result.status == "stopped" and "$0.5000" in result.reason
    assert result.usage["Chief Product Officer"].cost == pytest.approx(0.6)
    assert model.remaining == 1  # the call that could pass the budget was not made


def test_resume_replays_the_calls_already_paid_for(tmp_path: Path):
    items, _ = script()
    items[7] = "`nam` is undefined."
    store = SopStore(tmp_path / "data")
    settings = Settings(data_dir=tmp_path / "data")

    def crash(messages):
        raise KeyboardInterrupt

    first = SopRun(load_sop(chatdev_default()), "Greet",
                   model=ScriptedModel([*items[:10], crash]), workspace=tmp_path / "ws",
                   settings=settings, store=store)
    with pytest.raises(KeyboardInterrupt):
        first.run()  # Ctrl-C during EnvironmentDoc's self-reflection, its first call paid
    assert store.get(first.run_id).status == "stopped"
    # EnvironmentDoc starts over: its first call comes from the store, not the model
    model = ScriptedModel(items[10:])
    result = resume_run(store, first.run_id, model=model, settings=settings)
    assert result.status == "finished", result.reason
    model.assert_all_used()
    assert "standard library" in (tmp_path / "ws" / "requirements.txt").read_text()
