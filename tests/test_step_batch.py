"""Fast steps share one SQLite transaction (``AgentStore.write(batch=True)``): until it
commits, their ends are records of the agent's intent log, which readers and a run's heir
find; prompts that refer to messages of the batch's own rows are stored right."""

from __future__ import annotations

import struct
import zlib

import orjson
import pytest

from agent_helpers import TEST_TOOLS, make_agent, reply
from autonomo import Runner, RunObserver
from autonomo.agent import state as state_module
from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState, AgentStore, CallRecord
from autonomo.llm.types import Completion, Message, Usage
from autonomo.storage.intents import IntentFiles
from autonomo.tools.registry import CommandResult


@pytest.fixture
def batches(monkeypatch):
    """Steps this test writes count as fast, however loaded the machine."""
    monkeypatch.setattr(state_module, "BATCH_SECONDS", 3600.0)
    monkeypatch.setattr(state_module, "BATCH_STEPS", 4)


class Steps:
    """A store, a running agent and the prompts a prompt builder would send: the same
    message objects from step to step, two new ones a step."""

    def __init__(self, tmp_path) -> None:
        self.data = tmp_path / "data"
        self.store = AgentStore(self.data)
        self.state = AgentState(tasks=["t"], status="running")
        self.store.save(self.state)
        self.history = [Message.system("You look items up."), Message.user("Look up 1 to 9.")]
        self.sent: list[list[dict]] = []

    def start(self, number: int) -> Episode:
        """What the runner does before a command: the proposing call, then the intent."""
        episode = Episode(number=number, action=Action(name="lookup",
                                                       arguments={"item": number}))
        self.state.episodes.append(episode)
        usage = Usage(prompt_tokens=10, completion_tokens=2, calls=1)
        self.state.usage = self.state.usage + usage
        messages = [*self.history, Message.user(f"step {number}: same text")]
        self.sent.append([m.model_dump(mode="json") for m in messages])
        call = CallRecord(number, "propose", messages, {"max_tokens": 5},
                          Completion(text=f"reply {number}", usage=usage))
        self.store.write_intent(self.state, episode, [call])
        # the history repeats the step's message as a new object, as the prompt builder does
        self.history += [Message.assistant(f"reply {number}"), Message.user(messages[-1].content)]
        return episode

    def finish(self, episode: Episode) -> None:
        episode.result = CommandResult(status="success", output=f"item {episode.number}")
        self.store.write(self.state, episodes=[episode], durable=False, batch=True)

    def committed(self) -> list[tuple[int, int]]:
        """(step, messages) of the calls in the database, read by another store."""
        return [(c["step"], len(c["messages"]))
                for c in AgentStore(self.data).calls(self.state.id)]


def test_fast_steps_share_a_transaction_and_other_readers_see_them(tmp_path, batches):
    steps = Steps(tmp_path)
    for number in (1, 2, 3):
        steps.finish(steps.start(number))
    assert steps.committed() == []  # three steps, no transaction yet
    other = AgentStore(steps.data)
    seen = other.load(steps.state.id)
    assert [(e.number, e.result.output) for e in seen.episodes] == [
        (1, "item 1"), (2, "item 2"), (3, "item 3")]
    assert seen.usage.calls == 3 and other.step_count(steps.state.id) == 3
    steps.finish(steps.start(4))  # the fourth (BATCH_STEPS) commits the batch
    assert steps.committed() == [(1, 3), (2, 5), (3, 7), (4, 9)]
    calls = AgentStore(steps.data).calls(steps.state.id)
    assert [c["messages"] for c in calls] == steps.sent
    # each message is stored once: later rows refer to the batch's earlier ones
    rows = steps.store.db.query("select prompt from model_calls order by id")
    assert sum(row[0].count("You look items up.") for row in rows) == 1
    assert sum(row[0].count("same text") for row in rows) == 4
    assert IntentFiles(steps.data).read(steps.state.id) == []  # committed: read as empty
    loaded = AgentStore(steps.data).load(steps.state.id)
    assert [e.number for e in loaded.episodes] == [1, 2, 3, 4] and loaded.usage.calls == 4


