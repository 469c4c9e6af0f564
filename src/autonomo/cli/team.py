"""``autonomo team run|resume|list|show`` and ``autonomo data``."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, get_type_hints

import typer
from rich.markup import escape

from autonomo.cli.safe_console import SafeConsole
from autonomo.config import Settings
from autonomo.errors import UserError

if TYPE_CHECKING:  # the team layer is imported inside the subcommands: `--help` stays fast
    from autonomo.team.team import Team, TeamResult

#: untrusted text (model output, stop reasons, names) is printed: no terminal escapes
console = SafeConsole(highlight=False)
team_app = typer.Typer(help="Teams of agents (MetaGPT style): run, resume, list, show.",
                       no_args_is_help=True)

ModelOpt = Annotated[str | None, typer.Option(help="Model name or GGUF path.")]
ProviderOpt = Annotated[str | None, typer.Option(help="local, openai, azure, scripted …")]
BaseUrlOpt = Annotated[str | None, typer.Option(help="OpenAI-compatible endpoint.")]
BudgetOpt = Annotated[float | None, typer.Option(help="Most US dollars the team may spend.")]
RoundsOpt = Annotated[int | None, typer.Option("--rounds", "-n", help="Most rounds.")]
DebugOpt = Annotated[bool, typer.Option("--debug", help="Show every model call.")]


#: the options every subcommand that builds a team takes for its model
_MODEL_OPTIONS = {"model": ModelOpt, "provider": ProviderOpt, "base_url": BaseUrlOpt}


def with_model_options(subcommand: Callable[..., None]) -> Callable[..., None]:
    """``subcommand`` gains --model, --provider and --base-url, and is called with ``settings``
    (the fast model overridden by them) in their place."""
    hints = get_type_hints(subcommand, include_extras=True)
    signature = inspect.signature(subcommand)
    params = [p.replace(annotation=hints[p.name]) for p in signature.parameters.values()
              if p.name != "settings"]
    params += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                 annotation=kind) for name, kind in _MODEL_OPTIONS.items()]

    @functools.wraps(subcommand)
    def with_settings(**values: Any) -> None:
        from autonomo.cli.agents import settings_from

        chosen = {name: values.pop(name) for name in _MODEL_OPTIONS}
        subcommand(settings=settings_from(**chosen), **values)

    with_settings.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    with_settings.__annotations__ = {p.name: p.annotation for p in params}
    return with_settings


def _team(settings: Settings, spec: dict[str, Any], *, debug: bool, **kwargs: Any) -> Team:
    from autonomo.cli.common import build_model
    from autonomo.cli.team_terminal import TeamTerminal
    from autonomo.team.loader import build_roles
    from autonomo.team.store import TeamStore
    from autonomo.team.team import Team

    roles = build_roles(spec)
    store = TeamStore(settings.data_dir)
    model = build_model(settings.llm.fast, settings)
    observer = TeamTerminal(console, debug=debug)
    services = {"settings": settings}
    fsync = settings.agent.fsync_steps
    if "team_id" in kwargs:
        return Team.resume(kwargs.pop("team_id"), store, model, roles, observer=observer,
                           services=services, fsync=fsync)
    return Team(store, model, roles=roles, spec=spec, observer=observer, services=services,
                fsync=fsync, **kwargs)


def _drive(team: Team, rounds: int | None, idea: str | None = None) -> int:
    from autonomo.cli.team_terminal import usage_table

    console.print(f"[dim]team {team.state.id} · workspace {team.workspace}[/]")
    try:
        result: TeamResult = team.run(n_round=rounds, idea=idea)
    except KeyboardInterrupt:
        console.print(f"\n[yellow]Interrupted. Resume with `autonomo team resume "
                      f"{team.state.id}`.[/]")
        return 130
    finally:
        team.model.close()
        team.store.close()
    colour = {"finished": "green", "stopped": "yellow"}.get(result.status, "red")
    console.print(f"[{colour}]{result.status}[/] after {result.rounds} round(s): "
                  f"{escape(result.reason)}")
    console.print(usage_table(result.usage))
    if result.status == "stopped":
        console.print(f"[dim]Go on with `autonomo team resume {team.state.id}` "
                      "(--rounds, --budget).[/]")
    return 0 if result.status in ("finished", "stopped") else 1


@team_app.command("run")
@with_model_options
def team_run(
    target: Annotated[str, typer.Argument(help="A module (autonomo.team.examples.debate) or a "
                                               ".py file defining roles().")],
    idea: Annotated[str, typer.Option("--idea", "-i", help="What the team should do.")],
    rounds: RoundsOpt = 5,
    budget: BudgetOpt = None,
    workspace: Annotated[Path | None, typer.Option(help="Folder the team works in.")] = None,
    debug: DebugOpt = False,
    *,
    settings: Settings,
) -> None:
    """Hire the roles of TARGET and run them on an idea."""
    from autonomo.team.loader import prepare, spec_for
    spec = spec_for(target)
    team = _team(settings, spec, debug=debug, investment=budget, workspace=workspace,
                 name=str(spec.get("module") or Path(spec["file"]).stem))
    prepare(spec, team.workspace)
    raise typer.Exit(_drive(team, rounds, idea))


@team_app.command("resume")
@with_model_options
def team_resume(
    team_id: Annotated[str, typer.Argument(help="Team id (or a unique prefix).")],
    rounds: Annotated[int | None, typer.Option("--rounds", "-n", help="More rounds to allow.")
                      ] = None,
    budget: BudgetOpt = None,
    debug: DebugOpt = False,
    *,
    settings: Settings,
) -> None:
    """Go on with a team that stopped, or was killed, where it left off."""
    from autonomo.team.store import TeamStore
    store = TeamStore(settings.data_dir)
    state = store.load(team_id)
    store.close()
    team = _team(settings, state.spec, debug=debug, team_id=state.id)
    if budget is not None:
        team.invest(budget)
    if team.state.status == "finished" and rounds is None:
        raise UserError(f"Team {state.id} has finished; give --rounds to run more rounds.")
    raise typer.Exit(_drive(team, rounds if rounds is None else team.state.round + rounds))


@team_app.command("list")
def team_list() -> None:
    """Teams in the data directory, newest first."""
    from autonomo.config import load_settings
    from autonomo.team.store import TeamStore

    store = TeamStore(load_settings().data_dir)
    for state in store.list():
        console.print(f"{state.id}  [bold]{escape(state.name)}[/]  [dim]{state.status}, "
                      f"round {state.round}/{state.n_round}[/]  {escape(state.idea[:60])}")
    store.close()


@team_app.command("show")
def team_show(team_id: Annotated[str, typer.Argument(help="Team id (or a unique prefix).")]
              ) -> None:
    """A team's whole history: who said what to whom, round by round."""
    from autonomo.cli.team_terminal import shown
    from autonomo.config import load_settings
    from autonomo.team.store import TeamStore

    store = TeamStore(load_settings().data_dir)
    state = store.load(team_id)
    console.print(f"[bold]{escape(state.name)}[/] {state.id} · {state.status} · "
                  f"{escape(state.stop_reason)}")
    for message, recipients, _turn in store.messages(state.id):
        to = ", ".join(recipients) or "nobody"
        console.print(f"[dim]r{message.round}[/] [bold magenta]{escape(message.sent_from)}"
                      f"[/] → {escape(to)} [dim]{escape(message.cause_by)}[/]")
        console.print(shown(message.content, 400))
    store.close()


