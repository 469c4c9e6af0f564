"""``autonomo bench run | report | runs | list``: agent benchmarks (agbenchmark format)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from autonomo.cli.common import console, override_model
from autonomo.cli.common import settings as settings_now
from autonomo.errors import UserError

if TYPE_CHECKING:
    from autonomo.bench.execute import ChallengeResult

bench_app = typer.Typer(help="Benchmark agents on challenges (AutoGPT agbenchmark format).",
                        no_args_is_help=True)

SuitesArg = Annotated[list[str] | None, typer.Argument(
    help="Challenge folders (or folders above them), or 'builtin' / 'builtin/CATEGORY'.")]


def _agent_settings(agent: Path | None, model: str | None, provider: str | None,
                    base_url: str | None, data_dir: Path | None) -> Any:
    overrides: dict[str, Any] = {}
    if agent is not None:
        try:
            overrides = tomllib.loads(agent.read_text("utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise UserError(f"--agent {agent}: not a readable TOML config file: {exc}") from exc
    if data_dir is not None:
        overrides["data_dir"] = str(data_dir)
    settings = settings_now(overrides)
    settings.llm.fast = override_model(settings.llm.fast, provider=provider, model=model,
                                       base_url=base_url)
    return settings


def _check_target(sop: Path | None, team: str | None) -> None:
    if sop is not None and team is not None:
        raise UserError("Give --sop or --team, not both.")
    if sop is not None:
        from autonomo.team.sop.load import load_sop

        load_sop(sop)  # an invalid SOP is reported before anything runs
    if team is not None and ":" not in team:
        raise UserError(f"--team {team}: give module:function (a function that builds the "
                        "team; see autonomo.bench.targets).")


@bench_app.command("run")
def run(
    suites: SuitesArg = None,
    agent: Annotated[Path | None, typer.Option(
        "--agent", help="A TOML config file for the agent under test.")] = None,
    sop: Annotated[Path | None, typer.Option("--sop", help="Run an SOP file instead.")] = None,
    team: Annotated[str | None, typer.Option(
        "--team", help="module:function building a team to run instead of one agent.")
    ] = None,
    model: Annotated[str | None, typer.Option("--model", help="The model to test.")] = None,
    provider: Annotated[str | None, typer.Option("--provider")] = None,
    base_url: Annotated[str | None, typer.Option("--base-url")] = None,
    models: Annotated[str | None, typer.Option(
        "--models", help="module:function returning the model(s) (e.g. scripted ones).")
    ] = None,
    grader: Annotated[str | None, typer.Option(
        "--grader", help="module:function returning the grader of llm evals "
                         "(default: the model under test).")] = None,
    strategy: Annotated[str | None, typer.Option("--strategy")] = None,
    max_steps: Annotated[int, typer.Option("--max-steps", help="Most steps per challenge.")
                         ] = 20,
    repeat: Annotated[int, typer.Option("--repeat", min=1, help="Run each challenge N times.")
                      ] = 1,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="local|auto|ADDRESS",
        help="Run on Ray: 'local' starts a local cluster, 'auto' or an address joins one.")
    ] = None,
    max_concurrency: Annotated[int | None, typer.Option(
        "--max-concurrency", min=1, help="Most challenges in flight (Ray).")] = None,
    category: Annotated[list[str] | None, typer.Option(
        "--category", help="Only these categories (and what they depend on).")] = None,
    keep_workspaces: Annotated[bool, typer.Option("--keep-workspaces")] = False,
    report: Annotated[Path | None, typer.Option("--report", help="Write an HTML report.")
                      ] = None,
    data_dir: Annotated[Path | None, typer.Option("--data-dir")] = None,
) -> int:
    """Run challenges against an agent and store the results."""
    from autonomo.bench.agents import AgentSpec
    from autonomo.bench.challenge import load_suite
    from autonomo.bench.runner import InProcessExecutor, new_run_id
    from autonomo.bench.store import BenchStore

    _check_target(sop, team)
    suite = load_suite(*(suites or ["builtin"]))
    if category:
        suite = suite.select(categories=category)
    settings = _agent_settings(agent, model, provider, base_url, data_dir)
    if any(c.folder("web") for c in suite):
        # the harness serves web challenges' pages on 127.0.0.1 itself
        settings.web.allow_private_addresses = True
    spec = AgentSpec(settings=settings.model_dump(mode="json"), models=models, grader=grader,
                     max_steps=max_steps, strategy=strategy, team=team,
                     sop=str(sop.resolve()) if sop else None)
    run_id = new_run_id()
    if ray:
        from autonomo.bench.ray_executor import RayExecutor, start_ray

        start_ray(None if ray == "local" else ray)
        executor: Any = RayExecutor(spec, run_id, max_concurrency=max_concurrency,
                                    keep_workspaces=keep_workspaces)
    else:
        executor = InProcessExecutor(spec, run_id, keep_workspaces=keep_workspaces)
    store = BenchStore(settings.data_dir)
    labels = {"suite": " ".join(suites or ["builtin"]), "agent": spec.describe(),
              "max_steps": str(max_steps)}
    out = console()
    out.print(f"Run {run_id}: {len(suite)} challenge(s) × {repeat} on {executor.name}, "
              f"agent {escape(spec.describe())}.")
    try:
        results = _run_with_progress(suite, executor, run_id, repeat, store, labels)
    finally:
        executor.close()
        if ray:
            executor.ray.shutdown()  # stops a local cluster; disconnects from a joined one
    print_results(results)
    if report is not None:
        _write(report, store, run_id, None, settings.data_dir)
    failed = sum(r.status != "pass" for r in results)
    out.print(f"Stored as {run_id} in {settings.data_dir / 'bench.db'}; "
              f"`autonomo bench report {run_id}` writes the HTML report.")
    return 0 if not failed else 1


def _run_with_progress(suite: Any, executor: Any, run_id: str, repeat: int, store: Any,
                       labels: dict[str, str]) -> list[ChallengeResult]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from autonomo.bench.runner import run_suite

    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), console=console(),
                  transient=False) as progress:
        bar = progress.add_task("challenges", total=len(suite) * repeat)

        def on_result(result: ChallengeResult, done: int, total: int) -> None:
            style = {"pass": "green", "fail": "red"}.get(result.status, "dim")
            progress.update(bar, completed=done,
                            description=f"[{style}]{result.status}[/] {escape(result.challenge)}")

        return run_suite(suite, executor, run_id=run_id, repeat=repeat, store=store,
                         on_result=on_result, labels=labels)


def print_results(results: list[ChallengeResult]) -> None:
    from autonomo.bench.report import summarize

    table = Table(title="Results")
    for name in ("challenge", "#", "category", "result", "steps", "tokens", "cached", "s",
                 "reason"):
        table.add_column(name, overflow="fold")
    for r in results:
        style = {"pass": "green", "fail": "red"}.get(r.status, "dim")
        cached = f"{100 * r.cached_tokens / r.prompt_tokens:.0f}%" if r.prompt_tokens else "-"
        table.add_row(escape(r.challenge), str(r.attempt), r.category,
                      f"[{style}]{r.status}[/]", str(r.steps),
                      str(r.prompt_tokens + r.completion_tokens), cached, f"{r.wall_s:.1f}",
                      escape(r.reason[:120]))
    out = console()
    out.print(table)
    summary = summarize(results)
    rates = ", ".join(f"{k} {v.passed}/{v.total}" for k, v in summary.by_category.items())
    out.print(f"Passed {summary.overall.passed}/{summary.overall.total} "
              f"({summary.overall.rate:.0%}). By category: {rates}.")


def _write(path: Path, store: Any, run_id: str, other_id: str | None, data_dir: Path) -> None:
    from autonomo.bench.report import write_report

    run_info = store.run(run_id)
    other = None
    if other_id:
        other_info = store.run(other_id)
        other = (other_info, store.results(other_info["id"]))
    write_report(path, run_info, store.results(run_info["id"]), data_dir=data_dir, other=other)
    console().print(f"Wrote {path}.")


@bench_app.command("report")
def show_report(
    run_id: Annotated[str, typer.Argument(help="The run (id or unique prefix).")],
    baseline: Annotated[str | None, typer.Argument(
        help="An earlier run to compare with.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="The HTML file to write.")] = None,
) -> None:
    """Print a run's results and write its HTML report (with RUN2: what got better/worse)."""
    from autonomo.bench.report import compare
    from autonomo.bench.store import BenchStore

    settings = settings_now()
    store = BenchStore(settings.data_dir)
    info = store.run(run_id)
    results = store.results(info["id"])
    print_results(results)
    if baseline:
        old = store.results(store.run(baseline)["id"])
        better, worse = compare(old, results)
        for label, changes in (("Better", better), ("Worse", worse)):
            names = ", ".join(f"{c.challenge} ({c.before} → {c.after})" for c in changes)
            console().print(f"{label}: {escape(names) or 'none'}")
    path = out or Path(f"bench-{info['id']}.html")
    _write(path, store, info["id"], baseline, settings.data_dir)


