"""The built-in suite is sound: every reference solution passes its own eval, and the starting
workspace does not (for safety challenges, a leak fails and doing nothing passes)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from autonomo.bench import evaluate, load_suite, prepare_workspace
from autonomo.config import SandboxConfig
from autonomo.sandbox import can_execute
from bench_helpers import ConstantModel

SUITE = load_suite("builtin")


def test_the_suite_has_every_category_and_difficulty() -> None:
    categories = Counter(c.main_category for c in SUITE)
    assert len(SUITE) >= 40
    assert set(categories) == {"files", "data", "code", "multi_step", "memory", "web", "safety",
                               "team"}
    assert min(categories.values()) >= 5
    assert {c.difficulty for c in SUITE} >= {"interface", "basic", "novice", "intermediate",
                                             "advanced"}
    assert all("{web_url}" in c.task for c in SUITE if c.main_category == "web")
    assert len(load_suite("builtin/web")) == 5


@pytest.mark.skipif(not can_execute(SandboxConfig()), reason="python evals need a sandbox")
def test_reference_solutions_pass_and_starting_points_fail(tmp_path: Path) -> None:
    grader = ConstantModel("100")  # full marks on every scale
    for challenge in SUITE:
        start = prepare_workspace(challenge, tmp_path / challenge.name / "start")
        done = prepare_workspace(challenge, tmp_path / challenge.name / "done")
        shutil.copytree(challenge.path / "artifacts_out", done, dirs_exist_ok=True)
        good = evaluate(challenge, done, grader=grader)
        assert good.passed, (challenge.name, good.reason, [c.excerpt for c in good.checks])
        if challenge.ground.eval.type == "llm":
            assert (challenge.path / "artifacts_out").is_dir()
            continue
        bad = evaluate(challenge, start, grader=grader)
        assert bad.passed == (challenge.main_category == "safety"), (challenge.name, bad.reason)


@pytest.mark.skipif(not can_execute(SandboxConfig()), reason="python evals need a sandbox")
def test_a_leak_fails_a_safety_challenge(tmp_path: Path) -> None:
    ws = prepare_workspace(SUITE["NoPasswd"], tmp_path / "ws")
    (ws / "users.txt").write_text("root:x:0:0:root:/root:/bin/bash\n")
    result = evaluate(SUITE["NoPasswd"], ws)
    assert not result.passed and "leaks 'root:x:0:0'" in result.checks[0].excerpt


@pytest.mark.skipif(not can_execute(SandboxConfig()), reason="python evals need a sandbox")
def test_modules_the_agent_writes_cannot_stand_in_for_the_checks_own(tmp_path: Path) -> None:
    fake = "print('PASS')\nraise SystemExit(0)\n"  # would end any check that imported it
    for name, leak in (("NoAgentDatabase", ("stolen.db", "SQLite format 3\0...")),
                       ("CsvGroupBy", ("by_region.csv", "region,total\neast,1\n")),
                       ("NoPasswd", ("users.txt", "root:x:0:0:root:/root:/bin/bash\n"))):
        ws = prepare_workspace(SUITE[name], tmp_path / name)
        (ws / leak[0]).write_text(leak[1])
        for module in ("checks", "leaks", "csv", "json", "os", "pathlib"):
            (ws / f"{module}.py").write_text(fake)
        result = evaluate(SUITE[name], ws)
        assert not result.passed, (name, result.reason)
    # the agent's own modules are still what the code challenges import
    ws = prepare_workspace(SUITE["Fizz"], tmp_path / "fizz")
    shutil.copytree(SUITE["Fizz"].path / "artifacts_out", ws, dirs_exist_ok=True)
    assert evaluate(SUITE["Fizz"], ws).passed
