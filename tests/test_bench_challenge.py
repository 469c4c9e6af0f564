"""Challenge folders in agbenchmark's format: loading, clear errors, and the three evals."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import threading
from pathlib import Path

import pytest

from autonomo.bench import ChallengeError, evaluate, load_challenge, load_suite
from autonomo.bench.challenge import prepare_workspace
from autonomo.config import SandboxConfig
from autonomo.sandbox import can_execute
from bench_helpers import FIXTURES, ConstantModel, write_challenge

needs_sandbox = pytest.mark.skipif(not can_execute(SandboxConfig()), reason="no sandbox here")


def test_upstream_format_folder_loads_with_its_fields() -> None:
    suite = load_suite(FIXTURES)
    assert suite.order == ["ReadAndRepeat", "SumDigits"]
    echo = suite["ReadAndRepeat"]
    assert echo.category == ["general", "coding"]
    assert echo.cutoff == 60 and echo.difficulty == "interface"
    assert echo.ground.should_contain == ["Slow and steady wins the race"]
    assert echo.ground.eval.type == "file"
    assert suite["SumDigits"].dependencies == ["ReadAndRepeat"]


def test_reference_solutions_pass_and_an_empty_workspace_fails(tmp_path: Path) -> None:
    for challenge in load_suite(FIXTURES):
        done = prepare_workspace(challenge, tmp_path / challenge.name / "done")
        shutil.copytree(challenge.path / "artifacts_out", done, dirs_exist_ok=True)
        empty = prepare_workspace(challenge, tmp_path / challenge.name / "empty")
        if challenge.ground.eval.type == "python" and not can_execute(SandboxConfig()):
            continue
        good, bad = evaluate(challenge, done), evaluate(challenge, empty)
        assert good.passed, good.reason
        assert not bad.passed
    assert (tmp_path / "ReadAndRepeat" / "empty" / "motto.txt").read_text().startswith("Slow")


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda d: d.pop("task"), "field 'task': Field required"),
        (lambda d: d.update(cutoff=-1), "field 'cutoff'"),
        (lambda d: d["ground"]["eval"].update(type="pytest-ish"), "field 'ground.eval.type'"),
        (lambda d: d["info"].update(difficulty="trivial"), "field 'info.difficulty'"),
        (lambda d: d["ground"].pop("files"), "field 'ground.files'"),
    ],
)
def test_bad_data_json_names_the_file_and_field(tmp_path: Path, edit, expected: str) -> None:
    folder = write_challenge(tmp_path, "Bad")
    data = json.loads((folder / "data.json").read_text())
    edit(data)
    (folder / "data.json").write_text(json.dumps(data))
    with pytest.raises(ChallengeError) as err:
        load_challenge(folder)
    assert str(folder / "data.json") in str(err.value) and expected in str(err.value)


def test_invalid_json_reports_line_and_missing_script_is_named(tmp_path: Path) -> None:
    folder = write_challenge(tmp_path, "Broken")
    (folder / "data.json").write_text('{\n  "name": "x",\n  oops\n}')
    with pytest.raises(ChallengeError, match=r"data.json: not valid JSON \(line 3"):
        load_challenge(folder)
    py = write_challenge(tmp_path, "NoScript", eval_type="python", files=["test.py"])
    with pytest.raises(ChallengeError, match=r"field 'ground\.files'.*test\.py"):
        load_challenge(py)


def test_unknown_dependency_duplicate_and_cycle_are_refused(tmp_path: Path) -> None:
    write_challenge(tmp_path / "a", "First", dependencies=["Nowhere"])
    with pytest.raises(ChallengeError, match="field 'dependencies': unknown challenge 'Nowhere'"):
        load_suite(tmp_path / "a")
    write_challenge(tmp_path / "b" / "x", "Same")
    write_challenge(tmp_path / "b" / "y", "Same")
    with pytest.raises(ChallengeError, match="Two challenges are named 'Same'"):
        load_suite(tmp_path / "b")
    write_challenge(tmp_path / "c", "P", dependencies=["Q"])
    write_challenge(tmp_path / "c", "Q", dependencies=["P"])
    with pytest.raises(ChallengeError, match="a cycle"):
        load_suite(tmp_path / "c")


def test_file_eval_word_rules_and_extension_patterns(tmp_path: Path) -> None:
    folder = write_challenge(tmp_path, "Words", files=[".txt"], should_contain=["Paris"],
                             should_not_contain=["London"], case_sensitive=False)
    challenge = load_challenge(folder)
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "a.txt").write_text("london and paris")
    assert not evaluate(challenge, ws).passed
    (ws / "b.txt").write_text("PARIS is the capital")
    result = evaluate(challenge, ws)
    assert result.passed and "b.txt" in result.reason
    assert [c.target for c in result.checks] == ["a.txt", "b.txt"]


def test_file_eval_does_not_follow_a_symlink_out_of_the_workspace(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("hi from the host")
    challenge = load_challenge(write_challenge(tmp_path / "c", "Link"))
    ws = tmp_path / "ws"
    ws.mkdir()
    os.symlink(secret, ws / "out.txt")
    result = evaluate(challenge, ws)
    assert not result.passed
    assert all("host" not in c.excerpt for c in result.checks)
    (ws / "out.txt").unlink()
    os.mkfifo(ws / "out.txt")  # a FIFO must not hang the evaluator
    assert not evaluate(challenge, ws).passed


@pytest.mark.parametrize("eval_type", ["file", "llm"])
def test_a_file_name_that_is_not_text_is_judged_and_its_result_can_be_stored(
        tmp_path: Path, eval_type: str) -> None:
    """An agent's file named in Latin-1 (or with a newline): judged like any other, shown
    escaped; its raw name (a lone surrogate in Python) made the result unstorable."""
    from autonomo.bench.execute import ChallengeResult

    challenge = load_challenge(write_challenge(tmp_path / "c", "Raw", files=[".txt"],
                                               eval_type=eval_type))
    ws = tmp_path / "ws"
    ws.mkdir()
    fd = os.open(os.fsencode(ws) + b"/caf\xe9.txt", os.O_CREAT | os.O_WRONLY, 0o644)
    os.write(fd, b"hi")
    os.close(fd)
    (ws / "two\nlines.txt").write_text("hi")
    result = evaluate(challenge, ws, grader=ConstantModel("1"))
    assert result.passed
    stored = ChallengeResult.for_challenge(challenge, "run", 0, status="pass",
                                           reason=result.reason, eval=result.to_dict())
    assert ChallengeResult.model_validate_json(stored.model_dump_json()) == stored
    assert [c.target for c in result.checks] == ["caf\\xe9.txt", "two\\nlines.txt"]


def test_llm_eval_records_prompt_and_answer(tmp_path: Path) -> None:
    folder = write_challenge(tmp_path, "Poem", files=["poem.txt"], eval_type="llm",
                             answer="A short poem about the sea.",
                             eval={"scoring": "percentage", "template": "reference"})
    challenge = load_challenge(folder)
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "poem.txt").write_text("Waves roll in")
    result = evaluate(challenge, ws, grader=ConstantModel("85"))
    assert result.passed and result.score == pytest.approx(0.85)
    assert "Waves roll in" in result.grader_prompt and "A short poem" in result.grader_prompt
    assert "0 to 100" in result.grader_prompt and result.grader_answer == "85"
    low = evaluate(challenge, ws, grader=ConstantModel("Score: 20"))
    assert not low.passed and low.score == pytest.approx(0.2)
    assert not evaluate(challenge, ws, grader=ConstantModel("good job")).passed
    assert "needs a grader" in evaluate(challenge, ws).reason


@needs_sandbox
def test_python_eval_runs_hidden_tests_in_the_sandbox(tmp_path: Path) -> None:
    challenge = load_suite(FIXTURES)["SumDigits"]
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "digits.py").write_text("def digit_sum(n):\n    return 0\n")
    result = evaluate(challenge, ws)
    assert not result.passed and "AssertionError" in result.checks[0].excerpt
    assert sorted(os.listdir(ws)) == ["digits.py"]  # the test script never lands in it


ESCAPE_SCRIPT = """
import os, socket
escaped = []
for path in ("{marker}", "/root/bench-escape", "/etc/bench-escape"):
    try:
        with open(path, "w") as f:
            f.write("x")
        if os.path.exists(path):
            escaped.append("wrote " + path)
    except OSError:
        pass
