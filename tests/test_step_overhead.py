"""What the loop's shortcuts (benchmarks/agent_loop.py, step overhead) must not change: hooks
registered late are still heard, cached prompt parts follow their inputs, and the store keeps
the same rows."""

from __future__ import annotations

import json
import sqlite3

import pytest

from agent_helpers import make_agent, plugins, reply
from autonomo.agent.runner import Runner
from autonomo.agent.state import AgentStore
from autonomo.llm.types import Completion, Message, Usage
from autonomo.llm.usage import Meter
from autonomo.plugins.hookspecs import hookimpl
from autonomo.storage.model_json import model_json as _json


def test_a_plugin_registered_after_the_runner_is_made_is_still_heard(tmp_path):
    pm = plugins()
    agent, _, _ = make_agent(tmp_path, [
        reply("write_note", path="a.txt", text="1"),
        reply("finish", reason="wrote a.txt"),
    ], plugin_manager=pm)
    runner = Runner(agent)  # no plugin implements any run hook yet

    class Late:
        def __init__(self):
            self.heard = []

        @hookimpl
        def pre_command(self, agent, name, arguments):
            self.heard.append(("pre", name))

        @hookimpl
        def on_response(self, agent, completion):
            self.heard.append(("response", completion.model))

        @hookimpl
        def post_planning(self, agent, proposal):
            self.heard.append(("planned", proposal.name))

    late = Late()
    pm.register(late)
    assert runner.run().status == "finished"
    assert late.heard[:3] == [("response", "scripted"), ("planned", "write_note"),
                              ("pre", "write_note")]
    assert ("pre", "finish") in late.heard


def test_cached_prompt_parts_follow_their_inputs_and_the_trigger_is_new_each_step(tmp_path):
    agent, model, _ = make_agent(tmp_path, [
        reply("write_note", path="a.txt", text="1"),
        reply("write_note", path="b.txt", text="2"),
        reply("finish", reason="wrote a.txt and b.txt"),
    ])
    runner = Runner(agent)
    runner.begin()
    runner.step()
    agent.state.profile.goals.append("Mention the colour blue.")  # changed in place
    runner.step()
    first, second = model.calls[0]["messages"], model.calls[1]["messages"]
    assert "colour blue" not in first[0].content + first[1].content
    assert "colour blue" in second[0].content or "colour blue" in second[1].content
    assert first[-1] is not second[-1]  # a plugin editing the trigger edits this step's only
    assert second[2].content == first[-1].content  # step 1's instruction, kept in the history
    assert second[2] is first[-1]  # the message sent, not a copy made again


def test_an_instruction_a_plugin_edited_is_kept_as_edited(tmp_path):
    class Shout:
        @hookimpl
        def on_planning(self, agent, messages):
            messages[-1] = Message.user(messages[-1].content.upper())

    pm = plugins()
    pm.register(Shout())
    agent, model, _ = make_agent(tmp_path, [
        reply("write_note", path="a.txt", text="1"),
        reply("finish", reason="wrote a.txt"),
    ], plugin_manager=pm)
    Runner(agent).run()
    first, second = model.calls[0]["messages"], model.calls[1]["messages"]
    assert first[-1].content.isupper() and second[2].content == first[-1].content
    assert agent.state.episodes[0].action.prompt == first[-1].content


def test_the_store_writes_the_same_json_and_each_message_once(tmp_path):
    odd = 'quote " backslash \\ nul \x00 line\u2028sep é 😀'
    for value in (Message.user(odd), Completion(text=odd, usage=Usage(cost=0.25)),
                  Usage(prompt_tokens=3)):
        assert _json(value) == value.model_dump_json()

    agent, _, store = make_agent(tmp_path, [
        reply("write_note", path="a.txt", text=odd),
        reply("finish", reason="wrote a.txt"),
    ])
    Runner(agent).run()
    calls = store.calls(agent.state.id)
    assert [c["purpose"] for c in calls] == ["propose", "propose"]
    # the second prompt repeats the first one's system and task messages: stored once each
    assert calls[1]["messages"][:2] == calls[0]["messages"][:2]
    stored = [m for (prompt,) in store.db.query("select prompt from model_calls")
              for m in json.loads(prompt) if isinstance(m, dict)]
    assert len(stored) == len({json.dumps(m, sort_keys=True) for m in stored})
    # a second store on the same file knows nothing of the first one's rows, and still works
    again = AgentStore(store.data_dir)
    loaded = again.load(agent.state.id)
    assert loaded.episodes[0].action.arguments["text"] == odd
    assert loaded.model_dump_json() == agent.state.model_dump_json()


