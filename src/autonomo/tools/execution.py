"""Running code: Python snippets and files, shell commands, background jobs — all sandboxed."""

from __future__ import annotations

from typing import Any

from autonomo.plugins.registry import installed_manager
from autonomo.sandbox.select import can_execute
from autonomo.tools.context import CommandContext, sandbox, workspace
from autonomo.tools.grounding import ProgramArguments, PythonFile
from autonomo.tools.registry import CommandError, CommandResult, command
from autonomo.tools.shell_policy import ShellPolicy, ShellPolicyError


def _can_execute(settings: Any) -> bool:
    if settings is None:
        return False
    return can_execute(settings.sandbox, installed_manager(tuple(settings.plugins_disabled)))


def _can_shell(settings: Any) -> bool:
    return _can_execute(settings) and settings.sandbox.allow_shell


def _timeout(ctx: CommandContext, requested: float | None) -> float:
    """The smaller of what the model asked for and the configured limit."""
    limit = ctx.settings.sandbox.timeout_s
    return limit if requested is None or requested <= 0 else min(requested, limit)


def _result(res: Any, timeout: float, what: str) -> CommandResult:
    text = res.describe(timeout)
    data = {"exit_code": res.exit_code, "timed_out": res.timed_out, "truncated": res.truncated}
    if res.ok:
        return CommandResult(status="success", output=text, data=data)
    return CommandResult(status="error", output=f"{what} failed. {text}", data=data)


@command(category="code", enabled=_can_execute, example={"code": "print(2 + 2)"})
def execute_python_code(
    ctx: CommandContext, code: str, timeout_s: float | None = None
) -> CommandResult:
    """Run Python code in the sandbox (the workspace is the current folder) and show its output.

    Args:
        code: the Python source to run; print what you want to see
        timeout_s: seconds before it is stopped (at most the configured limit)
    """
    box = sandbox(ctx)
    limit = _timeout(ctx, timeout_s)
    res = box.run([box.python, "-"], stdin=code, timeout=limit)
    return _result(res, limit, "The code")


@command(category="code", enabled=_can_execute, example={"path": "main.py"})
def execute_python_file(
    ctx: CommandContext, path: PythonFile, args: ProgramArguments = None,
    timeout_s: float | None = None,
) -> CommandResult:
    """Run a Python file from the workspace in the sandbox and show its output.

    Args:
        path: the .py file, relative to the workspace
        args: command-line arguments for the script
        timeout_s: seconds before it is stopped (at most the configured limit)
    """
    ws = workspace(ctx)
    target = ws.resolve(path)
    if target.suffix != ".py":
        raise CommandError(f"{path} is not a Python file (.py).")
    if not target.is_file():
        raise CommandError(f"{path} does not exist in the workspace.")
    box = sandbox(ctx)
    limit = _timeout(ctx, timeout_s)
    res = box.run([box.python, ws.relative(target), *(args or [])], timeout=limit)
    return _result(res, limit, f"Running {path}")


def _checked(ctx: CommandContext, cmd: str) -> str:
    cfg = ctx.settings.sandbox
    if not cfg.allow_shell:
        raise CommandError(
            "Shell commands are not allowed by the configuration (sandbox.allow_shell)."
        )
    policy = ShellPolicy.from_lists(cfg.shell_allowlist, cfg.shell_denylist)
    try:
        policy.check(cmd)
    except ShellPolicyError as exc:
        raise CommandError(str(exc)) from exc
    return cmd


@command(
    category="shell", enabled=_can_shell, aliases=("run",), example={"command": "ls -la"}
)
def execute_shell(
    ctx: CommandContext,
    command: str,
    background: bool = False,
    cwd: str = ".",
    timeout_s: float | None = None,
) -> CommandResult:
    """Run a shell command in the sandbox; with background=true it starts a job and returns
    its id at once (see check_job / kill_job).

    Args:
        command: the shell command line
        background: start it as a background job instead of waiting for it
        cwd: folder to run in, relative to the workspace
        timeout_s: seconds before it is stopped (at most the configured limit)
    """
    _checked(ctx, command)
    box = sandbox(ctx)
    if background:
        job_id = box.start_background(command, cwd=cwd)
        return CommandResult.ok(
            f"Started background job {job_id}. Use check_job to see its output, kill_job to "
            "stop it.",
            job_id=job_id,
        )
    limit = _timeout(ctx, timeout_s)
    return _result(box.run(command, cwd=cwd, timeout=limit), limit, "The command")


@command(category="shell", enabled=_can_shell, example={"job_id": "job-1"})
def check_job(ctx: CommandContext, job_id: str) -> str:
    """Show whether a background job is still running, and its output so far.

    Args:
        job_id: the id execute_shell returned
    """
    return sandbox(ctx).read_job(job_id).describe()


@command(category="shell", enabled=_can_shell, aliases=("kill",), example={"job_id": "job-1"})
def kill_job(ctx: CommandContext, job_id: str) -> str:
    """Stop a background job and everything it started.

    Args:
        job_id: the id execute_shell returned
    """
    status = sandbox(ctx).kill(job_id)
    return "Killed. " + status.describe()


@command(category="shell", enabled=_can_shell)
def list_jobs(ctx: CommandContext) -> str:
    """List the background jobs and whether each is still running."""
    jobs = sandbox(ctx).jobs()
    if not jobs:
        return "No background jobs."
    return "\n".join(
        f"{j.job_id}: {'running' if j.running else f'exited ({j.exit_code})'} — {j.program}"
        for j in jobs
    )
