"""The example SOP file shipped in examples/sop validates and runs (program run in the sandbox)."""

from __future__ import annotations

from pathlib import Path

from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from sop_helpers import Recorder

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "sop" / "tiny_dev_team.sop.yaml"


def test_tiny_dev_team_runs_until_the_program_works(tmp_path: Path):
    spec = load_sop(EXAMPLE)
    model = ScriptedModel([
        "main.py\n```python\nprint(sum(range(1, 11))\n```\n<INFO> done",  # a syntax error
        "A closing parenthesis is missing in the print call.",  # test: the cause
        "main.py\n```python\nprint(sum(range(1, 11)))\n```",  # fix
        "<INFO> Finished",  # review (the smart model is the same scripted one here)
    ])
    recorder = Recorder()
    result = SopRun(spec, "Print the sum of 1 to 10", model=model, workspace=tmp_path / "ws",
                    settings=Settings(data_dir=tmp_path / "d"), observer=recorder).run()
    assert result.status == "finished", result.reason
    model.assert_all_used()
    assert (tmp_path / "ws" / "main.py").read_text() == "print(sum(range(1, 11)))\n"
    assert "SyntaxError" in model.calls[1]["messages"][0].content  # the report reached it
    assert result.variables["tests_passed"] == "yes"
    assert [t["to"] for t in recorder.of("transition")] == ["make_it_run", "review", "end"]


def test_a_sandbox_that_cannot_start_stops_the_run_before_any_model_call(tmp_path: Path):
    settings = Settings(data_dir=tmp_path / "d")
    settings.sandbox.backend = "local"  # refused unless allow_unsandboxed is set
    model = ScriptedModel(["unused"])
    result = SopRun(load_sop(EXAMPLE), "x", model=model, workspace=tmp_path / "ws",
                    settings=settings).run()
    assert result.status == "failed" and "allow_unsandboxed" in result.reason
    assert model.calls == []
