"""A step's intent (``storage/intents.py``): the record that a command started lives in a
file until the step's one transaction; a process that dies in between loses nothing."""

from __future__ import annotations

import os
import stat

import pytest

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState, AgentStore, CallRecord
from autonomo.llm.types import Completion, Message, Usage
from autonomo.tools.registry import CommandResult


def _started(store: AgentStore, state: AgentState, number: int) -> Episode:
    """What the runner does before a command: the proposing call, then the intent."""
    episode = Episode(number=number, action=Action(name="write_note",
                                                   arguments={"path": f"{number}.txt"}))
    state.episodes.append(episode)
    usage = Usage(prompt_tokens=10, completion_tokens=2, calls=1)
    state.usage = state.usage + usage
    call = CallRecord(number, "propose", [Message.system("sys"), Message.user(f"go {number}")],
                      {"max_tokens": 5}, Completion(text=f"reply {number}", usage=usage))
    store.write_intent(state, episode, [call])
    return episode


def _finished(store: AgentStore, state: AgentState, episode: Episode) -> None:
    episode.result = CommandResult(status="success", output="ok")
    store.write(state, episodes=[episode])


def _running(tmp_path):
    """A store on a new data folder and a running agent saved in it."""
    data = tmp_path / "data"
    store = AgentStore(data)
    state = AgentState(tasks=["t"], status="running")
    store.save(state)
    return data, store, state


def _calls(data) -> list[tuple[int, str]]:
    return [(c["step"], c["response"]["text"]) for c in AgentStore(data).calls(
        AgentStore(data).list()[0].id)]


def test_a_step_in_flight_is_in_its_file_until_its_transaction(tmp_path):
    data, store, state = _running(tmp_path)
    _finished(store, state, _started(store, state, 1))
    flying = _started(store, state, 2)
    # another process (or this one, dying now) sees step 2 as running, with its usage
    seen = AgentStore(data).load(state.id)
    assert [(e.number, e.result is None) for e in seen.episodes] == [(1, False), (2, True)]
    assert seen.usage.calls == 2
    assert _calls(data) == [(1, "reply 1")]  # its call is not in the database yet
    path = store.intents.path(state.id)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert path.parent != store.default_workspace(state.id)  # not visible to commands
    _finished(store, state, flying)
    assert _calls(data) == [(1, "reply 1"), (2, "reply 2")]
    # the record is stale now: loading shows the stored step, once
    again = AgentStore(data).load(state.id)
    assert [(e.number, e.result.status) for e in again.episodes] == [(1, "success"),
                                                                      (2, "success")]


def test_a_dead_drivers_step_is_adopted_once_with_its_calls(tmp_path):
    data, store, state = _running(tmp_path)
    _started(store, state, 1)
    del store  # the process dies while the command runs

    heir = AgentStore(data)
    loaded = heir.load(state.id)
    heir.adopt_intent(loaded)
    episode = loaded.episodes[-1]
    assert episode.number == 1 and episode.result is None
    episode.result = CommandResult(status="interrupted", output="may or may not")
    heir.save_episode(loaded, episode)
    assert _calls(data) == [(1, "reply 1")]
    final = AgentStore(data).load(state.id)
    assert final.usage.calls == 1 and final.episodes[0].result.status == "interrupted"
    # a later heir finds the record stale: nothing is written twice
    later = AgentStore(data)
    reloaded = later.load(state.id)
    later.adopt_intent(reloaded)
    later.save(reloaded)
    assert _calls(data) == [(1, "reply 1")]
    assert len(reloaded.episodes) == 1