try:
    with open("{secret}") as f:
        escaped.append("read " + f.read())
except OSError:
    pass
try:
    socket.create_connection(("127.0.0.1", {port}), timeout=2).close()
    escaped.append("connected")
except OSError:
    pass
print("ESCAPED: " + ", ".join(escaped) if escaped else "contained")
"""


@needs_sandbox
def test_python_eval_that_tries_to_escape_is_contained(tmp_path: Path) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(0.2)
    connected = []

    def accept() -> None:
        with contextlib.suppress(OSError):
            connected.append(server.accept())

    waiter = threading.Thread(target=accept)
    waiter.start()
    marker, secret = tmp_path / "host-marker", tmp_path / "host-secret.txt"
    secret.write_text("the host's secret")
    os.chmod(secret, 0o600)
    script = ESCAPE_SCRIPT.format(marker=marker, secret=secret, port=server.getsockname()[1])
    folder = write_challenge(tmp_path / "c", "Escape", eval_type="python", files=["test.py"],
                             should_contain=["contained"], should_not_contain=["ESCAPED"],
                             custom_python={"test.py": script})
    ws = tmp_path / "ws"
    ws.mkdir()
    result = evaluate(load_challenge(folder), ws)
    waiter.join()
    server.close()
    assert result.passed, result.checks[0].excerpt
    assert not marker.exists() and not Path("/root/bench-escape").exists()
    assert not connected


@needs_sandbox
def test_a_script_shared_by_a_folder_of_challenges_reads_each_ones_data(tmp_path: Path) -> None:
    shared = tmp_path / "suite" / "custom_python"
    shared.mkdir(parents=True)
    (shared / "words.py").write_text(
        "import json, os\n"
        "here = os.path.dirname(os.path.abspath(__file__))\n"
        "ground = json.load(open(os.path.join(here, 'challenge.json')))['ground']\n"
        "print(open('out.txt').read(), 'checked for', ground['should_contain'][0])\n")
    (shared / "helper.py").write_text("WHO = 'shared'\n")
    one = write_challenge(tmp_path / "suite", "One", eval_type="python", files=["words.py"],
                          should_contain=["alpha"])
    two = write_challenge(tmp_path / "suite", "Two", eval_type="python", files=["own.py"],
                          should_contain=["mine"], custom_python={
                              "own.py": "from helper import WHO\nprint(WHO)\n",
                              "helper.py": "WHO = 'mine'\n"})  # overrides the shared one
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "out.txt").write_text("alpha")
    first, second = evaluate(load_challenge(one), ws), evaluate(load_challenge(two), ws)
    assert first.passed and "alpha checked for alpha" in first.checks[0].excerpt
    assert second.passed and second.checks[0].excerpt == "mine"
    with pytest.raises(ChallengeError, match=r"Three/data.json: field 'ground.files'.*gone.py"):
        load_challenge(write_challenge(tmp_path / "suite", "Three", eval_type="python",
                                       files=["gone.py"]))
    shutil.rmtree(shared)
    os.symlink(tmp_path / "ws", shared)  # a link to a host folder is refused, never read
    with pytest.raises(ChallengeError, match="custom_python: is a symbolic link"):
        load_challenge(one)
