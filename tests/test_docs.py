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


ROOT = README.parent
PACKAGE = ROOT / "src" / "autonomo"


def _documents() -> list[Path]:
    """The README and the package's own modules and prompt files (not challenge data)."""
    sources = [p for p in PACKAGE.rglob("*") if p.suffix in {".py", ".yaml"}
               and "suite" not in p.relative_to(PACKAGE).parts]
    return [README, *sorted(sources)]


def _resolves(dotted: str) -> bool:
    import importlib

    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def test_names_the_docs_mention_exist():
    """Every ``autonomo.x.y``, every quoted ``folder/file.py`` and every document (``NAME.md``)
    that the README or a module mentions still exists (after a rename, the old names must go
    from the docs too)."""
    stale = []
    for doc in _documents():
        text = doc.read_text()
        for dotted in set(re.findall(r"\bautonomo(?:\.\w+)+", text)):
            if not dotted.endswith((".toml", ".db")) and f'getLogger("{dotted}' not in text \
                    and not _resolves(dotted):
                stale.append(f"{doc.relative_to(ROOT)}: {dotted}")
        for path in set(re.findall(r"`((?:\w[\w.-]*/)+[\w.-]+\.(?:py|md|yaml|json))`", text)):
            if not any((base / path).exists() for base in (ROOT, PACKAGE, doc.parent)):
                stale.append(f"{doc.relative_to(ROOT)}: {path}")
        documents = set(re.findall(r"\b[A-Z]+\.md\b", text))
        stale += [f"{doc.relative_to(ROOT)}: {name}" for name in documents
                  if not (ROOT / name).exists()]
    assert stale == []
