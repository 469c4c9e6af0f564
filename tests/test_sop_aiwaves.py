"""aiwaves' software-company config.json, loaded unchanged and run on a scripted model."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from autonomo.team.sop.source import SopError
from sop_helpers import Recorder, aiwaves_config

CODE = "<title>snake.py</title><python>print('snake')</python>"




def kind_of(messages) -> str:
    system = messages[0].content
    if "decide whether this stage is done" in system:
        return "judge"
    if "Choose who speaks next" in system or ("<end>" in system and "role" in system.lower()):
        return "speaker"
    if "Put each extracted part inside its tag" in system:
        return "extract"
    return "speak"


class Router:
    """Answers by the kind of call: judges from a queue of labels, extractions with a tag."""

    def __init__(self, labels: list[str], chosen: list[str] | None = None) -> None:
        self.labels, self.chosen, self.kinds = list(labels), list(chosen or []), []

    def __call__(self, messages):
        kind = kind_of(messages)
        self.kinds.append(kind)
        if kind == "judge":
            return f"<end>{self.labels.pop(0)}</end>"
        if kind == "speaker":
            return f"I pick <end>{self.chosen.pop(0)}</end>"
        if kind == "extract":
            if "code" in messages[0].content:
                return f"<code>{CODE}</code>"
            return "<system>a Game class with a loop</system>"
        return "My contribution: " + messages[0].content.splitlines()[0][:60]


def run_config(tmp_path: Path, config: Path, router: Router, calls: int, **kw) -> tuple:
    model = ScriptedModel([router] * calls)
    recorder = Recorder()
    run = SopRun(load_sop(config), "a snake game", model=model, workspace=tmp_path / "ws",
                 settings=Settings(data_dir=tmp_path / "d"), observer=recorder, **kw)
    return run.run(), model, recorder


def edited(tmp_path: Path, change) -> Path:
    data = json.loads(aiwaves_config().read_text())
    change(data)
    path = tmp_path / "config.json"
    path.write_text(json.dumps(data, indent=2))
    return path


def test_software_company_runs_through_its_states(tmp_path: Path):
    environ = dict(os.environ)
    router = Router(["0", "0", "1", "0", "0", "1", "1"])
    result, model, recorder = run_config(tmp_path, aiwaves_config(), router, 16)
    assert result.status == "finished", result.reason
    model.assert_all_used()
    assert os.environ == environ  # the config block never touches the process environment
    entered = [e.data["state"] for e in recorder.events if e.kind == "state_entered"]
    assert entered == ["design_state", "develop_state", "debug_state"]
    # begin_role speaks begin_query verbatim, then the order controller goes round the roles
    design = [e.data for e in recorder.events if e.kind == "message"
              and e.data["state"] == "design_state"]
    assert design[0] == {**design[0], "role": "Boss", "agent": "Alice",
                         "text": "Please write code for the target game"}
    assert recorder.speakers("design_state") == ["Boss", "Architect_1", "Leader", "Architect_2"]
    assert recorder.speakers("debug_state") == ["Boss", "Debugger"]
    # ExtractComponent filled {system} for Developer_1's CustomizeComponent in the next state
    developer = next(c for c in model.calls if "your role is Developer" in
                     c["messages"][0].content)
    assert "framework: a Game class with a loop" in developer["messages"][0].content
    debugger = next(c for c in model.calls if "role is Debugger" in c["messages"][0].content)
    assert CODE in debugger["messages"][0].content
    assert (tmp_path / "ws" / "rps_game.py").read_text() == "print('snake')\n"  # CodeComponent
    why = [e.data["why"] for e in recorder.events if e.kind == "transition"]
    assert why == ["the controller answered 1"] * 3
    assert "API_KEY" not in json.dumps([e.data for e in recorder.events])


def test_max_chat_nums_forces_the_advance(tmp_path: Path):
    path = edited(tmp_path, lambda d: [s.get("controller", {}).update(max_chat_nums=2)
                                       for s in d["states"].values()])
    result, _, recorder = run_config(tmp_path, path, Router(["0", "0", "0"]), 9)
    assert result.status == "finished", result.reason
    assert recorder.speakers("design_state") == ["Boss", "Architect_1", "Leader"]
    why = [e.data["why"] for e in recorder.events if e.kind == "transition"]
    assert why[0] == "the limit of 2 messages was reached"


def test_rule_controller_asks_the_model_who_speaks(tmp_path: Path):
    def change(data):
        data["relations"] = {"design_state": {"0": "end_state"}}
        data["states"]["design_state"]["controller"].update(controller_type="rule",
                                                            max_chat_nums=2)
    router = Router([], chosen=["Leader", "Architect_2"])
    result, _, recorder = run_config(tmp_path, edited(tmp_path, change), router, 5)
    assert result.status == "finished", result.reason
    assert recorder.speakers() == ["Boss", "Leader", "Architect_2"]
    assert router.kinds == ["speaker", "speak", "speaker", "speak", "extract"]


def test_order_controller_goes_round(tmp_path: Path):
    def change(data):
        data["relations"] = {"develop_state": {"0": "end_state"}}
        data["root"] = "develop_state"
        data["states"]["develop_state"]["controller"]["max_chat_nums"] = 5
    router = Router([])
    result, _, recorder = run_config(tmp_path, edited(tmp_path, change), router, 6)
    assert result.status == "finished", result.reason
    assert recorder.speakers() == ["Boss", "Developer_1", "Leader", "Developer_2", "Boss",
                                   "Developer_1"]
    assert "judge" not in router.kinds  # one relation: no controller call at all


def test_random_controller_is_seeded(tmp_path: Path):
    def change(data):
        data["relations"] = {"debug_state": {"0": "end_state"}}
        data["root"] = "debug_state"
        data["states"]["debug_state"]["controller"].update(controller_type="random",
                                                           max_chat_nums=6)

    path = edited(tmp_path, change)
    orders = []
    for seed in (1, 1, 2):
        router = Router([])
        calls = 6 + 0  # six messages; extractions counted below
        model = ScriptedModel([router] * 20)
        recorder = Recorder()
        SopRun(load_sop(path), "", model=model, workspace=tmp_path / f"ws{seed}", seed=seed,
               observer=recorder).run()
        orders.append(recorder.speakers()[1:])
        assert len(orders[-1]) == calls
        assert set(orders[-1]) <= {"Boss", "Debugger", "Developer_1", "Leader", "Developer_2"}
        assert "judge" not in router.kinds and "speaker" not in router.kinds
    assert orders[0] == orders[1] != orders[2]


def test_one_relation_state_makes_no_controller_call(tmp_path: Path):
    def change(data):
        data["relations"]["design_state"] = {"0": "develop_state"}
        data["states"]["design_state"]["controller"]["max_chat_nums"] = 2
    router = Router(["1", "1"])
    result, model, recorder = run_config(tmp_path, edited(tmp_path, change), router, 6)
    assert result.status == "finished", result.reason
    model.assert_all_used()
    design_calls = router.kinds[:2]
    assert design_calls == ["speak", "speak"]
    assert recorder.speakers("design_state") == ["Boss", "Architect_1", "Leader"]


@pytest.mark.parametrize(("change", "field", "words"), [
    (lambda d: d["states"]["design_state"]["roles"].append("Tester"),
     "/states/design_state/roles/4", ["no agent plays the role 'Tester'", "under `agents`"]),
    (lambda d: d["relations"]["develop_state"].update({"1": "debugging_state"}),
     "/relations/develop_state/1", ["unknown state 'debugging_state'", "debug_state"]),
    (lambda d: d["config"].update(MAX_CHAT_HISTORY=3),
     "/config/MAX_CHAT_HISTORY", ["wrong type", "quote it"]),
    (lambda d: d["states"]["develop_state"]["agent_states"]["Developer_1"]
     ["CustomizeComponent"].update(keywords=["systen"], template="Use {systen}"),
     "/states/develop_state/agent_states/Developer_1/CustomizeComponent/keywords/0",
     ["{systen} has no value"]),
])
def test_bad_config_names_file_line_and_field(tmp_path: Path, change, field, words):
    path = edited(tmp_path, change)
    with pytest.raises(SopError) as error:
        load_sop(path)
    problem = next(p for p in error.value.problems if p.field == field)
    for word in words:
        assert word in problem.message
    lines = path.read_text().splitlines()
    assert problem.line > 1 and field.rsplit("/", 1)[-1].strip("0123456789") in (
        lines[problem.line - 1] + field)
    assert str(path) in str(error.value) and "nothing was run" in str(error.value)


def test_user_names_make_a_person_play_the_role(tmp_path: Path):
    def change(data):
        data["User_Names"] = ["Michael"]  # Michael plays Leader
        data["relations"] = {"design_state": {"0": "end_state"}}
        data["states"]["design_state"]["controller"]["max_chat_nums"] = 2
    asked = []

    def ask(question: str) -> str:
        asked.append(question)
        return "Looks fine to me."

    model = ScriptedModel([Router([])])
    recorder = Recorder()
    result = SopRun(load_sop(edited(tmp_path, change)), "", model=model,
                    workspace=tmp_path / "ws", observer=recorder, ask_human=ask).run()
    assert result.status == "finished", result.reason
    assert asked == ["Leader (Michael), it is your turn in design_state: write your message."]
    assert recorder.of("ask")[0]["role"] == "Leader"  # the question is an event too
    assert recorder.of("message")[-1]["text"] == "Looks fine to me."


def test_competitive_environment_shows_only_the_current_state(tmp_path: Path):
    seen = {}
    for kind in ("cooperative", "competive"):  # aiwaves' own spelling of competitive
        def change(data, kind=kind):
            data["environment_type"] = kind
            data["config"]["MAX_CHAT_HISTORY"] = "10"
            data["relations"]["design_state"] = {"0": "develop_state"}
            data["relations"]["develop_state"] = {"0": "end_state"}
            for name in ("design_state", "develop_state"):
                data["states"][name]["controller"]["max_chat_nums"] = 1
        router = Router([])
        model = ScriptedModel([router] * 3)
        SopRun(load_sop(edited(tmp_path, change)), "", model=model,
               workspace=tmp_path / kind).run()
        developer = model.calls[-1]["messages"]
        seen[kind] = "\n".join(m.content for m in developer[1:])
    assert "Architect_1: My contribution" in seen["cooperative"]
    assert "Architect_1" not in seen["competive"]
