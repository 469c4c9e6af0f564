"""``autonomo sop``: run, validate, show, list and resume SOP runs; generate one (AutoAgents)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from autonomo.cli.common import console

sop_app = typer.Typer(help="Teams that follow an SOP: autonomo YAML, ChatDev companies, "
                           "aiwaves config.json.", no_args_is_help=True)

ModelOpt = Annotated[str | None, typer.Option(help="Model name or GGUF path.")]
ProviderOpt = Annotated[str | None, typer.Option(help="local, openai, azure, replay …")]
BaseUrlOpt = Annotated[str | None, typer.Option(help="OpenAI-compatible endpoint.")]


def register(app: typer.Typer) -> None:
    app.add_typer(sop_app, name="sop")


def _settings(model: str | None, provider: str | None, base_url: str | None):
    from autonomo.cli.agents import settings_from

    return settings_from(model=model, provider=provider, base_url=base_url)


def _models(settings):
    from autonomo.llm.factory import create_model_pair

    pair = create_model_pair(settings.llm)
    return pair.fast, pair.smart


ModelMapOpt = Annotated[list[str] | None, typer.Option(
    "--model-map", help="NAME=MODEL: an SOP's model name (an aiwaves LLM block, a role's "
    "model) played by a model of llm.models, or fast / smart / default. Repeatable.")]


def _model_map(pairs: list[str] | None) -> dict[str, str]:
    from autonomo.errors import UserError

    mapping = {}
    for pair in pairs or []:
        name, sep, target = pair.partition("=")
        if not sep or not name.strip() or not target.strip():
            raise UserError(f"--model-map {pair!r}: write NAME=MODEL, e.g. gpt-4=smart.")
        mapping[name.strip()] = target.strip()
    return mapping


def _ask(question: str) -> str:
    return console().input(f"[bold]{escape(question)}[/] > ")


@sop_app.command("validate")
def validate(path: Annotated[Path, typer.Argument(help="SOP file, ChatDev company folder "
                                                     "or aiwaves config.json.")]) -> None:
    """Check an SOP without running it; errors name file, line and field."""
    from autonomo.team.sop.load import load_sop

    spec = load_sop(path)
    chats = sum(1 for s in spec.states.values() if s.kind == "chat")
    console().print(f"[green]valid[/] {spec.format} SOP {escape(spec.name)}: {len(spec.roles)} "
                    f"roles, {chats} chat states, starts at {escape(spec.start)}")
    extras = [call.name for call in (*spec.setup, *spec.teardown)]
    if extras:
        console().print(f"  before/after the chain: {escape(', '.join(extras))}")
    for name, users in spec.model_names().items():
        console().print(f"  model {escape(name)}: {escape(', '.join(users))[:200]}")


@sop_app.command("run")
def run(
    path: Annotated[Path, typer.Argument(help="SOP file, ChatDev company folder or aiwaves "
                                              "config.json (recognised from its content).")],
    task: Annotated[str, typer.Option(help="The task (fills {task}).")] = "",
    workspace: Annotated[Path | None, typer.Option(help="Folder the team works in.")] = None,
    budget: Annotated[float | None, typer.Option(help="Most US dollars to spend.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the random speaker choice.")] = 0,
    full: Annotated[bool, typer.Option(help="Show whole messages.")] = False,
    model_map: ModelMapOpt = None,
    code_from: Annotated[Path | None, typer.Option(
        help="incremental_develop (ChatDev): the folder whose code the team builds on "
             "(default: the workspace's own code).")] = None,
    model: ModelOpt = None, provider: ProviderOpt = None, base_url: BaseUrlOpt = None,
) -> int:
    """Run an SOP, showing the chain live; every event is saved as it happens."""
    from autonomo.team.sop.display import SopDisplay
    from autonomo.team.sop.engine import SopRun
    from autonomo.team.sop.load import load_sop
    from autonomo.team.sop.store import SopStore
    from autonomo.tools.workspace import folder_name

    spec = load_sop(path)  # invalid: nothing runs
    settings = _settings(model, provider, base_url)
    fast, smart = _models(settings)
    store = SopStore(settings.data_dir)
    folder = workspace or settings.data_dir / "sop_workspaces" / folder_name(spec.name, "sop")
    sop_run = SopRun(spec, task, model=fast, smart_model=smart, workspace=folder,
                     settings=settings, store=store, observer=SopDisplay(console(), full=full),
                     ask_human=_ask, seed=seed, budget=budget,
                     model_map=_model_map(model_map), code_from=code_from)
    console().print(f"[dim]run {sop_run.run_id}[/]")
    result = sop_run.run()
    store.close()
    return 0 if result.status == "finished" else 1


@sop_app.command("show")
def show(run_id: Annotated[str, typer.Argument(help="A run id (or its start).")],
         full: Annotated[bool, typer.Option(help="Show whole messages.")] = False,
         json_out: Annotated[Path | None, typer.Option("--json", help="Also write the events "
                                                        "to this JSON file.")] = None) -> None:
    """Replay a saved run from its events, without a model."""
    import json

    from autonomo.cli.common import settings
    from autonomo.team.sop.display import SopDisplay
    from autonomo.team.sop.store import SopStore

    store = SopStore(settings().data_dir)
    record = store.get(run_id)
    display = SopDisplay(console(), full=full)
    for event in store.events(record.id):
        display.on_event(event)
    if record.status == "running":
        console().print(f"[yellow]This run did not finish; `autonomo sop resume {record.id}` "
                        "goes on from its last checkpoint.[/]")
    if json_out:
        json_out.write_text(json.dumps(store.data(record.id), indent=2))


@sop_app.command("list")
def list_runs() -> None:
    """Saved SOP runs, newest first."""
    from autonomo.cli.common import settings
    from autonomo.team.sop.store import SopStore

    for r in SopStore(settings().data_dir).list():
        console().print(f"{r.id}  {escape(r.name)}  [dim]{r.format} {r.status}[/]  "
                        f"{escape(r.task[:60])}")


@sop_app.command("resume")
def resume(
    run_id: Annotated[str, typer.Argument(help="A run id (or its start).")],
    full: Annotated[bool, typer.Option(help="Show whole messages.")] = False,
    model_map: ModelMapOpt = None,
    model: ModelOpt = None, provider: ProviderOpt = None, base_url: BaseUrlOpt = None,
) -> int:
    """Go on with an unfinished run from its last checkpoint (the start of a state)."""
    from autonomo.team.sop.display import SopDisplay
    from autonomo.team.sop.resume import resume_run
    from autonomo.team.sop.store import SopStore

    settings = _settings(model, provider, base_url)
    fast, smart = _models(settings)
    store = SopStore(settings.data_dir)
    result = resume_run(store, run_id, model=fast, smart_model=smart, settings=settings,
                        observer=SopDisplay(console(), full=full), ask_human=_ask,
                        model_map=_model_map(model_map))
    return 0 if result.status == "finished" else 1


@sop_app.command("generate")
def generate_sop(
    task: Annotated[str, typer.Option(help="The task the team is generated for.")],
    out: Annotated[Path | None, typer.Option(help="Where to write the SOP file.")] = None,
    rounds: Annotated[int, typer.Option(help="Most planner/observer rounds.")] = 3,
    model: ModelOpt = None, provider: ProviderOpt = None, base_url: BaseUrlOpt = None,
) -> None:
    """Generate expert roles and a plan for a task (AutoAgents) as an SOP file to run."""
    from autonomo import Workbench
    from autonomo.team.sop.autoagents import generate, write
    from autonomo.team.sop.display import SopDisplay
    from autonomo.team.sop.load import load_sop

    settings = _settings(model, provider, base_url)
    fast, _ = _models(settings)
    bench = Workbench.open(settings, models=fast)
    commands = {c.name: c.description.splitlines()[0] for c in bench.all_commands()
                if c.is_enabled(settings) and c.name != "finish"}
    bench.store.close()
    generated = generate(task, fast, commands, rounds=rounds,
                         observer=SopDisplay(console()))
    path = out or Path(f"{generated.sop['name']}.sop.yaml")
    write(generated, path)
    spec = load_sop(path)  # what was written validates (or this says why not)
    status = "accepted by both observers" if generated.accepted else (
        f"not accepted after {generated.rounds} rounds; repaired where code could")
    console().print(f"[green]wrote[/] {escape(str(path))}: {len(spec.roles)} roles, "
                    f"{len(spec.states)} steps, {status}. Run it with "
                    f"`autonomo sop run {escape(str(path))} --task ...`.")