def test_call_options_are_stored_as_json_would_store_them():
    import dataclasses
    import datetime
    import enum
    from pathlib import Path

    from autonomo.agent.state import _OPTIONS_JSON, _options_json

    @dataclasses.dataclass
    class Point:
        x: int

    class Colour(enum.StrEnum):
        RED = "red"

    for options in ({"max_tokens": 5, "temperature": 0.25, "stop": ["\n", "é"], "n": None},
                    {"when": datetime.datetime(2026, 11, 24, 5, 0), "where": Path("/a"),
                     "point": Point(1), "colour": Colour.RED, 3: "three", "big": 2 ** 70,
                     "tuple": (1, 2.5e-05), "schema": {"type": "object"}}):
        assert json.loads(_options_json(options)) == json.loads(_OPTIONS_JSON.encode(options))


def test_usage_by_model_adds_up():
    meter = Meter()
    meter.settle(0.0, "a", Usage(prompt_tokens=2, cost=0.5, calls=1))
    meter.settle(0.0, "a", Usage(prompt_tokens=3, completion_tokens=1, calls=1))
    meter.settle(0.0, "b", Usage(cached_prompt_tokens=4, calls=1))
    assert meter.by_model == {
        "a": Usage(prompt_tokens=5, completion_tokens=1, cost=0.5, calls=2),
        "b": Usage(cached_prompt_tokens=4, calls=1),
    }
    assert meter.total == Usage(prompt_tokens=5, cached_prompt_tokens=4, completion_tokens=1,
                                cost=0.5, calls=3)


def test_a_prompt_stores_each_message_once_per_agent_and_refers_to_it_after(tmp_path):
    """Plain messages are looked up by role and content; a message with the same text but
    more fields (a tool message) is another one. Later calls refer to the first row."""
    from autonomo.agent.state import AgentState, CallRecord

    store = AgentStore(tmp_path / "data")
    state = AgentState(tasks=["t"])
    store.save(state)
    plain = [Message.user("same text"), Message.user("same text"), Message.assistant("same text")]
    tool = Message.tool("same text", tool_call_id="call_1", name="lookup")
    store.write(state, calls=[CallRecord(1, "propose", [*plain, tool], {}, Completion())])
    store.write(state, calls=[CallRecord(2, "propose", [Message.user("same text"), tool], {},
                                         Completion())])
    first, second = (json.loads(r[0]) for r in store.db.query(
        "select prompt from model_calls order by id"))
    # user, user (within one call: stored again), assistant, tool; then two references
    assert [isinstance(m, dict) for m in first] == [True, True, True, True]
    assert all(isinstance(m, list) for m in second)
    expected = [m.model_dump_json() for m in [*plain, tool, plain[0], tool]]
    assert [json.dumps(m, separators=(",", ":"), ensure_ascii=False)
            for c in store.calls(state.id) for m in c["messages"]] == expected


def test_prompts_refer_only_to_committed_rows_of_the_same_agent(tmp_path):
    """A rolled-back write's messages are stored again by the next one; another agent, or
    another store (process) on the same file, stores its own; deleting an agent leaves the
    others' prompts whole; rows from before the ``prompt`` column are still read."""
    from autonomo.agent.state import AgentState, CallRecord

    store = AgentStore(tmp_path / "data")
    one, two = AgentState(tasks=["one"]), AgentState(tasks=["two"])
    for state in (one, two):
        store.save(state)
    system, task = Message.system("You are an agent."), Message.user("the task")

    class Refused(Exception):
        pass

    original = store._write_agent

    def refuse(db, state, *_):
        raise Refused

    store._write_agent = refuse
    with pytest.raises(Refused):
        store.write(one, calls=[CallRecord(1, "propose", [system, task], {}, Completion())])
    store._write_agent = original
    store.write(one, calls=[CallRecord(1, "propose", [system, task], {}, Completion())])
    store.write(two, calls=[CallRecord(1, "propose", [system], {}, Completion())])
    other = AgentStore(tmp_path / "data")
    other.write(one, calls=[CallRecord(2, "propose", [system, task], {}, Completion())])
    store.write(one, calls=[CallRecord(3, "propose", [system, task], {}, Completion())])
    prompts = [(agent, json.loads(p)) for agent, p in store.db.query(
        "select agent_id, prompt from model_calls order by id")]
    assert [[isinstance(m, dict) for m in p] for _, p in prompts] == [
        [True, True], [True], [True, True], [False, False]]
    # legacy: a call written before m003 names content-addressed rows of ``messages``
    with store.db.transaction() as db:
        db.execute("insert into messages(hash, data) values ('abc', ?)", (task.model_dump_json(),))
        db.execute("insert into model_calls(agent_id, step, purpose, model, message_hashes,"
                   " options, response, created_at) values (?, 4, 'propose', 'm', '[\"abc\"]',"
                   " '{}', ?, 'now')", (one.id, Completion().model_dump_json()))
    store.delete(two.id)
    calls = AgentStore(tmp_path / "data").calls(one.id)
    assert [[m["content"] for m in c["messages"]] for c in calls] == [
        ["You are an agent.", "the task"]] * 3 + [["the task"]]
    assert store.calls(two.id) == []
    # a new agent in this store stores its messages again, even after a deletion
    three = AgentState(tasks=["three"])
    store.save(three)
    store.write(three, calls=[CallRecord(1, "propose", [system], {}, Completion())])
    assert [m["content"] for m in store.calls(three.id)[0]["messages"]] == ["You are an agent."]


