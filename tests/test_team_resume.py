"""A team SIGKILLed mid-round resumes from its store: nothing lost, nothing done twice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from autonomo.llm.scripted import ScriptedModel
from autonomo.team import Team, TeamStore
from team_fixtures import RESPONSES, build_roles

HERE = Path(__file__).parent


def outline(history):
    return [(m.round, m.sent_from, m.cause_by, m.content) for m in history]


def reference(tmp_path):
    model = ScriptedModel(RESPONSES)
    result = Team(TeamStore(tmp_path / "ref"), model, roles=build_roles()).run(
        n_round=4, idea="build a calculator")
    model.assert_all_used()
    return result


@pytest.mark.parametrize("kill_at", [2, 4, 6])
def test_resume_after_sigkill_mid_round(tmp_path, kill_at):
    """kill_at 2: inside Alice's turn (after her first message); 4: round 2, after Bob's
    turn committed, inside Carol's; 6: round 4, Bob's second turn."""
    expected = reference(tmp_path)
    data = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(HERE.parent / "src"), str(HERE), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, str(HERE / "team_fixtures.py"), str(data),
                           str(kill_at)], env=env, capture_output=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()[-2000:]

    store = TeamStore(data)
    (state,) = store.list()
    assert state.status == "running"
    before = len(store.calls(state.id))
    assert before == kill_at - 1  # every call that returned was saved

    model = ScriptedModel(RESPONSES[kill_at - 1:])  # only what was never answered
    team = Team.resume(state.id, store, model, build_roles())
    result = team.run()
    model.assert_all_used()

    assert result.status == expected.status
    assert outline(result.history) == outline(expected.history)
    stored = store.messages(state.id)
    ids = [m.id for m, _, _ in stored]
    assert len(ids) == len(set(ids)) == len(expected.history)
    assert [m.id for m in result.history] == ids
    calls = store.calls(state.id)
    assert len(calls) == len(RESPONSES)
    assert sum(u.calls for u in result.usage.values()) == len(RESPONSES)
    turns = store.turns(state.id)
    assert len({(t.round, t.role) for t in turns}) == len(turns)
