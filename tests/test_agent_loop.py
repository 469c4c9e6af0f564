"""The Runner, driven through every branch with a scripted model."""

from __future__ import annotations

import itertools
import json

from agent_helpers import TEST_TOOLS, make_agent, reply, workbench
from autonomo.agent.approval import ScriptedApproval, parse_answer
from autonomo.agent.runner import Runner
from autonomo.config import Settings
from autonomo.llm.types import Usage


def test_runs_until_finish_and_saves_every_step(tmp_path):
    agent, model, store = make_agent(tmp_path, [
        reply("write_note", path="a.txt", text="hello"),
        reply("finish", reason="wrote a.txt"),
    ])
    result = Runner(agent).run()
    assert result.status == "finished" and result.reason == "wrote a.txt"
    assert (agent.workspace / "a.txt").read_text() == "hello"
    model.assert_all_used()
    saved = store.load(agent.state.id)
    assert [e.action.name for e in saved.episodes] == ["write_note", "finish"]
    assert saved.episodes[0].result.output == "Wrote 5 characters to a.txt."
    assert saved.status == "finished"


def test_prompt_is_prefix_stable_and_append_only(tmp_path):
    agent, model, _ = make_agent(tmp_path, [
        reply("write_note", path=f"{i}.txt", text=str(i)) for i in range(4)
    ] + [reply("finish", reason="done")])
    Runner(agent).run()
    prompts = [call["messages"] for call in model.calls]
    for before, after in itertools.pairwise(prompts):
        # each prompt, instruction included, is the start of the next one
        assert after[: len(before)] == before
    system = prompts[0][0].content
    assert "write_note" in system and "TestGPT" in system
    assert "Determine exactly one command" in prompts[0][-1].content


def test_approval_answers(tmp_path):
    agent, model, _ = make_agent(tmp_path, [
        reply("write_note", path="1.txt", text="1"),
        reply("write_note", path="2.txt", text="2"),
        reply("write_note", path="3.txt", text="3"),
        reply("write_note", path="4.txt", text="4"),
        reply("write_note", path="5.txt", text="5"),
    ])
    approval = ScriptedApproval(["y", "y -2", "please use 9.txt", "n"])
    result = Runner(agent, approval).run()
    assert result.status == "stopped" and "user" in result.reason
    assert len(approval.asked) == 4  # step 3 ran without asking (y -2)
    names = sorted(p.name for p in agent.workspace.iterdir())
    assert names == ["1.txt", "2.txt", "3.txt"]
    feedback = agent.state.episodes[3]
    assert feedback.source == "human" and feedback.result.status == "interrupted"
    assert feedback.result.output == "please use 9.txt"
    # the feedback is shown to the model on the next step
    assert "please use 9.txt" in model.calls[4]["messages"][-2].content


def test_parse_answer():
    assert parse_answer("y").kind == "run"
    assert parse_answer("y -5").count == 5
    assert parse_answer("n").kind == "stop"
    decision = parse_answer("try another file")
    assert decision.kind == "feedback" and decision.feedback == "try another file"


def test_one_and_two_invalid_responses_are_re_asked(tmp_path):
    agent, model, _ = make_agent(tmp_path, [
        "this is not json",
        '{"thoughts": {}, "command": {"name": "no_such_command", "args": {}}}',
        reply("write_note", path="a.txt", text="hello"),
        reply("finish", reason="ok"),
    ])
    result = Runner(agent).run()
    assert result.status == "finished"
    retry_prompt = model.calls[2]["messages"][-1].content
    assert "Unknown command 'no_such_command'" in retry_prompt
    assert len(agent.state.episodes) == 2  # invalid replies leave no episode


def test_three_invalid_responses_end_the_run(tmp_path):
    agent, _, store = make_agent(tmp_path, ["nope", "{}", '{"command": 3}'])
    result = Runner(agent).run()
    assert result.status == "failed"
    assert "3 invalid responses in a row" in result.reason
    assert store.load(agent.state.id).status == "failed"


def test_json_repair_accepts_a_slightly_broken_reply(tmp_path):
    broken = reply("finish", reason="ok")[:-2] + "'"  # truncated, bad quote
    agent, _, _ = make_agent(tmp_path, [reply("write_note", path="a.txt", text="hello"),
                                        "```json\n" + broken + "\n```"])
    assert Runner(agent).run().status == "finished"


def test_bad_arguments_become_an_error_result_not_a_crash(tmp_path):
    agent, model, _ = make_agent(tmp_path, [
        reply("write_note", path="a.txt"),  # missing "text"
        reply("write_note", path="a.txt", text="hello"),
        reply("finish", reason="wrote a.txt"),
    ])
    Runner(agent).run()
    first = agent.state.episodes[0]
    assert first.result.status == "error" and "text: Field required" in first.result.output
    assert "failed" in model.calls[1]["messages"][-2].content


