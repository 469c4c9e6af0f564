"""The ``autonomo`` command line (typer).

Adding subcommands: a module of ``autonomo.cli``, named for the subcommand or group it
defines (``cli/memory.py`` for ``autonomo memory …``), defines
``register(app: typer.Typer) -> None`` and adds them there — ``app.command("run")(run)`` for a
subcommand, ``app.add_typer(memory_app, name="memory")`` for a group — and
``_register_subcommands`` below imports it and calls ``register(app)``. Import heavy layers
(agent, team, llama-cpp) inside the subcommand functions, so that ``autonomo --help`` stays
fast. ("Command" alone means an agent's tool, ``autonomo.tools.registry.Command``.)

A subcommand returns its exit code (an int) or None for 0. A ``UserError`` (bad configuration,
missing key, ...) is printed in red without a traceback and exits with 2; other autonomo
errors (provider failures, budget) exit with 1. Tests call ``main([...])`` directly.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from autonomo import __version__
from autonomo.cli.common import console, err_console, reset_report
from autonomo.cli.safe_console import install_safe_log_output
from autonomo.config_files import use_config_file
from autonomo.errors import AutonomoError, UserError

app = typer.Typer(
    name="autonomo",
    help="Autonomous LLM agents and SOP-driven agent teams, offline by default.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        console().print(f"autonomo {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version."),
    ] = False,
    config: Annotated[
        Path | None,
        typer.Option("--config", metavar="FILE",
                     help="Use this configuration file instead of the others (as "
                          "$AUTONOMO_CONFIG does)."),
    ] = None,
) -> None:
    """Autonomous LLM agents and SOP-driven agent teams, offline by default.

    Configuration: arguments > AUTONOMO_* environment variables (then a trusted ./.env) >
    --config FILE, else a trusted ./autonomo.toml over <data dir>/config.toml > defaults.
    Files in the current folder apply only after `autonomo config trust`.
    """
    use_config_file(config)


def _register_subcommands(target: typer.Typer) -> None:
    from autonomo.cli import agents, bench, config, memory, models, serve, sop, team

    for group in (config, models, agents, memory, serve, team, sop, bench):
        group.register(target)


_register_subcommands(app)


def _plain_help(cli: object) -> None:
    """Use click's help layout everywhere: typer's rich one prints a type after every flag
    (``--continuous -c <bool>``), which reads as if the flag took a value."""
    cli.rich_markup_mode = None  # type: ignore[attr-defined]
    for sub in getattr(cli, "commands", {}).values():
        _plain_help(sub)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI with ``argv`` (default: the process arguments); return the exit code."""
    cli = typer.main.get_command(app)
    _plain_help(cli)
    args = list(sys.argv[1:] if argv is None else argv)
    if (bad := _not_utf8(args)) is not None:
        err_console().print(f"[red]Error:[/red] {escape(bad)}")
        return 2
    reset_report()
    install_safe_log_output()
    try:
        result = cli.main(args=args, prog_name="autonomo", standalone_mode=False)
    except UserError as exc:
        err_console().print(f"[red]Error:[/red] {escape(str(exc))}")
        return 2
    except AutonomoError as exc:
        err_console().print(f"[red]{escape(type(exc).__name__)}:[/red] {escape(str(exc))}")
        return 1
    except typer.Exit as exc:
        return exc.exit_code
    except typer.TyperException as exc:  # usage errors; show() prints the message or help
        context = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and context is not None:
            typer.echo(context.get_help())  # `autonomo` alone: the help, on stdout
            return 0
        show = getattr(exc, "show", None)
        if show is not None:
            show()
        else:
            err_console().print(escape(exc.format_message()))
        return exc.exit_code
    except (typer.Abort, KeyboardInterrupt):
        err_console().print("Interrupted.")
        return 130
    finally:
        use_config_file(None)
    return result if isinstance(result, int) else 0


def _not_utf8(args: list[str]) -> str | None:
    """Why an argument cannot be used: bytes that are not UTF-8 (a Latin-1 terminal) reach
    Python as lone surrogates, which no file or database of autonomo can hold."""
    from autonomo.tools.fstree import shown

    for number, arg in enumerate(args, 1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            return (f"argument {number} (\"{shown(arg)[:80]}\") is not valid UTF-8 text; set "
                    "the terminal to UTF-8 (e.g. LANG=C.UTF-8) and type it again.")
    return None


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())


if __name__ == "__main__":
    run()
