"""The shipped example teams, end to end on scripted models (real sandbox for QA)."""

from __future__ import annotations

import json

import pytest
import yaml

from autonomo.cli.main import main
from autonomo.config import SandboxConfig
from autonomo.llm.scripted import ScriptedModel
from autonomo.sandbox.bubblewrap import unavailable_reason
from autonomo.team import NOBODY, Team, TeamStore
from autonomo.team.examples import debate, software

SANDBOX = SandboxConfig(backend="bubblewrap")
needs_bwrap = pytest.mark.skipif(unavailable_reason(SANDBOX) is not None,
                                 reason="bubblewrap unusable here")

PRD = {"goal": "A calculator module", "user_stories": ["As a user I add numbers"],
       "requirements": ["add(a, b) returns the sum", "divide(a, b) raises on zero"]}
DESIGN = {"module": "calc.py", "functions": [
    {"name": "add", "signature": "def add(a: float, b: float) -> float", "purpose": "sum"},
    {"name": "divide", "signature": "def divide(a: float, b: float) -> float",
     "purpose": "quotient; ZeroDivisionError when b is 0"}]}
BUGGY = "def add(a, b):\n    return a - b\n\n\ndef divide(a, b):\n    return a / b\n"
FIXED = "def add(a, b):\n    return a + b\n\n\ndef divide(a, b):\n    return a / b\n"
TESTS = """import unittest

from calc import add, divide


class CalcTest(unittest.TestCase):
    def test_add(self):
        self.assertEqual(add(2, 3), 5)

    def test_divide_by_zero(self):
        with self.assertRaises(ZeroDivisionError):
            divide(1, 0)


if __name__ == "__main__":
    unittest.main()
"""


def software_script():
    def fixed_after_seeing_failure(messages):
        prompt = messages[-1].content
        assert "tests of the QA engineer failed" in prompt and "AssertionError" in prompt
        return {"files": [{"path": "calc.py", "content": FIXED}]}

    return [PRD, DESIGN, {"files": [{"path": "calc.py", "content": BUGGY}]},
            {"content": TESTS}, fixed_after_seeing_failure]


@needs_bwrap
def test_software_team_fixes_the_code_until_qa_tests_pass(tmp_path):
    model = ScriptedModel(software_script())
    team = Team(TeamStore(tmp_path / "data"), model, roles=software.roles(),
                services={"sandbox_config": SANDBOX})
    result = team.run(n_round=10, idea="a calculator module with add and divide")
    model.assert_all_used()
    assert result.status == "finished", result.reason
    flow = [(m.sent_from, m.cause_by, sorted(m.send_to)) for m in result.history[1:]]
    assert flow == [
        ("Alice", "WritePRD", ["<all>"]), ("Bob", "WriteDesign", ["<all>"]),
        ("Carol", "WriteCode", ["<all>"]), ("Dan", "WriteTests", [NOBODY]),
        ("Dan", "RunTests", ["Engineer"]), ("Carol", "WriteCode", ["<all>"]),
        ("Dan", "RunTests", [NOBODY])]
    assert "FAILED" in result.history[5].content and "AssertionError" in result.history[5].content
    assert "All tests pass" in result.history[-1].content
    assert (team.workspace / "calc.py").read_text() == FIXED
    assert (team.workspace / "test_calc.py").read_text() == TESTS


def test_debate_alternates_and_addresses_the_opponent(tmp_path):
    model = ScriptedModel(["Cats are quiet.", "Dogs protect.", "Cats are clean."])
    team = Team(TeamStore(tmp_path / "data"), model, roles=debate.roles())
    result = team.run(n_round=3, idea="Cats make better pets than dogs")
    assert [(m.sent_from, sorted(m.send_to)) for m in result.history[1:]] == [
        ("Ada", ["Brook"]), ("Brook", ["Ada"]), ("Ada", ["Brook"])]
    assert "Open the debate" in model.calls[0]["messages"][-1].content
    assert 'just said: "Cats are quiet."' in model.calls[1]["messages"][-1].content
    assert "Cats make better pets" in model.calls[1]["messages"][-1].content


@needs_bwrap
def test_cli_runs_the_software_team_and_resumes(tmp_path, monkeypatch, capsys):
    script = tmp_path / "script.yaml"
    items = software_script()[:4]
    items.append({"files": [{"path": "calc.py", "content": FIXED}]})
    script.write_text(yaml.safe_dump(items))
    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("AUTONOMO_SANDBOX__BACKEND", "bubblewrap")
    code = main(["team", "run", "autonomo.team.examples.software", "--idea", "a calculator",
                 "-n", "3", "--provider", "scripted", "--model", str(script)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Round 3" in out and "Alice" in out and "Bob" in out and "round limit" in out
    assert "Usage per role" in out
    (state,) = TeamStore(tmp_path / "data").list()
    assert state.status == "stopped" and state.round == 3
    rest = tmp_path / "rest.yaml"
    rest.write_text(yaml.safe_dump(items[3:]))
    code = main(["team", "resume", state.id[:6], "-n", "5", "--provider", "scripted",
                 "--model", str(rest)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "All tests pass" in out and "finished" in out
    main(["team", "show", state.id])
    shown = capsys.readouterr().out
    assert shown.count("WriteCode") == 2 and json.dumps("x") not in shown