def test_repeat_is_caught_and_rethought_with_the_smart_model(tmp_path):
    from autonomo.llm.scripted import ScriptedModel

    smart = ScriptedModel([reply("finish", reason="already written")], name="smart")
    agent, fast, _ = make_agent(tmp_path, [
        reply("write_note", path="a.txt", text="hi"),
        reply("write_note", path="a.txt", text="hi"),
    ], smart_model=smart)
    result = Runner(agent).run()
    assert result.status == "finished" and result.reason == "already written"
    assert "exactly as in the previous step" in smart.calls[0]["messages"][-1].content
    fast.assert_all_used()
    smart.assert_all_used()


def test_a_repeat_loop_ends_the_run(tmp_path):
    same = reply("write_note", path="a.txt", text="hi")
    agent, _, _ = make_agent(tmp_path, [same] * 6)
    result = Runner(agent).run()
    assert result.status == "failed" and "kept repeating" in result.reason
    refused = [e for e in agent.state.episodes if e.result.data.get("repeat_refused")]
    assert len(refused) == 1


def test_budget_stops_before_it_is_exceeded(tmp_path):
    class Priced:
        def __init__(self, inner):
            self.inner = inner

        def __getattr__(self, name):
            return getattr(self.inner, name)

        def complete(self, messages, **options):
            completion = self.inner.complete(messages, **options)
            completion.usage = Usage(prompt_tokens=10, completion_tokens=10, cost=0.4)
            return completion

        def estimate_cost(self, messages, max_tokens):
            return 0.4

    agent, model, _ = make_agent(tmp_path, [
        reply("write_note", path=f"{i}.txt", text="x") for i in range(5)
    ], budget=1.0)
    agent.model = Priced(model)
    result = Runner(agent).run()
    assert result.status == "stopped" and "Budget" in result.reason
    assert agent.state.usage.cost <= 1.0
    assert len(agent.state.episodes) == 2


def test_step_limit(tmp_path):
    agent, _, _ = make_agent(tmp_path, [
        reply("write_note", path=f"{i}.txt", text="x") for i in range(3)
    ])
    result = Runner(agent).run(max_steps=3)
    assert result.status == "stopped" and "step limit" in result.reason


def test_follow_up_task_after_finish(tmp_path):
    agent, model, store = make_agent(tmp_path, [
        reply("write_note", path="a.txt", text="one"),
        reply("finish", reason="first done"),
        reply("count_lines", path="a.txt"),
        reply("finish", reason="second done"),
    ])
    Runner(agent).run()
    agent.follow_up("count the lines of a.txt")
    result = Runner(agent).run()
    assert result.reason == "second done"
    prompt = [m.content for m in model.calls[2]["messages"]]
    assert any("New task" in c and "count the lines" in c for c in prompt)
    loaded = store.load(agent.state.id)
    assert loaded.tasks == ["write hello to a note", "count the lines of a.txt"]
    assert [e.task_index for e in loaded.episodes] == [0, 0, 1, 1]


