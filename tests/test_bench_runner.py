"""Running suites in-process on a scripted model: evals, dependencies, cutoffs, storage."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from autonomo.bench import load_suite
from autonomo.bench.agents import AgentSpec
from autonomo.bench.runner import InProcessExecutor, run_suite
from autonomo.bench.store import BenchStore
from autonomo.config import SandboxConfig, Settings
from autonomo.sandbox import can_execute
from bench_helpers import FIXTURES, reply, write_challenge

DIGITS = "def digit_sum(n):\n    return sum(int(d) for d in str(n))\n"


def spec_for(tmp_path: Path, plans: dict, **kwargs) -> AgentSpec:
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    return AgentSpec(settings=settings.model_dump(mode="json"),
                     models="bench_helpers:scripted_models", model_args={"plans": plans},
                     grader="bench_helpers:constant_grader", max_steps=6, **kwargs)


def write(path: str, content: str) -> list:
    return [reply("write_file", path=path, content=content), reply("finish", reason="done")]


def run(tmp_path: Path, suite, plans: dict, repeat: int = 1):
    spec = spec_for(tmp_path, plans)
    store = BenchStore(tmp_path / "data")
    seen = []
    results = run_suite(suite, InProcessExecutor(spec, "run-test"), run_id="run-test",
                        repeat=repeat, store=store, on_result=lambda r, d, t: seen.append(d))
    return results, store, seen


def test_each_eval_type_passes_and_fails_on_a_scripted_model(tmp_path: Path) -> None:
    root = tmp_path / "suite"
    write_challenge(root, "FileOk", task="Write hi to out.txt")
    write_challenge(root, "FileWrong", task="Write hello to greet.txt", files=["greet.txt"],
                    should_contain=["hello"])
    write_challenge(root, "Poem", task="Write a poem to poem.txt", files=["poem.txt"],
                    eval_type="llm", should_contain=[], eval={"scoring": "binary"})
    plans = {
        "Write hi to out.txt": write("out.txt", "hi there"),
        "Write hello to greet.txt": write("greet.txt", "good morning"),
        "Write a poem to poem.txt": write("poem.txt", "Roses are red"),
        "digit_sum(n)": write("digits.py", DIGITS),
        "Open the file called motto.txt": [
            reply("read_file", path="motto.txt"),
            *write("echo.txt", "Slow and steady wins the race")],
    }
    suites = [root] + ([FIXTURES] if can_execute(SandboxConfig()) else [])
    results, store, seen = run(tmp_path, load_suite(*suites), plans)
    by_name = {r.challenge: r for r in results}
    assert by_name["FileOk"].status == "pass" and by_name["FileWrong"].status == "fail"
    assert "does not contain 'hello'" in by_name["FileWrong"].reason
    poem = by_name["Poem"]
    assert poem.status == "pass" and "Roses are red" in poem.eval["grader_prompt"]
    assert poem.eval["grader_answer"] == "1"
    if can_execute(SandboxConfig()):
        assert by_name["SumDigits"].status == "pass", by_name["SumDigits"].reason
        assert by_name["ReadAndRepeat"].status == "pass"
    ok = by_name["FileOk"]
    assert ok.steps == 2 and ok.prompt_tokens > 0 and ok.completion_tokens > 0
    assert ok.cached_tokens > 0  # the second call shares the system prompt with the first
    assert ok.trajectory_id and ok.wall_s > 0 and ok.worker_builds == 1
    stored = {r.challenge: r for r in store.results("run-test")}
    assert stored == by_name and seen == list(range(1, len(results) + 1))


def test_a_failing_first_link_skips_the_chain(tmp_path: Path) -> None:
    root = tmp_path / "suite"
    write_challenge(root, "A", task="Step A: write hi to a.txt", files=["a.txt"])
    write_challenge(root, "B", task="Step B", dependencies=["A"])
    write_challenge(root, "C", task="Step C", dependencies=["B"])
    write_challenge(root, "D", task="Write hi to out.txt")
    plans = {"Step A": write("a.txt", "wrong words"), "Write hi to out.txt":
             write("out.txt", "hi")}
    results, _, _ = run(tmp_path, load_suite(root), plans, repeat=2)
    assert [(r.challenge, r.attempt, r.status) for r in results] == [
        ("A", 0, "fail"), ("B", 0, "skip"), ("C", 0, "skip"), ("D", 0, "pass"),
        ("A", 1, "fail"), ("B", 1, "skip"), ("C", 1, "skip"), ("D", 1, "pass")]
    skip_b, skip_c = results[1], results[2]
    assert skip_b.reason == "prerequisite A did not pass (fail)"
    assert skip_c.reason == "prerequisite B did not pass (skip)"
    assert skip_b.steps == 0 and not skip_b.trajectory_id


def test_the_cutoff_stops_a_stuck_agent(tmp_path: Path) -> None:
    root = tmp_path / "suite"
    write_challenge(root, "Later", task="Write hi to out.txt", cutoff=30)
    write_challenge(root, "Stuck", task="Think forever", cutoff=1)
    write_challenge(root, "Then", task="Write hi to out.txt", cutoff=30)
    plans = {"Think forever": [{"act": "sleep", "seconds": 60}, reply("finish", reason="x")],
             "Write hi to out.txt": write("out.txt", "hi")}
    started = time.monotonic()
    results, _, _ = run(tmp_path, load_suite(root), plans)
    before, stuck, then = results  # suite order: by folder name among independent challenges
    assert stuck.status == "fail" and stuck.reason.startswith("cutoff reached")
    assert "abandoned" in stuck.reason and stuck.wall_s < 30  # cutoff 1 s + 5 s of grace
    assert before.status == "pass" and before.worker_builds == 1
    # the next challenge runs on fresh models, not on the ones the stuck agent holds
    assert then.status == "pass" and then.worker_builds == 2
    assert time.monotonic() - started < 60


def test_an_agent_past_its_cutoff_between_calls_is_stopped(tmp_path: Path) -> None:
    root = tmp_path / "suite"
    write_challenge(root, "Slow", task="Slow steps", cutoff=1)
    slow = [{"act": "sleep", "seconds": 0.4}, reply("list_folder", path=".")]
    plans = {"Slow steps": [item for _ in range(10) for item in slow]}
    (result,), _, _ = run(tmp_path, load_suite(root), plans)
    assert result.status == "fail" and result.reason == "cutoff reached: the agent was stopped"
    assert 1 <= result.steps < 6 and result.worker_builds == 1


def test_a_team_can_be_the_target(tmp_path: Path) -> None:
    root = tmp_path / "suite"
    write_challenge(root, "TeamWrites", task="Say hi as a team", files=["team.txt"])
    write_challenge(root, "TeamSilent", task="Stay silent as a team", files=["team.txt"])
    plans = {"Say hi as a team": ["hi from the team"], "Stay silent as a team": ["..."]}
    spec = spec_for(tmp_path, plans, team="bench_helpers:writer_team")
    results = run_suite(load_suite(root), InProcessExecutor(spec, "run-team"),
                        run_id="run-team")
    by_name = {r.challenge: r for r in results}
    assert by_name["TeamWrites"].status == "pass", by_name["TeamWrites"].reason
    assert by_name["TeamSilent"].status == "fail"
    assert by_name["TeamWrites"].steps >= 1 and by_name["TeamWrites"].prompt_tokens > 0
    assert by_name["TeamWrites"].trajectory_id


SOP = """\
sop: 1
name: one-coder
roles:
  Coder:
    prompt: "You write files. The task: {task}"