@with_model_options
def data(
    request: Annotated[str, typer.Argument(help="What to find out from the data.")],
    file: Annotated[list[Path] | None, typer.Option("--file", "-f",
                                                    help="A data file to analyse.")] = None,
    rounds: RoundsOpt = 3,
    review: Annotated[str, typer.Option(help="Who checks the plan and each result: auto "
                                             "(the code ran) or human (you).")] = "auto",
    budget: BudgetOpt = None,
    debug: DebugOpt = False,
    *,
    settings: Settings,
) -> None:
    """DataInterpreter: plan, write and run analysis code in a sandboxed Jupyter kernel."""
    from autonomo.team.files import write_file
    if review not in ("auto", "human"):
        raise UserError(f"--review is auto or human, not {review!r}.")
    spec = {"kind": "python", "module": "autonomo.team.data_interpreter", "function": "roles",
            "options": {"review": review}}
    for path in file or []:
        if not path.is_file():
            raise UserError(f"No data file {path}.")
    team = _team(settings, spec, debug=debug, investment=budget, name="data")
    for path in file or []:
        write_file(team.workspace, path.name, path.read_bytes())
    if file:
        request += "\nData files: " + ", ".join(path.name for path in file)
    raise typer.Exit(_drive(team, rounds, request))


def register(app: typer.Typer) -> None:
    app.add_typer(team_app, name="team")
    app.command("data")(data)