def test_a_slow_step_commits_at_once(tmp_path, monkeypatch):
    monkeypatch.setattr(state_module, "BATCH_SECONDS", 0.0)
    steps = Steps(tmp_path)
    for number in (1, 2):
        steps.finish(steps.start(number))
        assert [s for s, _ in steps.committed()] == list(range(1, number + 1))


def test_a_changed_agent_row_or_a_durable_write_commits_the_batch(tmp_path, batches):
    steps = Steps(tmp_path)
    steps.finish(steps.start(1))
    steps.state.tasks.append("a follow-up")  # the row changes: no batch
    steps.finish(steps.start(2))
    assert [s for s, _ in steps.committed()] == [1, 2]
    assert AgentStore(steps.data).load(steps.state.id).tasks == ["t", "a follow-up"]
    episode = steps.start(3)
    episode.result = CommandResult(status="success", output="done")
    steps.store.write(steps.state, episodes=[episode], durable=True, batch=True)
    assert [s for s, _ in steps.committed()] == [1, 2, 3]


def test_a_dead_drivers_batch_is_adopted_once_with_its_prompts(tmp_path, batches):
    steps = Steps(tmp_path)
    steps.finish(steps.start(1))
    steps.finish(steps.start(2))
    steps.start(3)
    del steps.store  # the process dies while step 3's command runs

    heir = AgentStore(steps.data)
    loaded = heir.load(steps.state.id)
    assert [(e.number, e.result is None) for e in loaded.episodes] == [
        (1, False), (2, False), (3, True)]
    assert loaded.usage.calls == 3
    heir.adopt_intent(loaded)
    loaded.episodes[-1].result = CommandResult(status="interrupted", output="may or may not")
    heir.save_episode(loaded, loaded.episodes[-1])
    assert [c["messages"] for c in heir.calls(steps.state.id)] == steps.sent
    again = AgentStore(steps.data)
    reloaded = again.load(steps.state.id)
    again.adopt_intent(reloaded)
    again.save(reloaded)
    assert steps.committed() == [(1, 3), (2, 5), (3, 7)]  # nothing written twice
    assert [e.result.status for e in reloaded.episodes] == ["success", "success",
                                                            "interrupted"]


def test_a_released_agent_leaves_its_batch_to_the_next_driver(tmp_path, batches):
    steps = Steps(tmp_path)
    steps.store.acquire(steps.state, "run-1")
    steps.finish(steps.start(1))
    steps.store.release(steps.state.id, "run-1")  # a run that raised: nothing committed
    assert steps.committed() == []
    loaded = steps.store.load(steps.state.id)
    steps.store.acquire(loaded, "run-2")
    steps.store.adopt_intent(loaded)
    steps.store.save(loaded)
    assert steps.committed() == [(1, 3)]
    assert [e.result.output for e in AgentStore(steps.data).load(loaded.id).episodes] == [
        "item 1"]


def test_the_log_reads_up_to_a_torn_record_or_one_of_an_older_log(tmp_path):
    files = IntentFiles(tmp_path / "data")
    files.write("a", {"n": 1})
    files.write("a", {"n": 2}, restart=False)
    files.write("a", {"n": 3}, restart=False)
    assert files.read("a") == [{"n": 1}, {"n": 2}, {"n": 3}]
    path = files.path("a")
    data = bytearray(path.read_bytes())
    data[-2] ^= 1  # the last record torn
    path.write_bytes(bytes(data))
    assert files.read("a") == [{"n": 1}, {"n": 2}]
    # a new log, its first record as long as the old one: the old second record follows it
    # whole, with a valid checksum, but is of the older log
    files.write("a", {"n": 4})
    assert files.read("a") == [{"n": 4}]
    files.clear("a")
    assert files.read("a") == []
    files.close()


