"""``autonomo config show | trust | untrust``: which configuration files apply, and trusting
the ones in the current folder (see ``autonomo.config_files``)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from autonomo.cli.common import console, report_config_files
from autonomo.config_files import PROJECT_FILES, find_config_files, trust, untrust
from autonomo.errors import UserError

config_app = typer.Typer(help="Show the configuration files; trust the current folder's.",
                         no_args_is_help=True)

#: settings worth a second look before trusting a file: they run programs, change the
#: sandbox or decide where keys and data are sent
SENSITIVE = ("mcp_servers", "sandbox", "base_url", "api_key", "headers", "web",
             "data_dir", "embedding_base_url", "record_to", "plugins_disabled", "server",
             "token")


def register(app: typer.Typer) -> None:
    app.add_typer(config_app, name="config")


@config_app.command("show")
def show() -> None:
    """Which configuration files apply here, and which are ignored (and why)."""
    files = find_config_files()
    if not files.files:
        console().print("No configuration file: the defaults and AUTONOMO_* variables apply.")
        return
    report_config_files(files, again=True, out=console())


def _project_files(files: list[Path] | None) -> list[Path]:
    if files:
        return files
    found = [Path(name) for name in PROJECT_FILES if Path(name).is_file()]
    if not found:
        raise UserError("No autonomo.toml or .env in the current folder; name the file to "
                        "trust.")
    return found


@config_app.command("trust")
def trust_files(
    files: Annotated[list[Path] | None, typer.Argument(
        help="Files to trust (default: ./autonomo.toml and ./.env).")] = None,
) -> None:
    """Trust these files as they are now: they apply until they change."""
    out = console()
    for path in _project_files(files):
        trust(path)
        keys = _sensitive_keys(path)
        out.print(f"Trusted {escape(str(path.resolve()))} as it is now.", soft_wrap=True)
        if keys:
            out.print("[yellow]It sets:[/] " + escape(", ".join(keys)), soft_wrap=True)


@config_app.command("untrust")
def untrust_files(
    files: Annotated[list[Path] | None, typer.Argument(
        help="Files to stop trusting (default: ./autonomo.toml and ./.env).")] = None,
) -> None:
    """Stop applying these files."""
    for path in _project_files(files):
        done = untrust(path)
        console().print(("No longer trusted: " if done else "Was not trusted: ")
                        + escape(str(path.resolve())))


def _sensitive_keys(path: Path) -> list[str]:
    """The sensitive settings a file sets, as dotted names (for the user to double-check)."""
    text = path.read_text(encoding="utf-8")
    if path.name == ".env":
        names = [line.split("=", 1)[0].strip().removeprefix("export ").strip()
                 for line in text.splitlines() if "=" in line and not line.startswith("#")]
        return [n for n in names if any(word.upper() in n.upper() for word in SENSITIVE)
                or not n.upper().startswith("AUTONOMO_")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return []
    return [key for key in _dotted(data) if any(word in key for word in SENSITIVE)]


def _dotted(data: dict[str, Any], prefix: str = "") -> list[str]:
    keys: list[str] = []
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            keys.extend(_dotted(value, name + "."))
        else:
            keys.append(name)
    return keys