def test_resume_continues_where_it_stopped(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    agent, _, _ = make_agent(tmp_path, [
        reply("write_note", path="a.txt", text="1"),
    ], settings=settings)
    Runner(agent).run(max_steps=1)
    from autonomo.llm.scripted import ScriptedModel

    model = ScriptedModel([reply("finish", reason="resumed")])
    resumed = workbench(settings, model).load_agent(agent.state.id, tools=TEST_TOOLS)
    assert len(resumed.state.episodes) == 1
    assert Runner(resumed).run().reason == "resumed"
    assert "Wrote 1 characters" in model.calls[0]["messages"][-2].content


def test_old_episodes_are_compacted_into_frozen_summaries(tmp_path):
    responses = [reply("big_output", n=1000 + i) for i in range(10)]
    settings = Settings(data_dir=tmp_path / "data")
    settings.agent.history_budget = 2000  # about six of these episodes

    from autonomo.llm.scripted import ScriptedModel

    def summary(messages):  # summaries run in parallel: answer from the prompt, not the order
        command = messages[-1].content.splitlines()[0].removeprefix("Command: ")
        return f"{command} printed lorem ipsum"

    summarizer = ScriptedModel([summary] * 20)
    agent, model, store = make_agent(
        tmp_path, [*responses, reply("finish", reason="done")],
        settings=settings, summary_model=summarizer,
    )
    Runner(agent).run()
    state = store.load(agent.state.id)
    # ~330 tokens an episode: past 2,000 after step 6 or 7; the latest (within 500) stay full
    upto = state.compacted_upto
    assert 5 <= upto < len(state.episodes)
    assert [e.summary for e in state.episodes[:upto]] == [
        f"big_output(n={1000 + i}) printed lorem ipsum" for i in range(upto)
    ]
    assert all(e.summary is None for e in state.episodes[upto:])
    last_prompt = [m.content for m in model.calls[-1]["messages"]]
    assert any("Summary of the earlier steps" in c for c in last_prompt)


def test_trajectory_records_every_model_call(tmp_path):
    agent, _, store = make_agent(tmp_path, [
        reply("write_note", path="a.txt", text="x"), reply("finish", reason="ok"),
    ])
    Runner(agent).run()
    calls = store.calls(agent.state.id)
    assert [c["purpose"] for c in calls] == ["propose", "propose"]
    assert calls[1]["messages"][0]["role"] == "system"
    assert json.loads(calls[1]["response"]["text"])["command"]["name"] == "finish"
    assert agent.state.usage.calls == 2 and agent.state.usage.prompt_tokens > 0


def test_overflowing_summaries_are_condensed_into_frozen_facts(tmp_path):
    import json as _json

    from autonomo.llm.scripted import ScriptedModel

    settings = Settings(data_dir=tmp_path / "data")
    settings.agent.history_budget = 1500  # summaries may take 500 tokens

    def answer(messages):
        if "facts" in messages[0].content.lower():  # the condenser's prompt
            return _json.dumps({"facts": ["Steps 1-n looked up items and saw lorem ipsum."]})
        command = messages[-1].content.splitlines()[0].removeprefix("Command: ")
        return f"{command} returned a long lorem ipsum text of about a thousand characters"

    helper = ScriptedModel([answer] * 200)
    agent, model, store = make_agent(
        tmp_path, [reply("big_output", n=1000 + i) for i in range(40)]
        + [reply("finish", reason="done")], settings=settings, summary_model=helper,
    )
    Runner(agent).run(max_steps=50)
    state = store.load(agent.state.id)
    assert state.condensed and state.condensed_upto > 0
    assert state.condensed[0].count("lorem ipsum") == 1
    condense_calls = [c for c in store.calls(state.id) if c["purpose"] == "condense"]
    assert len(condense_calls) == len(state.condensed)
    last_prompt = "\n".join(m.content for m in model.calls[-1]["messages"])
    assert "Steps 1-n looked up items" in last_prompt
    assert "omitted" not in last_prompt  # condensed, not dropped
    # from one step to the next the prompt still only appends (outside compaction steps)
    appended = sum(
        after["messages"][: len(before["messages"])] == before["messages"]
        for before, after in zip(model.calls, model.calls[1:], strict=False)
    )
    assert appended >= 0.6 * (len(model.calls) - 1), appended


def test_a_constrained_model_re_thinks_without_the_repeated_command(tmp_path):
    from autonomo.llm.scripted import ScriptedModel

    class Constrained(ScriptedModel):
        enforces_schema = True  # like the local model: decoding follows the schema

    model = Constrained([
        reply("write_note", path="a.txt", text="hi"),
        reply("write_note", path="a.txt", text="hi"),
        reply("finish", reason="done"),
    ])
    agent, _, _ = make_agent(tmp_path, [])
    agent.model = agent.smart_model = model
    Runner(agent).run()
    names = [
        [option["properties"]["name"]["const"]
         for option in call["schema"]["properties"]["command"]["anyOf"]]
        for call in model.calls
    ]
    assert "write_note" in names[1] and "write_note" not in names[2]
    assert agent.state.status == "finished"


def test_generated_profile_is_counted_and_logged(tmp_path):
    from autonomo.llm.types import ToolCall

    profile_call = ToolCall(id="p", name="create_agent", arguments={
        "name": "Writer GPT", "description": "An AI that writes notes.",
        "best_practices": ["Keep notes short."], "constraints": ["Stay in the workspace."]})
    agent, _model, store = make_agent(
        tmp_path, [profile_call, reply("write_note", path="a.txt", text="hello"),
                   reply("finish", reason="ok")], profile=None)
    assert agent.state.profile.name == "WriterGPT"
    assert agent.state.profile.role == "an AI that writes notes"
    assert "Stay in the workspace." in agent.state.directives.constraints
    Runner(agent).run()
    calls = store.calls(agent.state.id)
    assert [c["purpose"] for c in calls] == ["profile", "propose", "propose"]
    assert agent.state.usage.calls == 3


def test_agents_are_found_by_unique_id_prefix_or_name_only(tmp_path):
    import pytest

    from autonomo.errors import UserError

    first, _, store = make_agent(tmp_path, [])
    _second, _, _ = make_agent(tmp_path, [])
    assert store.load(first.state.id[:6]).id == first.state.id
    with pytest.raises(UserError, match="matches several agents"):
        store.load("TestGPT")  # both have this name
    with pytest.raises(UserError, match="No agent"):
        store.load("%")  # a LIKE wildcard is taken literally


def test_the_repeat_note_is_short_and_names_the_smart_model_only_when_there_is_one(tmp_path):
    from autonomo.agent.observer import RunObserver
    from autonomo.llm.scripted import ScriptedModel

    class Notes(RunObserver):
        def __init__(self):
            self.notes = []

        def on_note(self, state, text):
            self.notes.append(text)

    long_text = "x" * 600
    same = reply("write_note", path="a.txt", text=long_text)
    agent, _, _ = make_agent(tmp_path / "one", [same, same, reply("finish", reason="ok")])
    notes = Notes()
    Runner(agent, observer=notes).run()
    repeat = [n for n in notes.notes if n.startswith("Repeat of")]
    assert repeat and len(repeat[0]) < 150 and "smart model" not in repeat[0]

    smart = ScriptedModel([reply("finish", reason="ok")], name="smart")
    agent, _, _ = make_agent(tmp_path / "two", [same, same], smart_model=smart)
    notes = Notes()
    Runner(agent, observer=notes).run()
    assert any("with the smart model" in n for n in notes.notes)