def test_an_unchanged_agent_row_is_not_written_again_and_a_changed_one_is(tmp_path,
                                                                          monkeypatch):
    from autonomo.agent import state as state_module

    monkeypatch.setattr(state_module, "_now", lambda: "2026-11-24T00:00:00+00:00")
    store = AgentStore(tmp_path / "data")
    written: list[str] = []
    store.db.conn.set_trace_callback(
        lambda sql: written.append(sql) if sql.startswith("insert into agents") else None)
    from autonomo.agent.episodes import Action, Episode
    from autonomo.agent.state import AgentState, CallRecord

    state = AgentState(tasks=["t"])
    store.save(state)
    store.save(state)  # the same row, in the same second
    assert len(written) == 1
    state.status = "running"
    store.save(state)
    state.profile.goals.append("a goal")  # changed in place
    store.save(state)
    assert len(written) == 3
    monkeypatch.setattr(state_module, "_now", lambda: "2026-11-24T00:00:01+00:00")
    store.save(state)  # a second later, the same row: not written again
    assert len(written) == 3
    assert AgentStore(tmp_path / "data").load(state.id).profile.goals == ["a goal"]
    assert store.activity(state.id).updated_at == "2026-11-24T00:00:00+00:00"
    # a model call: its row carries the usage; the agent row is not rewritten, and the
    # agent's last update is the call's time
    monkeypatch.setattr(state_module, "_now", lambda: "2026-11-24T00:00:07+00:00")
    state.usage = state.usage + Usage(prompt_tokens=5, calls=1)
    store.write(state, calls=[CallRecord(1, "propose", [Message.user("hi")], {},
                                         Completion(usage=Usage(prompt_tokens=5, calls=1)))])
    assert len(written) == 3
    assert store.activity(state.id).updated_at == "2026-11-24T00:00:07+00:00"
    assert AgentStore(tmp_path / "data").load(state.id).usage == Usage(prompt_tokens=5,
                                                                      calls=1)
    state.usage = state.usage + Usage(cost=0.5, calls=1)  # no call of its own (a sub-agent's)
    store.write(state)
    assert len(written) == 4
    store.write(state, episodes=[Episode(number=1, action=Action(name="finish"))])
    assert len(written) == 4  # nothing changed
    again = AgentStore(tmp_path / "data")
    assert again.load(state.id).usage == Usage(prompt_tokens=5, cost=0.5, calls=2)
    assert [s.usage for s in again.list()] == [Usage(prompt_tokens=5, cost=0.5, calls=2)]


def test_a_failed_write_does_not_count_as_written(tmp_path):
    """Only a committed row is remembered: after a rolled-back write the same row is
    written again."""
    from autonomo.agent.state import AgentState

    store = AgentStore(tmp_path / "data")
    state = AgentState(tasks=["t"])
    store.save(state)
    state.status = "running"

    class FailingCommit:
        def __init__(self, conn):
            self.conn = conn

        def execute(self, sql, *args):
            if sql == "commit":
                raise sqlite3.OperationalError("disk I/O error")
            return self.conn.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.conn, name)

    real = store.db.conn
    store.db.conn = FailingCommit(real)
    with pytest.raises(sqlite3.OperationalError):
        store.save(state)
    real.execute("rollback")  # as SQLite does when a commit fails for I/O
    store.db.conn = real
    assert AgentStore(tmp_path / "data").load(state.id).status == "created"
    store.save(state)
    assert AgentStore(tmp_path / "data").load(state.id).status == "running"