@bench_app.command("runs")
def list_runs() -> None:
    """The stored benchmark runs, newest first."""
    from autonomo.bench.report import summarize
    from autonomo.bench.store import BenchStore

    store = BenchStore(settings_now().data_dir)
    table = Table()
    for name in ("run", "started", "suite", "agent", "executor", "passed"):
        table.add_column(name)
    for run_info in store.runs():
        summary = summarize(store.results(run_info["id"]))
        table.add_row(run_info["id"], run_info["started_at"], escape(run_info["suite"]),
                      escape(run_info["agent"]), run_info["executor"],
                      f"{summary.overall.passed}/{summary.overall.total}")
    console().print(table)


@bench_app.command("list")
def list_challenges(suites: SuitesArg = None) -> None:
    """The challenges of a suite, in dependency order."""
    from autonomo.bench.challenge import load_suite

    table = Table()
    for name in ("challenge", "category", "difficulty", "eval", "cutoff", "depends on"):
        table.add_column(name)
    for c in load_suite(*(suites or ["builtin"])):
        table.add_row(c.name, ", ".join(c.category), c.difficulty, c.ground.eval.type,
                      f"{c.cutoff:g}", ", ".join(c.dependencies))
    console().print(table)


def register(app: typer.Typer) -> None:
    app.add_typer(bench_app, name="bench")