def test_an_intent_file_from_before_the_log_is_still_adopted(tmp_path):
    steps = Steps(tmp_path)
    call = CallRecord(1, "propose", [Message.user("go")], {},
                      Completion(text="reply 1", usage=Usage(calls=1)))
    row = steps.store._call_rows(steps.state.id, [call], 0)[0]
    episode = Episode(number=1, action=Action(name="lookup", arguments={"item": 1}))
    payload = orjson.dumps({"episodes": [episode.model_dump_json()],
                            "usage": Usage(calls=1).model_dump_json(), "calls": [row]})
    path = steps.store.intents.path(steps.state.id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(struct.pack(">4sII", b"AIN1", len(payload), zlib.crc32(payload))
                     + payload)
    heir = AgentStore(steps.data)
    loaded = heir.load(steps.state.id)
    assert [(e.number, e.result) for e in loaded.episodes] == [(1, None)]
    heir.adopt_intent(loaded)
    assert len(heir.intents.read(steps.state.id)) == 1  # rewritten as a log
    loaded.episodes[0].result = CommandResult(status="interrupted", output="x")
    heir.save_episode(loaded, loaded.episodes[0])
    assert steps.committed() == [(1, 1)]


class Committed(RunObserver):
    """At each step's end: how many steps another process finds in the database."""

    def __init__(self, data) -> None:
        self.data, self.seen = data, []

    def on_episode(self, state, episode) -> None:
        store = AgentStore(self.data)
        self.seen.append(store.db.query("select count(*) from episodes")[0][0])
        assert store.step_count(state.id) == episode.number


@pytest.mark.parametrize("fsync", [False, True])
def test_a_run_commits_each_step_only_with_fsync_steps(tmp_path, batches, fsync):
    replies = [reply("write_note", path=f"{n}.txt", text=str(n)) for n in range(1, 4)]
    agent, _, store = make_agent(tmp_path, [*replies, reply("finish", reason="checked")],
                                 tools=TEST_TOOLS)
    agent.settings.agent.fsync_steps = fsync
    observer = Committed(store.data_dir)
    result = Runner(agent, observer=observer).run()
    assert result.status == "finished"
    assert observer.seen == ([1, 2, 3, 4] if fsync else [0, 0, 0, 4])
    assert [c["step"] for c in store.calls(agent.state.id)] == [1, 2, 3, 4]
    assert len(AgentStore(store.data_dir).load(agent.state.id).episodes) == 4



@pytest.mark.parametrize("parallel", [1, 4])
def test_summaries_use_threads_only_for_a_model_that_answers_several_at_once(tmp_path,
                                                                             parallel):
    import threading

    from autonomo import ScriptedModel, Settings

    threads: set[int] = set()

    def summary(messages):
        threads.add(threading.get_ident())
        return "printed lorem ipsum"

    summarizer = ScriptedModel([summary] * 20)
    summarizer.parallel_calls = parallel  # ScriptedModel's own: 1 (it answers at once)
    settings = Settings(data_dir=tmp_path / "data")
    settings.agent.history_budget = 2000  # about six of these episodes
    agent, _, _ = make_agent(
        tmp_path, [*(reply("big_output", n=1000 + i) for i in range(10)),
                   reply("finish", reason="done")], settings=settings, summary_model=summarizer)
    Runner(agent).run()
    assert agent.state.compacted_upto >= 5
    if parallel == 1:
        assert threads == {threading.get_ident()}  # asked in turn: no thread started
    else:
        assert threading.get_ident() not in threads


def test_an_agent_acquired_before_its_first_save_loads(tmp_path):
    """``Runner.begin`` acquires a new agent before saving it: the row ``acquire`` writes
    must be a state another process (or a resumed run after a crash here) can load."""
    store = AgentStore(tmp_path)
    state = AgentState(tasks=["hi"])
    store.acquire(state, "run-1")
    loaded = AgentStore(tmp_path).load(state.id)
    assert loaded.tasks == ["hi"]
    assert loaded.usage == state.usage