start: code
states:
  code:
    roles: [Coder]
    opening: {role: Coder, text: "Do the task."}
    max_turns: 1
    after: [{hook: write_code}]
    next: [{to: end}]
"""


def test_an_sop_file_can_be_the_target(tmp_path: Path) -> None:
    root = tmp_path / "suite"
    write_challenge(root, "SopWrites", task="Write hi to out.txt with the SOP")
    sop = tmp_path / "coder.yaml"
    sop.write_text(SOP)
    plans = {"Write hi to out.txt with the SOP": ["out.txt\n```text\nhi from the SOP\n```"]}
    spec = spec_for(tmp_path, plans, sop=str(sop))
    (result,) = run_suite(load_suite(root), InProcessExecutor(spec, "run-sop"),
                          run_id="run-sop")
    assert result.status == "pass", result.reason
    assert result.prompt_tokens > 0 and result.trajectory_id


def test_an_agent_that_leaves_a_tree_thousands_deep_does_not_end_the_run(tmp_path: Path):
    """shutil.rmtree recurses once per level: the agent under test made the clean-up of its
    workspace raise RecursionError, which ended the whole in-process run."""
    if not can_execute(SandboxConfig()):
        pytest.skip("needs a sandbox to run the agent's code")
    root = tmp_path / "suite"
    write_challenge(root, "Deep", task="Write hi to out.txt")
    write_challenge(root, "After", task="Write yo to yo.txt", files=["yo.txt"],
                    should_contain=["yo"])
    code = "import os\nfor _ in range(1100):\n    os.mkdir('d')\n    os.chdir('d')\n"
    plans = {"Write hi to out.txt": [reply("execute_python_code", code=code),
                                     *write("out.txt", "hi")],
             "Write yo to yo.txt": write("yo.txt", "yo")}
    results, _, _ = run(tmp_path, load_suite(root), plans)
    assert {r.challenge: r.status for r in results} == {"Deep": "pass", "After": "pass"}
    assert not any((tmp_path / "data" / "bench" / "workspaces" / "run-test").iterdir())