def test_a_torn_record_is_no_record(tmp_path):
    data, store, state = _running(tmp_path)
    _started(store, state, 1)
    path = store.intents.path(state.id)
    size = path.stat().st_size
    with open(path, "r+b") as f:  # a byte of the payload changed
        f.seek(size - 3)
        byte = f.read(1)
        f.seek(size - 3)
        f.write(bytes([byte[0] ^ 1]))
    assert AgentStore(data).load(state.id).episodes == []
    os.truncate(path, size // 2)  # cut short
    assert AgentStore(data).load(state.id).episodes == []
    path.write_bytes(b"")
    assert AgentStore(data).load(state.id).episodes == []


def test_a_failed_transaction_keeps_the_step_and_a_stop_writes_it_with_its_calls(tmp_path):
    data, store, state = _running(tmp_path)
    episode = _started(store, state, 1)

    class Refused(Exception):
        pass

    original = store._write_agent
    store._write_agent = lambda db, state, *_: (_ for _ in ()).throw(Refused())
    with pytest.raises(Refused):
        _finished(store, state, episode)
    store._write_agent = original
    assert _calls(data) == []
    # the run ends without recording the result (say, it is stopped): the step still goes
    # with the write, so no call is ever stored without its step
    episode.result = None
    state.status = "stopped"
    store.write(state)
    assert _calls(data) == [(1, "reply 1")]
    assert [e.result for e in AgentStore(data).load(state.id).episodes] == [None]
    heir = AgentStore(data)
    loaded = heir.load(state.id)
    heir.adopt_intent(loaded)
    heir.save(loaded)
    assert _calls(data) == [(1, "reply 1")]


def test_deleting_an_agent_removes_its_intent(tmp_path):
    store = AgentStore(tmp_path / "data")
    state = AgentState(tasks=["t"])
    store.save(state)
    _started(store, state, 1)
    path = store.intents.path(state.id)
    assert path.exists()
    store.delete(state.id)
    assert not path.exists()
    odd = store.intents.path("../x y")
    assert odd.parent.parent == tmp_path / "data" / "agents"


def test_many_agents_each_keep_their_own_record(tmp_path):
    """Past the open files a store keeps, older ones are closed, never mixed up."""
    from autonomo.storage import intents

    files = intents.IntentFiles(tmp_path / "data")
    count = intents._MAX_OPEN * 2 + 3
    for round_ in range(2):
        for n in range(count):
            files.write(f"agent{n}", {"n": n, "round": round_})
    assert all(files.read(f"agent{n}") == [{"n": n, "round": 1}] for n in range(count))
    assert len(files._fds) <= intents._MAX_OPEN
    files.close()


def test_a_record_of_another_shape_is_no_record(tmp_path):
    data, store, state = _running(tmp_path)
    for record in ({"episodes": ["not json"], "usage": "{}", "calls": []},
                   {"episodes": [], "calls": []},
                   {"episodes": [], "usage": "{}", "calls": [["too", "short"]]},
                   {"episodes": 3, "usage": "{}", "calls": []}):
        store.intents.write(state.id, record)
        heir = AgentStore(data)
        loaded = heir.load(state.id)
        heir.adopt_intent(loaded)
        assert loaded.episodes == [] and heir._prepared == {}


def test_reading_a_log_reads_its_records_not_the_rest_of_the_file(tmp_path):
    """The log was read whole: a file longer than its records (a longer log's stale tail,
    here 256 MB of a sparse file) was read into memory at each load. A record at a time,
    only the records and one header after them are read."""
    import tracemalloc

    from autonomo.storage import intents

    files = intents.IntentFiles(tmp_path / "data")
    files.write("a", {"n": 1})
    files.write("a", {"n": 2}, restart=False)
    end = files.path("a").stat().st_size
    os.truncate(files.path("a"), 256 << 20)
    tracemalloc.start()
    try:
        assert files.read_log("a")[0] == [{"n": 1}, {"n": 2}]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, peak
    assert files.read_log("a")[2] == end
    files.close()


def test_counting_steps_validates_no_episode_of_the_log(tmp_path, monkeypatch):
    """``agents list`` counts each agent's steps: every episode of its intent log was
    validated (pydantic) to learn its number. A record names its episodes' numbers; one
    written before them, or of another shape, counts as loading finds it."""
    import orjson

    from autonomo.storage.model_json import model_json

    data, store, state = _running(tmp_path)
    _finished(store, state, _started(store, state, 1))
    for number in (2, 3):
        _started(store, state, number)
    validated: list[str] = []
    real = Episode.model_validate_json

    def counted(text, *args, **kwargs):
        validated.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(Episode, "model_validate_json", counted)
    assert AgentStore(data).step_count(state.id) == 3
    assert validated == []
    monkeypatch.undo()
    assert len(AgentStore(data).load(state.id).episodes) == 3
    # a record written before ``numbers``: its episodes' JSON is read for them
    old = {"episodes": [model_json(Episode(number=2, action=Action(name="x")))],
           "usage": model_json(Usage()), "calls": []}
    store.intents.write(state.id, old)
    assert AgentStore(data).step_count(state.id) == 2
    for foreign in ({**old, "calls": [["too", "short"]]},
                    {**old, "episodes": ["not json"]}, {"numbers": [2], "calls": []}):
        store.intents.write(state.id, foreign)
        assert AgentStore(data).step_count(state.id) == 1, foreign
        assert len(AgentStore(data).load(state.id).episodes) == 1
    assert orjson.loads(model_json(Usage()))  # the usage stays a JSON text in the record