def test_an_agents_model_call_goes_direct_yet_hears_a_late_plugin_and_settles_a_failure(
        tmp_path):
    """``AgentModel.call`` skips the plugin layer and the wrapper's generator while nobody
    intercepts; a ``chat_completion`` hook registered later still answers, and a failed call
    gives its budget reservation back and counts no usage."""
    from autonomo.agent.calls import ModelCalls
    from autonomo.agent.state import AgentState
    from autonomo.config import Prices
    from autonomo.llm.base import ChatModel

    class Priced(ChatModel):
        name, prices = "priced", Prices(prompt=1.0, completion=2.0)

        def __init__(self):
            self.fail = False

        def call(self, request):
            if self.fail:
                raise RuntimeError("the provider is down")
            return Completion(text="model", usage=Usage(prompt_tokens=10, completion_tokens=5))

    class Answer:
        @hookimpl
        def chat_completion(self, model, messages, options):
            return Completion(text="plugin", usage=Usage(prompt_tokens=1, calls=1))

    pm = plugins()
    state = AgentState(budget=1.0)
    calls = ModelCalls(state, pm)
    model = Priced()
    hello = [Message.user("hello")]
    assert calls.call(model, "propose", hello).text == "model"
    assert state.usage == Usage(prompt_tokens=10, completion_tokens=5, calls=1,
                                cost=(10 * 1.0 + 5 * 2.0) / 1_000_000)
    model.fail = True
    with pytest.raises(RuntimeError, match="down"):
        calls.call(model, "propose", hello)
    assert calls.meter._reserved == 0.0 and state.usage.calls == 1
    pm.register(Answer())
    assert calls.call(model, "propose", hello).text == "plugin"
    assert state.usage.calls == 2 and state.usage.prompt_tokens == 11
    assert [c.completion.text for c in calls.take_unsaved()] == ["model", "plugin"]
    assert calls.meter.by_model["priced"].calls == 2


def test_the_first_episode_shown_in_full_is_found_with_or_without_gaps_in_the_numbers():
    import bisect

    from autonomo.agent.context import first_full
    from autonomo.agent.episodes import Action, Episode
    from autonomo.agent.state import AgentState

    def episodes(numbers):
        return [Episode(number=n, action=Action(name="think")) for n in numbers]

    for numbers in ([], [1], [1, 2, 3, 4, 5], [2, 3, 4], [1, 2, 4, 5, 9], [3, 7]):
        state = AgentState(episodes=episodes(numbers))
        for upto in range(0, 11):
            state.compacted_upto = upto
            expected = bisect.bisect_right([n for n in numbers], upto)
            assert first_full(state) == expected, (numbers, upto)


def test_an_episodes_token_count_follows_its_result(tmp_path):
    agent, _, _ = make_agent(tmp_path, [reply("write_note", path="a.txt", text="1")])
    Runner(agent).run(max_steps=1)
    strategy, episode = agent.strategy, agent.state.episodes[0]
    count = agent.model.count_tokens
    before = strategy.episode_tokens(episode, 1200, count)
    assert strategy.episode_tokens(episode, 1200, count) == before
    from autonomo.tools.registry import CommandResult

    episode.result = CommandResult(status="success", output="x" * 4000)  # a new result
    assert strategy.episode_tokens(episode, 1200, count) > before
    assert strategy.episode_tokens(episode, 100, count) < strategy.episode_tokens(
        episode, 1200, count)


def test_a_written_agent_row_serialises_the_state_once(tmp_path, monkeypatch):
    """The row's key (all but the usage) and the row were each a serialisation of the whole
    state; the row is now the key's JSON with the usage's: the same JSON value."""
    from autonomo.agent import state as state_module
    from autonomo.agent.state import AgentState

    store = AgentStore(tmp_path / "data")
    state = AgentState(tasks=["t"], usage=Usage(prompt_tokens=3, cost=0.25, calls=1))
    state.profile.goals.append('a "quoted" goal')
    real = state_module.model_json
    serialised: list[str] = []

    def counted(model, *args):
        if isinstance(model, AgentState):
            serialised.append(type(model).__name__)
        return real(model, *args)

    monkeypatch.setattr(state_module, "model_json", counted)
    store.save(state)
    assert serialised == ["AgentState"]
    (row,) = store.db.query("select state from agents where id = ?", (state.id,))
    assert json.loads(row[0]) == json.loads(state.model_dump_json())
    assert AgentStore(tmp_path / "data").load(state.id).model_dump_json() == \
        state.model_dump_json()
