"""ChatDev's own Default company, loaded unchanged and run end to end on a scripted model."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from autonomo.team.sop.source import SopError
from autonomo.team.sop.store import SopStore
from sop_helpers import Recorder, chatdev_default

MAIN = "main.py\n```python\nfrom utils import greet\n\nprint(greet('world'))\n```\n"
UTILS_STUB = "utils.py\n```python\ndef greet(name):\n    pass\n```\n"
UTILS_BUG = "utils.py\n```python\ndef greet(name):\n    return 'Hello, ' + nam\n```\n"
UTILS_FIXED = "utils.py\n```python\ndef greet(name):\n    return 'Hello, ' + name\n```\n"




def script() -> list:
    seen: dict[str, str] = {}

    def test_summary(messages):
        seen["report"] = messages[-1].content  # the test report reached the programmer
        return "The function greet uses an undefined name `nam`; it should be `name`."

    return [
        "I think an application fits best.\n<INFO> Application",  # DemandAnalysis (CPO)
        "<INFO> Python",  # LanguageChoose (CTO)
        "Here are the files.\n\n" + MAIN + "\n" + UTILS_STUB,  # Coding
        UTILS_BUG,  # CodeComplete: utils.py had `pass`
        "greet should have a docstring.",  # CodeReviewComment, cycle 1
        UTILS_BUG.replace("def greet(name):", "def greet(name):\n    '''Greet.'''"),  # Mod.
        "<INFO> Finished",  # CodeReviewComment, cycle 2: review done
        test_summary,  # TestErrorSummary (after the program failed in the sandbox)
        UTILS_FIXED,  # TestModification
        "requirements.txt\n```\n# no third-party packages\n```",  # EnvironmentDoc
        "requirements.txt\n```\n# the standard library only\n```",  # its self-reflection
        "manual.md\n```\n# Greeter\nRun `python main.py`.\n```",  # Manual
    ], seen


def test_default_company_loads_unchanged():
    spec = load_sop(chatdev_default())
    assert spec.format == "chatdev"
    top = ["DemandAnalysis", "LanguageChoose", "Coding", "CodeCompleteAll", "CodeReview",
           "Test", "EnvironmentDoc", "Manual"]
    chain, state = [], spec.start
    while state:
        chain.append(state)
        state = spec.states[state].transitions[0].to
    assert chain == top
    review = spec.states["CodeReview"]
    assert review.kind == "cycle" and review.cycles == 3
    assert review.children == ["CodeReview.CodeReviewComment", "CodeReview.CodeReviewModification"]
    demand = spec.states["DemandAnalysis"]
    assert demand.roles == ["Chief Product Officer", "Chief Executive Officer"]
    assert demand.max_messages == 20 and demand.fallback == "reflect"  # -1 -> 10 turns
    assert spec.states["Coding"].max_messages == 1  # one turn: the assistant only


def test_default_company_runs_end_to_end(tmp_path: Path):
    responses, seen = script()
    model = ScriptedModel(responses)
    recorder = Recorder()
    store = SopStore(tmp_path / "data")
    settings = Settings(data_dir=tmp_path / "data")
    run = SopRun(load_sop(chatdev_default()), "Write a program that greets the world",
                 model=model, workspace=tmp_path / "ws", settings=settings, store=store,
                 observer=recorder)
    result = run.run()
    assert result.status == "finished", result.reason
    model.assert_all_used()
    ws = tmp_path / "ws"
    assert (ws / "utils.py").read_text().strip().endswith("return 'Hello, ' + name")
    assert "greet" in (ws / "main.py").read_text()
    assert "standard library" in (ws / "requirements.txt").read_text()
    assert (ws / "manual.md").read_text().startswith("# Greeter")
    assert result.variables["modality"] == "application"
    assert result.variables["language"] == "Python"
    # the sandboxed run failed first and its error reached the programmer
    assert "NameError" in seen["report"]
    assert result.variables["tests_passed"] == "yes"
    entered = [e["state"] for e in recorder.of("state_entered")]
    assert entered == [
        "DemandAnalysis", "LanguageChoose", "Coding",
        "CodeCompleteAll.CodeComplete", "CodeCompleteAll.CodeComplete",
        "CodeReview.CodeReviewComment", "CodeReview.CodeReviewModification",
        "CodeReview.CodeReviewComment",
        "Test.TestErrorSummary", "Test.TestModification", "Test.TestErrorSummary",
        "EnvironmentDoc", "Manual"]
    breaks = [e["ended"] for e in recorder.of("cycle") if "ended" in e]
    assert breaks == ["break: unimplemented_file is empty", "break: review_done equals 'yes'",
                      "break: tests_passed equals 'yes'"]
    conclusions = {e["state"]: e["how"] for e in recorder.of("conclusion")}
    assert conclusions["EnvironmentDoc"] == "reflection"
    assert conclusions["DemandAnalysis"] == "marker"
    # every event was saved as it happened, and the run reads back without a model
    saved = store.events(result.run_id)
    assert [e.kind for e in saved] == [e.kind for e in recorder.events]
    assert store.get(result.run_id).status == "finished"


def test_phase_prompt_is_filled_from_the_environment(tmp_path: Path):
    responses, _ = script()
    model = ScriptedModel(responses)
    SopRun(load_sop(chatdev_default()), "Greet the world", model=model,
           workspace=tmp_path / "ws", settings=Settings(data_dir=tmp_path / "d")).run()
    coding = model.calls[2]["messages"]
    assert coding[0].role == "system" and "You are Programmer" in coding[0].content
    assert "Greet the world" in coding[0].content
    assert 'Modality: "application"' in coding[1].content
    assert 'Programming Language: "Python"' in coding[1].content
    assert "{" + "task}" not in coding[1].content


def _company(tmp_path: Path, edit) -> Path:
    """A company folder with one edited file; the others fall back to Default beside it."""
    root = tmp_path / "companies"
    shutil.copytree(chatdev_default(), root / "Default")  # a user's ChatDev CompanyConfig
    mine = root / "Mine"
    mine.mkdir()
    name, text = edit(root / "Default")
    (mine / name).write_text(text)
    return mine


def test_missing_files_fall_back_to_default(tmp_path: Path):
    def fewer_cycles(default: Path):
        chain = json.loads((default / "ChatChainConfig.json").read_text())
        chain["chain"][4]["cycleNum"] = 1
        return "ChatChainConfig.json", json.dumps(chain, indent=2)

    spec = load_sop(_company(tmp_path, fewer_cycles))
    assert spec.states["CodeReview"].cycles == 1
    assert "Programmer" in spec.roles  # RoleConfig.json from Default


@pytest.mark.parametrize(("edit", "expected"), [
    (lambda c: c["chain"][1].update(need_reflect="yes"),
     ["ChatChainConfig.json:", "/chain/1/need_reflect", "'yes' is not allowed", "\"True\""]),
    (lambda c: c["chain"][2].update(max_turn_step="1"),
     ["/chain/2/max_turn_step", "wrong type", "whole number"]),
    (lambda c: c["chain"][0].update(phase="DemandAnalysys"),
     ["/chain/0/phase", "'DemandAnalysys' is not in PhaseConfig.json"]),
])
def test_bad_chain_names_file_line_and_field(tmp_path: Path, edit, expected):
    def change(default: Path):
        chain = json.loads((default / "ChatChainConfig.json").read_text())
        edit(chain)
        return "ChatChainConfig.json", json.dumps(chain, indent=2)

    with pytest.raises(SopError) as error:
        load_sop(_company(tmp_path, change))
    text = str(error.value)
    for part in expected:
        assert part in text
    problem = error.value.problems[0]
    assert problem.line > 1 and problem.path.name == "ChatChainConfig.json"


def test_unknown_role_and_placeholder_in_phase_config(tmp_path: Path):
    def change(default: Path):
        phases = json.loads((default / "PhaseConfig.json").read_text())
        phases["Coding"]["user_role_name"] = "Chief Technical Officer"
        phases["Manual"]["phase_prompt"].append("Mention {audience}.")
        return "PhaseConfig.json", json.dumps(phases, indent=2)

    folder = _company(tmp_path, change)
    with pytest.raises(SopError) as error:
        load_sop(folder)
    problems = {p.field: p for p in error.value.problems}
    role = problems["/Coding/user_role_name"]
    assert "'Chief Technical Officer' is not in RoleConfig.json" in role.message
    lines = (folder / "PhaseConfig.json").read_text().splitlines()
    assert "Chief Technical Officer" in lines[role.line - 1]
    placeholder = next(p for p in error.value.problems if "{audience}" in p.message)
    assert "Mention {audience}." in lines[placeholder.line - 1]
    assert "has no value" in placeholder.message
