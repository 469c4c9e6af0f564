"""``autonomo run``, ``autonomo agents …`` and ``autonomo log``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
import yaml
from rich.markup import escape
from rich.table import Table

from autonomo.cli.common import override_model, settings, warn_if_unsandboxed
from autonomo.cli.safe_console import SafeConsole
from autonomo.config import Settings
from autonomo.errors import UserError

if TYPE_CHECKING:  # the agent layer is imported inside the subcommands: `--help` stays fast
    from autonomo.agent.agent import Agent
    from autonomo.agent.profile import AgentProfile

console = SafeConsole(highlight=False)

ContinuousOpt = Annotated[bool, typer.Option("--continuous", "-c",
                                             help="Run without asking before each command.")]
LimitOpt = Annotated[int | None, typer.Option("--limit", "-l",
                                              help="Most steps in this run.")]
DebugOpt = Annotated[bool, typer.Option("--debug", help="Show every prompt and response.")]
SpeakOpt = Annotated[bool, typer.Option("--speak", help="Read the agent's 'speak' aloud.")]


def settings_from(
    *, model: str | None = None, provider: str | None = None, base_url: str | None = None,
    strategy: str | None = None, budget: float | None = None, data_dir: Path | None = None,
) -> Settings:
    overrides: dict[str, Any] = {}
    agent: dict[str, Any] = {}
    if strategy:
        agent["strategy"] = strategy
    if budget is not None:
        agent["budget"] = budget
    if agent:
        overrides["agent"] = agent
    if data_dir:
        overrides["data_dir"] = str(data_dir)
    current = settings(overrides)
    current.llm.fast = override_model(current.llm.fast, provider=provider, model=model,
                                       base_url=base_url)
    return current


def drive(agent: Agent, *, continuous: bool, limit: int | None, debug: bool, speak: bool,
          interactive: bool) -> int:
    """Run the agent; in interactive mode, offer a follow-up task after each finish."""
    from autonomo.agent.approval import AutoApproval
    from autonomo.agent.runner import Runner
    from autonomo.cli.terminal import TerminalApproval, TerminalObserver

    approval = AutoApproval() if continuous else TerminalApproval(console)
    observer = TerminalObserver(console, debug=debug, speak=speak)
    while True:
        try:
            result = Runner(agent, approval, observer).run(max_steps=limit)
        except KeyboardInterrupt:
            observer.close()  # the spinner of a model call that will never return
            agent.state.status, agent.state.stop_reason = "stopped", "Interrupted (Ctrl-C)."
            agent.store.save(agent.state)
            console.print(f"\n[yellow]Stopped. Resume with `autonomo agents resume "
                          f"{agent.state.id}`.[/]")
            return 130
        if result.status != "finished" or not interactive:
            # only a finish the record supports is success; a run that stopped on its own
            # (step limit, budget) says so in its exit code, also in interactive mode; a
            # run the user stopped at a prompt does not
            by_user = interactive and result.reason.startswith("Stopped by the user")
            stopped = 0 if by_user else 3
            return {"finished": 0, "stopped": stopped,
                    "unverified": UNVERIFIED_EXIT}.get(result.status, 1)
        task = console.input("Follow-up task for the same agent (Enter or n to quit): ").strip()
        if task.lower() in QUIT_ANSWERS:
            return 0
        agent.follow_up(task)


#: the exit code of a run that ended with a finish the verifiers could not confirm
UNVERIFIED_EXIT = 4

#: answers to the follow-up prompt that mean "no more tasks", not a task called "n"
QUIT_ANSWERS = ("", "n", "no", "q", "quit", "exit")


def _saved_profile_path(current: Settings) -> Path:
    return current.data_dir / "ai_settings.yaml"


def _profile_from_options(current: Settings, name: str | None, role: str | None,
                          goals: list[str] | None, interactive: bool) -> AgentProfile | None:
    """A user-given profile (saved for next time), the saved one if accepted, else None."""
    from autonomo.agent.profile import AgentProfile

    path = _saved_profile_path(current)
    if name or role or goals:
        profile = AgentProfile(name=name or "Autonomo", role=role or AgentProfile().role,
                               goals=(goals or [])[:5])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml.safe_dump(profile.model_dump(), sort_keys=False))
        return profile
    if interactive and path.is_file():
        saved = AgentProfile.model_validate(yaml.safe_load(path.read_text()))
        answer = console.input(
            f"Use the last settings? [bold]{escape(saved.name)}[/], {escape(saved.role)} (y/n): "
        )
        if answer.strip().lower() in ("y", "yes"):
            return saved
    return None


def run(
    task: Annotated[str | None, typer.Argument(help="What the agent should do.")] = None,
    continuous: ContinuousOpt = False,
    limit: LimitOpt = None,
    model: Annotated[str | None, typer.Option(help="Model name or GGUF path.")] = None,
    provider: Annotated[str | None, typer.Option(help="local, openai, azure, replay …")] = None,
    base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible endpoint.")] = None,
    strategy: Annotated[str | None, typer.Option(help="one_shot, tool_calling or actions.")
                        ] = None,
    workspace: Annotated[Path | None, typer.Option(help="Folder the agent works in.")] = None,
    budget: Annotated[float | None, typer.Option(help="Most US dollars to spend.")] = None,
    name: Annotated[str | None, typer.Option(help="The agent's name (else generated).")] = None,
    role: Annotated[str | None, typer.Option(help="The agent's role.")] = None,
    goal: Annotated[list[str] | None, typer.Option(help="A goal (up to 5).")] = None,
    commands: Annotated[str | None, typer.Option(help="Comma-separated command names.")
                        ] = None,
    debug: DebugOpt = False,
    speak: SpeakOpt = False,
) -> None:
    """Run an agent on a task (asks before each command unless --continuous)."""
    from autonomo import Workbench
    from autonomo.agent.state import ENDED

    current = settings_from(model=model, provider=provider, base_url=base_url,
                            strategy=strategy, budget=budget)
    interactive = not continuous
    warn_if_unsandboxed(current)
    workbench = Workbench.open(current)
    try:
        if not task:
            resumable = [a for a in workbench.store.list() if a.status not in ENDED][:5]
            for a in resumable:
                console.print(f"  {a.id}  {escape(a.name)}  [dim]{a.status}[/]  "
                              f"{escape(a.task[:60])}")
            prompt = ("Task for a new agent" + (", or an agent id to resume" if resumable
                                                 else "") + ": ")
            task = console.input(prompt).strip()
            match = next((a for a in resumable if a.id == task), None)
            if match:
                workbench.store.ensure_free(match.id)
                agent = workbench.load_agent(match.id)
                raise typer.Exit(drive(agent, continuous=continuous, limit=limit,
                                       debug=debug, speak=speak, interactive=interactive))
        profile = _profile_from_options(current, name, role, goal, interactive)
        with console.status("Setting up the agent…"):
            agent = workbench.new_agent(
                task, profile=profile, workspace=workspace,
                tools=[c.strip() for c in commands.split(",")] if commands else None,
            )
        code = drive(agent, continuous=continuous, limit=limit, debug=debug, speak=speak,
                     interactive=interactive)
    finally:
        workbench.close()
    raise typer.Exit(code)


agents_app = typer.Typer(help="List, show, resume and delete agents.", no_args_is_help=True)


@agents_app.command("list")
def agents_list() -> None:
    """The agents in the data directory, newest first."""
    from autonomo.agent.state import AgentStore

    store = AgentStore(settings().data_dir)
    table = Table("id", "name", "status", "steps", "last update", "task")
    for state in store.list():
        activity = store.activity(state.id)
        table.add_row(state.id, escape(state.name), activity.display_status(state.status),
                      str(store.step_count(state.id)), activity.updated_at.replace("T", " ")[:19],
                      escape(state.task[:60]))
    console.print(table)


@agents_app.command("show")
def agents_show(agent_id: str) -> None:
    """An agent's profile, directives, tasks and steps."""
    from autonomo.agent.state import AgentStore
    from autonomo.cli.terminal import usage_line

    store = AgentStore(settings().data_dir)
    state = store.load(agent_id)
    activity = store.activity(state.id)
    status = activity.display_status(state.status)
    console.print(f"[bold]{escape(state.name)}[/] — {escape(state.profile.role)}  "
                  f"[dim]{state.id} · {status} · {state.workspace}[/]")
    if activity.alive and activity.owner is not None:
        console.print(f"[dim]Run by {escape(activity.owner.describe())}; "
                      f"last update {activity.updated_at}.[/]")
    for index, task in enumerate(state.tasks):
        console.print(f"[bold]Task {index + 1}:[/] {escape(task)}")
    for episode in state.episodes:
        done = episode.result.status if episode.result else "in flight"
        console.print(f"  {episode.number}. {escape(episode.action.describe()[:100])} "
                      f"[dim]({done})[/]")
    if status == "interrupted":
        console.print("[bold]Interrupted:[/] the run was killed or crashed "
                      f"(last update {activity.updated_at}); `autonomo agents resume "
                      f"{state.id}` continues it.")
    elif state.stop_reason:
        label = {"finished": "Finished", "failed": "Failed",
                 "unverified": "Not verified"}.get(state.status, "Stopped")
        console.print(f"[bold]{label}:[/] {escape(state.stop_reason)}")
    console.print(f"[dim]{usage_line(state.usage)}[/]")


