"""AutoAgents generation on a scripted model: checks and observers send the proposal back,
an observer's suggestion changes the roles, and the SOP written validates and runs."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from agent_helpers import reply
from autonomo.cli.main import main
from autonomo.llm.scripted import ScriptedModel
from autonomo.team.sop.autoagents import generate, write
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from sop_helpers import Recorder

COMMANDS = {"web_search": "Search the web.", "write_file": "Write a file.",
            "read_file": "Read a file."}
SUMMARY = {"name": "Summarizer", "description": "sums up", "prompt": "You summarise.",
           "commands": [], "steps": ["Read every result", "Answer the task"]}
RESEARCHER = {"name": "Researcher", "description": "finds facts", "prompt": "You research.",
              "commands": ["web_search"], "steps": ["Search", "Report"]}


def team(*roles, plan):
    return json.dumps({"roles": list(roles), "plan": [{"role": r, "step": s} for r, s in plan]})


ROUND_1 = team({**RESEARCHER, "commands": ["web_search", "fly_drone"]}, SUMMARY,
               plan=[("Researcher", "Find three facts about tides."),
                     ("Summarizer", "Answer the task from the facts.")])
ROUND_2 = team(RESEARCHER, SUMMARY, plan=[("Researcher", "Find three facts about tides."),
                                          ("Summarizer", "Answer the task from the facts.")])
CHECKER = {"name": "FactChecker", "description": "checks facts", "prompt": "You check facts.",
           "commands": ["web_search"], "steps": ["Check each fact"]}
ROUND_3 = team(RESEARCHER, CHECKER, SUMMARY, plan=[
    ("Researcher", "Find three facts about tides."),
    ("FactChecker", "Check the three facts and correct any that are wrong."),
    ("Summarizer", "Answer the task from the checked facts.")])
NOT_OK = json.dumps({"ok": False, "suggestions": "Add a FactChecker role that checks the facts."})
OK = json.dumps({"ok": True, "suggestions": ""})




def test_observer_suggestion_changes_the_roles_and_the_sop_runs(tmp_path: Path):
    model = ScriptedModel([ROUND_1, ROUND_2, NOT_OK, OK, ROUND_3, OK, OK])
    recorder = Recorder()
    generated = generate("Explain tides to a child", model, COMMANDS, observer=recorder)
    model.assert_all_used()
    assert generated.accepted and generated.rounds == 3
    # round 1 was sent back by the command check without asking the observers
    assert "fly_drone" in model.calls[1]["messages"][1].content
    assert "do not exist" in model.calls[1]["messages"][1].content
    # the agent observer's suggestion reached the planner and changed the roles
    assert "Add a FactChecker" in model.calls[4]["messages"][1].content
    assert [r.name for r in generated.draft.roles] == ["Researcher", "FactChecker", "Summarizer"]
    # the planner was shown the commands that exist, and only those
    assert "- web_search: Search the web." in model.calls[0]["messages"][0].content

    path = write(generated, tmp_path / "tides.sop.yaml")
    spec = load_sop(path)
    assert list(spec.states) == ["step_1", "step_2", "step_3"]
    assert spec.roles["FactChecker"].commands == ["web_search"]

    # roles with commands work as agents: here they may write and read files (no network)
    spec.roles["Researcher"].commands = ["write_file"]
    spec.roles["FactChecker"].commands = ["read_file"]
    facts = "Tides come twice a day. The moon pulls the sea."
    runner = ScriptedModel([
        reply("write_file", path="facts.txt", content=facts),  # Researcher's agent
        reply("finish", reason="facts.txt holds two facts about tides"),
        "<INFO> the facts are there",
        reply("read_file", path="facts.txt"),  # FactChecker's agent
        reply("finish", reason="both facts are right"),
        "The reason is missing a source.",  # the action observer asks for a redo
        reply("finish", reason="both facts are right; the moon's pull is the main cause"),
        "<INFO> good",
        "The sea rises and falls twice a day because the moon pulls it.",
        "<INFO> clear answer",
    ])
    result = SopRun(spec, "Explain tides to a child", model=runner,
                    workspace=tmp_path / "ws").run()
    assert result.status == "finished", result.reason
    runner.assert_all_used()
    assert (tmp_path / "ws" / "answer.md").read_text().startswith("The sea rises")
    assert (tmp_path / "ws" / "facts.txt").read_text() == facts
    # the FactChecker's agent read the file the Researcher's agent wrote
    assert facts in "\n".join(m.content for m in runner.calls[4]["messages"])
    results = result.variables["results"]
    assert "Step 2 (FactChecker):" in results and "the moon's pull is the main cause" in results
    assert "write_file(path='facts.txt'" in results
    # the observer's opening of step 3 carried the earlier results
    assert "main cause" in runner.calls[8]["messages"][1].content


def test_summariser_is_added_when_rounds_run_out(tmp_path: Path):
    no_summary = team(RESEARCHER, plan=[("Researcher", "Find facts.")])
    model = ScriptedModel([no_summary, no_summary])
    generated = generate("Explain tides", model, COMMANDS, rounds=2)
    assert not generated.accepted
    assert generated.draft.plan[-1].role == "Summarizer"
    assert generated.sop["roles"]["Summarizer"]["commands"] == []


def test_cli_generate_writes_a_valid_file(tmp_path: Path, monkeypatch, capsys):
    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    responses = tmp_path / "r.yaml"
    responses.write_text(yaml.safe_dump([ROUND_2, OK, OK]))
    out = tmp_path / "team.sop.yaml"
    assert main(["sop", "generate", "--task", "Explain tides", "--out", str(out),
                 "--provider", "scripted", "--model", str(responses)]) == 0
    assert "accepted by both observers" in capsys.readouterr().out
    assert main(["sop", "validate", str(out)]) == 0
