"""The software team, shortened, on the real embedded model (SmolLM2-135M)."""

from __future__ import annotations

import pytest

pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/setup.sh)")

from autonomo.config import Settings
from autonomo.llm.local import LlamaCppModel
from autonomo.team import Team, TeamStore
from autonomo.team.examples import software

pytestmark = pytest.mark.embedded


def test_software_team_three_rounds_on_the_embedded_model(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    model = LlamaCppModel(settings.llm.fast, seed=0, temperature=0.0)
    team = Team(TeamStore(settings.data_dir), model, roles=software.roles())
    result = team.run(n_round=3, idea="a Python module with a function add(a, b) that "
                                       "returns the sum of a and b")
    assert result.status == "stopped" and "round limit" in result.reason
    prd, design, code = result.history[1:]
    # decoded under each action's schema: the structured content is valid by construction
    assert prd.parse(software.PRD).requirements
    assert design.parse(software.Design).functions
    files = code.parse(software.Code).files  # a 135M model may name its own file
    assert code.cause_by == "WriteCode"
    written = {f.path: f.content for f in files}  # a later file of the same name wins
    assert all((team.workspace / p).read_bytes() == c.encode() for p, c in written.items())
    assert {r: u.calls for r, u in result.usage.items()} == {"Alice": 1, "Bob": 1,
                                                             "Carol": 1}
    model.close()