@agents_app.command("resume")
def agents_resume(
    agent_id: str,
    task: Annotated[str | None, typer.Option(help="A follow-up task.")] = None,
    continuous: ContinuousOpt = False,
    limit: LimitOpt = None,
    debug: DebugOpt = False,
    speak: SpeakOpt = False,
) -> None:
    """Continue an agent where it stopped (or give a finished one a follow-up task)."""
    from autonomo import Workbench
    from autonomo.agent.state import ENDED

    current = settings()
    warn_if_unsandboxed(current)
    workbench = Workbench.open(current)
    try:
        state = workbench.store.load(agent_id)
        workbench.store.ensure_free(state.id)  # before anything is changed or saved
        agent = workbench.assemble(state)
        if task:
            agent.follow_up(task)
        elif agent.state.status in ENDED:
            raise UserError(f"Agent {agent_id} has finished ({agent.state.status}); give it a "
                            "follow-up with --task.")
        code = drive(agent, continuous=continuous, limit=limit, debug=debug, speak=speak,
                     interactive=not continuous)
    finally:
        workbench.close()
    raise typer.Exit(code)


@agents_app.command("delete")
def agents_delete(agent_id: str) -> None:
    """Delete an agent's state (its workspace files stay)."""
    from autonomo.agent.state import AgentStore

    state = AgentStore(settings().data_dir).delete(agent_id)
    console.print(f"Deleted {state.id} ({escape(state.name)}).")


