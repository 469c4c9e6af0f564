"""Team core on a scripted model: routing, react modes, planning, budget, store."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel

from autonomo.config import Prices
from autonomo.errors import ModelResponseError, UserError, WorkspaceError
from autonomo.llm.scripted import ScriptedModel
from autonomo.llm.types import Completion, Usage
from autonomo.team import (
    EVERYONE,
    NOBODY,
    SELF,
    Action,
    ActionOutput,
    HumanModel,
    Memory,
    Message,
    Role,
    Team,
    TeamStore,
)


class PRD(BaseModel):
    title: str
    features: list[str]


class Echo(Action):
    """Free text answer from the model."""


def make_team(tmp_path, model, roles, **kwargs):
    store = TeamStore(tmp_path / "data")
    return Team(store, model, roles=roles, **kwargs), store


# -- messages and memory -------------------------------------------------------------------------
def test_message_structured_content_is_validated_and_parsed():
    message = Message(content="prd", structured=PRD(title="t", features=["a"]))
    assert message.structured == {"title": "t", "features": ["a"]}
    assert message.structured_type == "PRD"
    assert message.parse(PRD).features == ["a"]
    again = Message.model_validate_json(message.model_dump_json())
    assert again.parse(PRD) == PRD(title="t", features=["a"])
    with pytest.raises(UserError, match="not a valid PRD"):
        Message(content="x", structured={"title": 3}).parse(PRD)
    with pytest.raises(ValueError, match="cannot be combined"):
        Message(content="x", send_to={NOBODY, "Bob"})


def test_memory_indexes_by_cause_and_ignores_duplicates():
    a = Message(content="a", cause_by="WritePRD")
    b = Message(content="b", cause_by="WriteDesign")
    memory = Memory([a, b])
    assert not memory.add(a)
    assert memory.get_by_action("WritePRD") == [a]
    assert memory.get_by_actions(["WritePRD", "WriteDesign"]) == [a, b]
    assert memory.get(1) == [b] and len(memory) == 2


# -- routing --------------------------------------------------------------------------------------
def test_routing_by_cause_name_everyone_nobody_and_self(tmp_path):
    pm = Role("Alice", "Product Manager", actions=[Echo("WritePRD")])
    architect = Role("Bob", "Architect", actions=[Echo("WriteDesign")], watch=["WritePRD"])
    qa = Role("Eve", "QA", actions=[Echo("Test")], watch=["WriteCode"])
    team, _ = make_team(tmp_path, ScriptedModel(), [pm, architect, qa])
    env = team.env

    def routed(**fields):
        return env.recipients(Message(content="x", **fields))

    assert routed(cause_by="UserRequirement") == ["Alice"]            # Alice watches it
    assert routed(cause_by="WritePRD", sent_from="Alice") == ["Bob"]   # by cause
    assert routed(cause_by="WritePRD", sent_from="Bob") == []          # not its own
    assert routed(cause_by="Other", send_to={"Eve"}) == ["Eve"]       # by name
    assert routed(cause_by="Other", send_to={"QA"}) == ["Eve"]        # by profile
    assert routed(cause_by="Other") == []                             # everyone, nobody watches
    assert routed(cause_by="WritePRD", send_to={NOBODY}) == []         # kept, not delivered
    mine = env.publish(Message(content="note", cause_by="Other", sent_from="Bob",
                               send_to={SELF}))
    assert mine.send_to == {"Bob"} and architect.pending == [mine]
    assert routed(cause_by="WritePRD", send_to={EVERYONE, "Eve"}) == ["Bob", "Eve"]


def test_team_runs_a_chain_and_idle_roles_are_skipped(tmp_path):
    model = ScriptedModel([
        json.dumps({"title": "Snake", "features": ["move", "eat"]}),
        "design: a grid",
    ])
    pm = Role("Alice", "Product Manager", actions=[Action("WritePRD", output=PRD)])
    architect = Role("Bob", "Architect", actions=[Echo("WriteDesign")], watch=["WritePRD"])
    qa = Role("Eve", "QA", actions=[Echo("Test")], watch=["WriteCode"])
    team, store = make_team(tmp_path, model, [pm, architect, qa])
    result = team.run(n_round=5, idea="make a snake game")
    model.assert_all_used()
    assert result.status == "finished" and "idle" in result.reason
    assert [m.cause_by for m in result.history] == ["UserRequirement", "WritePRD",
                                                    "WriteDesign"]
    prd = result.history[1]
    assert prd.parse(PRD).features == ["move", "eat"] and prd.sent_from == "Alice"
    assert "Product Manager" in model.calls[0]["messages"][0].content
    assert model.calls[0]["schema"]["properties"]["features"]["type"] == "array"
    assert "Snake" in model.calls[1]["messages"][1].content  # Bob saw the PRD
    # everything is in the store
    stored = store.messages(team.state.id)
    assert [m.id for m, _, _ in stored] == [m.id for m in result.history]
    assert stored[1][1] == ["Bob"]
    assert len(store.calls(team.state.id)) == 2
    assert {t.role for t in store.turns(team.state.id)} == {"Alice", "Bob"}
    assert result.usage["Alice"].calls == 1


def test_invalid_structured_answer_is_reasked_with_the_error(tmp_path):
    model = ScriptedModel(['{"title": "x"}', 'not json at all', '{"title": "x", "features": []}'])
    pm = Role("Alice", actions=[Action("WritePRD", output=PRD)])
    team, _ = make_team(tmp_path, model, [pm])
    result = team.run(idea="anything")
    assert result.history[1].parse(PRD).title == "x"
    reask = model.calls[1]["messages"][-1].content
    assert "features" in reask and "not a valid PRD" in reask


def test_structured_answer_that_stays_invalid_fails_the_team_clearly(tmp_path):
    model = ScriptedModel(["{}"] * 3)
    team, _ = make_team(tmp_path, model, [Role("Alice", actions=[Action("WritePRD",
                                                                         output=PRD)])])
    result = team.run(idea="anything")
    assert result.status == "failed" and "Alice" in result.reason and "PRD" in result.reason


# -- react modes ----------------------------------------------------------------------------------
def test_by_order_runs_every_action_in_order(tmp_path):
    model = ScriptedModel(["one", "two", "three"])
    role = Role("Dan", react_mode="by_order",
                actions=[Echo("First"), Echo("Second"), Echo("Third")])
    team, _ = make_team(tmp_path, model, [role])
    result = team.run(idea="go")
    assert [(m.cause_by, m.content) for m in result.history[1:]] == [
        ("First", "one"), ("Second", "two"), ("Third", "three")]
    assert "one" in model.calls[1]["messages"][-1].content  # later acts see earlier ones


def test_react_lets_the_model_choose_until_done(tmp_path):
    model = ScriptedModel([
        {"thought": "search first", "next": "Search"}, "found A",
        {"thought": "now write", "next": "Write"}, "report on A",
        {"thought": "finished", "next": "done"},
    ])
    thoughts = []

    from autonomo.team import TeamObserver

    class Watch(TeamObserver):
        def on_thought(self, role, text):
            thoughts.append((role, text))

    role = Role("Rae", react_mode="react", max_react_loop=5,
                actions=[Echo("Search"), Echo("Write")])
    team, _ = make_team(tmp_path, model, [role], observer=Watch())
    result = team.run(idea="research")
    model.assert_all_used()
    assert [m.cause_by for m in result.history[1:]] == ["Search", "Write"]
    assert thoughts[0] == ("Rae", "search first")
    assert "Search" in model.calls[2]["messages"][-1].content  # 'You already did'


def test_react_stops_at_the_loop_limit(tmp_path):
    model = ScriptedModel([{"thought": "again", "next": "Search"}, "r1",
                           {"thought": "again", "next": "Search"}, "r2"])
    role = Role("Rae", max_react_loop=2, actions=[Echo("Search"), Echo("Write")])
    team, _ = make_team(tmp_path, model, [role])
    assert len(team.run(idea="x").history) == 3


def test_debate_alternates_until_the_round_limit(tmp_path):
    model = ScriptedModel([f"argument {i}" for i in range(1, 5)])
    a = Role("Ann", actions=[Echo("SpeakA")], watch=["UserRequirement", "SpeakB"])
    b = Role("Ben", actions=[Echo("SpeakB")], watch=["SpeakA"])
    team, _ = make_team(tmp_path, model, [a, b])
    result = team.run(n_round=4, idea="cats or dogs?")
    assert result.status == "stopped" and "round limit" in result.reason
    assert [m.sent_from for m in result.history[1:]] == ["Ann", "Ben", "Ann", "Ben"]


# -- plan and act ---------------------------------------------------------------------------------
def plan(*tasks):
    return {"tasks": [{"task_id": t, "dependent_task_ids": deps, "instruction": f"do {t}",
                       "task_type": ""} for t, deps in tasks]}


def test_plan_and_act_runs_tasks_in_dependency_order(tmp_path):
    model = ScriptedModel([plan(("2", ["1"]), ("1", []), ("3", ["1", "2"])),
                           "r1", "r2", "r3"])
    role = Role("Pia", react_mode="plan_and_act", actions=[Echo("Work")])
    team, store = make_team(tmp_path, model, [role])
    result = team.run(idea="three steps")
    model.assert_all_used()
    assert [c["messages"][-1].content.split(": ")[-1][:5] for c in model.calls[1:]] == [
        "do 1.", "do 2.", "do 3."]
    summary = result.history[-1]
    assert summary.cause_by == "Work" and "[x] 3. do 3 -> r3" in summary.content
    task_messages = [m for m in result.history if m.cause_by.startswith("task:")]
    assert len(task_messages) == 3 and all(m.send_to == {NOBODY} for m in task_messages)
    saved = store.turns(team.state.id)[-1].state["plan"]
    assert [t["is_finished"] for t in saved["tasks"]] == [True, True, True]


def test_invalid_plan_graph_is_asked_again(tmp_path):
    model = ScriptedModel([plan(("1", ["2"]), ("2", ["1"])), plan(("1", ["9"])),
                           plan(("1", [])), "r1"])
    role = Role("Pia", react_mode="plan_and_act", actions=[Echo("Work")])
    team, _ = make_team(tmp_path, model, [role])
    team.run(idea="x")
    assert "cycle" in model.calls[1]["messages"][-1].content
    assert "unknown task" in model.calls[2]["messages"][-1].content


class Flaky(Action):
    """Fails its first attempt at a task, like code that errors."""

    def run(self, ctx):
        text = ctx.role.ask(self.name, self.messages(ctx)).text
        if text.startswith("FAIL"):
            raise ModelResponseError(text)
        return ActionOutput(text)


def test_failed_task_makes_the_planner_replan_and_keep_finished_tasks(tmp_path):
    model = ScriptedModel([
        plan(("1", []), ("2", ["1"])), "r1", "FAIL: boom",
        plan(("1", []), ("2b", ["1"])), "r2b",
    ])
    role = Role("Pia", react_mode="plan_and_act", actions=[Flaky("Work")])
    team, _ = make_team(tmp_path, model, [role])
    result = team.run(idea="x")
    model.assert_all_used()
    replan_prompt = model.calls[3]["messages"][-1].content
    assert "task 2 failed: FAIL: boom" in replan_prompt and "1: do 1 -> r1" in replan_prompt
    assert [t.task_id for t in role.planner.plan.tasks] == ["1", "2b"]
    assert "[x] 2b." in result.history[-1].content


def test_planner_gives_up_after_max_replans(tmp_path):
    model = ScriptedModel([plan(("1", [])), "FAIL 1", plan(("1", [])), "FAIL 2"])
    role = Role("Pia", react_mode="plan_and_act", actions=[Flaky("Work")])
    role.max_replans = 1
    team, _ = make_team(tmp_path, model, [role])
    result = team.run(idea="x")
    assert "gave up after 1 re-plans" in result.history[-1].content
    assert result.status == "finished"


def test_human_reviews_plan_and_results(tmp_path):
    answers = iter(["", "use a chart instead", "y", "y", "ok"])
    questions = []

    def ask(question):
        questions.append(question)
        return next(answers)

    model = ScriptedModel([plan(("1", [])), "table", plan(("1", []), ("2", ["1"])),
                           "table again", "chart"])
    # the rejected task is not finished: the new plan redoes it, then does task 2
    role = Role("Pia", react_mode="plan_and_act", actions=[Echo("Work")])
    role.review = "human"
    team, store = make_team(tmp_path, model, [role], services={"human": HumanModel(ask)})
    result = team.run(idea="show the data")
    model.assert_all_used()
    assert "Press Enter" in questions[0] and "1. do 1" in questions[0]
    assert "Result (succeeded):\ntable" in questions[1]
    assert "Change the plan: use a chart instead" in model.calls[2]["messages"][-1].content
    assert "[x] 2. do 2 -> chart" in result.history[-1].content
    humans = [c for c in store.calls(team.state.id) if c.purpose == "human_review"]
    assert [c.completion.text for c in humans] == ["", "use a chart instead", "y", "y", "ok"]


def test_human_as_a_role(tmp_path):
    model = ScriptedModel(["proposal: tabs"])
    writer = Role("Wes", actions=[Echo("Propose")])
    boss = Role("Hana", "Boss", actions=[Echo("Decide")], watch=["Propose"])
    boss.is_human = True
    team, _ = make_team(tmp_path, model, [writer, boss],
                        services={"human": HumanModel(lambda q: "spaces, please")})
    result = team.run(idea="tabs or spaces")
    assert result.history[-1].content == "spaces, please"
    assert result.history[-1].sent_from == "Hana"


# -- budget ---------------------------------------------------------------------------------------
def priced(responses):
    model = ScriptedModel([Completion(text=r, usage=Usage(cost=0.01)) for r in responses])
    model.prices = Prices(prompt=1000.0, completion=1000.0)
    model.default_max_tokens = 10
    return model


def test_budget_stops_before_it_would_be_exceeded(tmp_path):
    model = priced([f"argument {i}" for i in range(10)])
    a = Role("Ann", actions=[Echo("SpeakA")], watch=["UserRequirement", "SpeakB"])
    b = Role("Ben", actions=[Echo("SpeakB")], watch=["SpeakA"])
    team, store = make_team(tmp_path, model, [a, b])
    team.invest(0.05)
    result = team.run(n_round=10, idea="debate")
    assert result.status == "stopped" and "Budget reached" in result.reason
    spent = sum(u.cost for u in result.usage.values())
    assert spent <= 0.05
    # every call made was within the budget when it was made
    assert len(store.calls(team.state.id)) == len(model.calls)
    with pytest.raises(UserError):
        team.invest(0)


def test_a_team_file_with_a_long_name_is_written_and_no_temporary_file_stays(tmp_path):
    """The temporary file beside it was named after it: a 250-byte name (valid; the limit is
    255) made a 264-byte temporary name, and the write failed."""
    from autonomo.team.files import write_file

    name = "a" * 250 + ".txt"
    write_file(tmp_path, name, b"x")
    assert (tmp_path / name).read_bytes() == b"x"
    (tmp_path / "folder").mkdir()
    with pytest.raises(WorkspaceError):
        write_file(tmp_path, "folder", b"x")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, "folder"])
