"""Backend choice fails closed: no isolating backend and no opt-in means nothing runs."""

from __future__ import annotations

import logging
import shutil
import sys
from pathlib import Path

import pytest

from autonomo.config import SandboxConfig
from autonomo.errors import UserError
from autonomo.sandbox import backend_name, can_execute, create_sandbox
from autonomo.sandbox.container import ContainerSandbox, engine_answers


@pytest.fixture
def no_sandbox_tools(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A PATH on which neither bwrap nor docker/podman can be found (a bare machine)."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    engine_answers.cache_clear()
    yield
    engine_answers.cache_clear()


def test_refuses_to_execute_without_a_sandbox_or_opt_in(no_sandbox_tools, tmp_path: Path) -> None:
    config = SandboxConfig()
    with pytest.raises(UserError, match="No sandbox is available") as info:
        create_sandbox(tmp_path, config)
    assert "apt-get install bubblewrap" in str(info.value)
    assert "allow_unsandboxed" in str(info.value)
    assert not can_execute(config)


def test_explicit_bubblewrap_missing_is_an_error(no_sandbox_tools, tmp_path: Path) -> None:
    with pytest.raises(UserError, match="bwrap is not installed"):
        create_sandbox(tmp_path, SandboxConfig(backend="bubblewrap"))


def test_local_backend_needs_the_opt_in(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="allow_unsandboxed"):
        create_sandbox(tmp_path, SandboxConfig(backend="local"))


def test_opt_in_runs_locally_with_a_warning(
    no_sandbox_tools, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    config = SandboxConfig(allow_unsandboxed=True)
    assert backend_name(config) == "local"
    with caplog.at_level(logging.WARNING):
        box = create_sandbox(tmp_path, config)
    assert not box.isolating
    assert "UNSANDBOXED" in caplog.text
    res = box.run([sys.executable, "-c", "import os; print(os.getcwd())"])
    assert res.stdout.strip() == str(tmp_path.resolve())


def test_local_backend_timeout_and_cap(tmp_path: Path) -> None:
    config = SandboxConfig(backend="local", allow_unsandboxed=True, output_cap=200)
    box = create_sandbox(tmp_path, config)
    res = box.run("sleep 30", timeout=0.5)
    assert res.timed_out
    res = box.run("seq 1 10000")
    assert res.truncated and "omitted" in res.stdout


def test_docker_or_podman_engine_backend(tmp_path: Path) -> None:
    engines = [e for e in ("docker", "podman") if shutil.which(e) and engine_answers(e)]
    if not engines:
        pytest.skip("no docker/podman engine answers on this machine")
    box = ContainerSandbox(tmp_path, SandboxConfig(timeout_s=300), engine=engines[0])
    res = box.run("echo hi > f.txt; cat f.txt; id -u")
    assert res.ok, res.describe()
    assert (tmp_path / "f.txt").read_text() == "hi\n"
