"""The README's examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).parent.parent / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)


@pytest.mark.parametrize("code", python_blocks())
def test_readme_python_examples_run(code):
    exec(compile(code, str(README), "exec"), {})


def test_readme_toml_example_is_valid_configuration(tmp_path, monkeypatch):
    from autonomo.config import load_settings

    toml = re.findall(r"```toml\n(.*?)```", README.read_text(), flags=re.S)[0]
    (tmp_path / "autonomo.toml").write_text(toml)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("AUTONOMO_CONFIG", "autonomo.toml")
    settings = load_settings()
    assert settings.llm.fast.model == "gpt-4o-mini"
    assert settings.llm.smart.model == "gpt-4o"
    assert settings.sandbox.shell_allowlist == ["ls", "cat", "wc", "grep", "head"]


def test_readme_commands_exist():
    """Each `autonomo X` the README shows is a real command."""
    import typer

    from autonomo.cli.main import app

    names = {c.name for c in typer.main.get_command(app).commands.values()}
    shown = set(re.findall(r"^autonomo (\w+)", README.read_text(), flags=re.M))
    assert shown <= names, shown - names
