"""Models an SOP names (aiwaves' LLM blocks, a YAML role's ``model``): the configured model
of that name, or the run's mapping; otherwise the default model, said once."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from autonomo.config import Settings
from autonomo.errors import UserError
from autonomo.llm.scripted import ScriptedModel
from autonomo.team.sop.display import SopDisplay
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.events import Observers
from autonomo.team.sop.load import load_sop
from autonomo.team.sop.store import SopStore
from sop_helpers import Recorder, aiwaves_config

GPT = "gpt-3.5-turbo-16k-0613"  # what every LLM block of the software company names


def design_only(tmp_path: Path) -> Path:
    """The software company, its design state only (one relation: no controller), with the
    first architect on a model of their own and the leader on one nobody configured."""
    data = json.loads(aiwaves_config().read_text())
    data["relations"]["design_state"] = {"0": "end_state"}
    design = data["states"]["design_state"]
    design["controller"]["max_chat_nums"] = 4
    design["agent_states"]["Architect_1"]["LLM"]["model"] = "architect-llm"
    design["agent_states"]["Leader"]["LLM"]["model"] = "leader-llm"
    path = tmp_path / "config.json"
    path.write_text(json.dumps(data))
    return path


def responses(tmp_path: Path, name: str, count: int = 8) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps([f"[{name} {i}] my part." for i in range(count)]))
    return str(path)


def said(recorder: Recorder) -> list[tuple[str, str]]:
    return [(m["role"], m["text"].split("]")[0] + "]") for m in recorder.of("message")
            if not m.get("opening")]


def test_roles_use_the_models_their_llm_blocks_name_from_the_configuration(tmp_path: Path):
    settings = Settings(data_dir=tmp_path / "d", llm={"models": {
        "architect-llm": {"provider": "scripted", "model": responses(tmp_path, "architect")},
        GPT: {"provider": "scripted", "model": responses(tmp_path, "gpt")}}})
    default = ScriptedModel([f"[default {i}] my part." for i in range(8)])
    recorder, out = Recorder(), io.StringIO()
    run = SopRun(load_sop(design_only(tmp_path)), "a snake game", model=default,
                 workspace=tmp_path / "ws", settings=settings,
                 store=SopStore(tmp_path / "d"),
                 observer=Observers(recorder, SopDisplay(Console(file=out, width=200))))
    result = run.run()
    assert result.status == "finished", result.reason
    # order after Boss's opening: Architect_1, Leader, Architect_2 (+ its extraction), Boss
    assert said(recorder) == [("Architect_1", "[architect 0]"), ("Leader", "[default 0]"),
                              ("Architect_2", "[gpt 0]"), ("Boss", "[gpt 2]")]
    notices = {n["name"]: n for n in recorder.of("model")}
    assert notices["architect-llm"]["found"] and notices[GPT]["found"]
    missing = notices["leader-llm"]
    assert not missing["found"] and missing["who"] == ["Leader in design_state"]
    assert len(recorder.of("model")) == 3  # once per name, not per call
    # the terminal says it once too
    text = out.getvalue()
    assert text.count("not configured") == 1 and "leader-llm" in text
    assert "the default model scripted is used instead" in " ".join(text.split())
    assert len(default.calls) == 1  # the Leader's one turn, nothing else


def test_a_mapping_in_the_run_options_picks_the_model(tmp_path: Path):
    default = ScriptedModel([f"[default {i}] my part." for i in range(8)])
    smart = ScriptedModel([f"[smart {i}] my part." for i in range(8)])
    architect = ScriptedModel([f"[architect {i}] my part." for i in range(8)])
    recorder = Recorder()
    result = SopRun(load_sop(design_only(tmp_path)), "x", model=default, smart_model=smart,
                    workspace=tmp_path / "ws", observer=recorder,
                    model_map={GPT: "smart", "architect-llm": "mine",
                               "leader-llm": "default"},
                    named_models={"mine": architect}).run()
    assert result.status == "finished", result.reason
    assert said(recorder) == [("Architect_1", "[architect 0]"), ("Leader", "[default 0]"),
                              ("Architect_2", "[smart 0]"), ("Boss", "[smart 2]")]
    assert all(n["found"] for n in recorder.of("model"))  # mapped: nothing to warn about


def test_a_mapping_to_an_unknown_model_stops_before_anything_runs(tmp_path: Path):
    model = ScriptedModel([])
    store = SopStore(tmp_path / "d")
    with pytest.raises(UserError, match=r"names no configured model: use one of .*smart"):
        SopRun(load_sop(design_only(tmp_path)), "x", model=model, workspace=tmp_path / "ws",
               store=store, model_map={GPT: "gpt-5"})
    assert store.list() == [] and model.calls == []
    store.close()


def test_the_cli_maps_a_model_and_refuses_a_bad_mapping(tmp_path: Path, monkeypatch):
    from autonomo.cli.main import main

    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("AUTONOMO_LLM__FAST__PROVIDER", "scripted")
    monkeypatch.setenv("AUTONOMO_LLM__FAST__MODEL", responses(tmp_path, "fast", 12))
    code = main(["sop", "run", str(design_only(tmp_path)), "--task", "x",
                 "--model-map", f"{GPT}=default", "--model-map", "architect-llm=fast",
                 "--model-map", "leader-llm=smart"])
    assert code == 0
    store = SopStore(tmp_path / "data")
    run = store.list()[0]
    events = store.events(run.id)
    store.close()
    assert run.status == "finished"
    assert all(e.data["found"] for e in events if e.kind == "model")
    assert events[0].data["model_map"]["leader-llm"] == "smart"  # kept for resume
    assert main(["sop", "run", str(design_only(tmp_path)), "--model-map", "gpt"]) != 0


class TemperatureRecorder(ScriptedModel):
    """A scripted model that keeps each call's sampling temperature."""

    def __init__(self, responses) -> None:
        super().__init__(responses)
        self.temperatures: list[float | None] = []

    def call(self, request):
        self.temperatures.append(request.temperature)
        return super().call(request)


def test_llm_block_temperatures_are_the_roles_sampling_temperatures(tmp_path: Path):
    path = design_only(tmp_path)
    data = json.loads(path.read_text())
    data["states"]["design_state"]["agent_states"]["Architect_1"]["LLM"]["temperature"] = 0.9
    path.write_text(json.dumps(data))
    model = TemperatureRecorder([f"[default {i}] my part." for i in range(8)])
    recorder = Recorder()
    result = SopRun(load_sop(path), "x", model=model, workspace=tmp_path / "ws",
                    observer=recorder, model_map={GPT: "default", "architect-llm": "default",
                                                  "leader-llm": "default"}).run()
    assert result.status == "finished", result.reason
    # Architect_1, Leader, Architect_2 (+ its extraction), Boss: the file's 0.3 but for one
    assert model.temperatures == [0.9, 0.3, 0.3, 0.3, 0.3]