def log(
    agent_id: str,
    json_out: Annotated[Path | None, typer.Option("--json", help="Export to this file.")
                        ] = None,
    full: Annotated[bool, typer.Option(help="Show whole prompts.")] = False,
) -> None:
    """An agent's trajectory: every model call and every step."""
    from autonomo.agent.state import AgentStore

    store = AgentStore(settings().data_dir)
    state = store.load(agent_id)
    calls = store.calls(state.id)
    if json_out:
        json_out.write_text(json.dumps({
            "agent": state.model_dump(), "episodes": [e.model_dump() for e in state.episodes],
            "calls": calls}, indent=2, default=str))
        console.print(f"Wrote {len(calls)} calls and {len(state.episodes)} steps to {json_out}.")
        return
    for call in calls:
        usage = call["response"].get("usage", {})
        console.rule(f"step {call['step']} · {call['purpose']} · {call['model']} · "
                     f"{usage.get('prompt_tokens', 0)} prompt tokens "
                     f"({usage.get('cached_prompt_tokens', 0)} cached) · "
                     f"{call['response'].get('latency_s', 0):.2f}s")
        messages = call["messages"] if full else call["messages"][-1:]
        for message in messages:
            console.print(f"[dim]{message['role']}:[/] {escape(message['content'])}")
        console.print(f"[bold]response:[/] {escape(call['response'].get('text', ''))}")


def register(app: typer.Typer) -> None:
    app.command("run")(run)
    app.add_typer(agents_app, name="agents")
    app.command("log")(log)
