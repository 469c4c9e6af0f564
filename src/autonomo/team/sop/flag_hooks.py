"""The hooks behind ChatDev's flags (``incremental_develop``, ``self_improve``,
``with_memory``, ``web_spider``), made of autonomo's parts: the workspace's descriptor-safe
file access, the memory store, the web commands with their address guard. Usable from any
SOP file as well (``setup: [recall_experience]``)."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from autonomo.prompts import render
from autonomo.team.sop import codes
from autonomo.team.sop.hooks import bounded_timeout, hook
from autonomo.team.sop.spec import StateSpec

if TYPE_CHECKING:
    from autonomo.team.sop.engine import SopRun

#: files an incremental run takes as the existing code
CODE_SUFFIXES = (".py", ".js", ".ts", ".html", ".css", ".java", ".c", ".h", ".cpp", ".go",
                 ".rs", ".rb", ".sh", ".json", ".toml", ".yaml", ".yml", ".txt", ".md")
MAX_FILE_BYTES = 200_000
MAX_FILES = 60
SKIPPED_FOLDERS = {".git", "__pycache__", "node_modules", ".venv", "venv"}
MEMORY_ID = "sop-experience"  # the memory every SOP run with with_memory shares


def read_code(folder: Path) -> dict[str, str]:
    """The code files below ``folder``, read through folder descriptors: a symlink (planted
    by a sandboxed program, or in a given folder) is never followed, a FIFO never blocks."""
    from autonomo.tools.fstree import DIR_FLAGS, READ_FLAGS, walk

    found: dict[str, str] = {}
    top = os.open(folder, DIR_FLAGS)
    try:
        for place in walk(top, max_depth=8):
            place.dirs[:] = [d for d in place.dirs if d not in SKIPPED_FOLDERS]
            for name in place.files:
                if not name.endswith(CODE_SUFFIXES) or len(found) >= MAX_FILES:
                    continue
                try:
                    fd = os.open(name, READ_FLAGS, dir_fd=place.fd)
                except OSError:  # a symlink, or gone
                    continue
                with os.fdopen(fd, "rb") as handle:
                    info = os.fstat(handle.fileno())
                    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
                        continue
                    data = handle.read(MAX_FILE_BYTES + 1)
                try:
                    found["/".join((*place.parts, name))] = data.decode("utf-8")
                except UnicodeDecodeError:
                    continue
    finally:
        os.close(top)
    return found


@hook("codes")
def load_code(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """incremental_develop: the existing code (a given folder's, copied into the workspace,
    or the workspace's own) becomes the team's code and fills ``{codes}``."""
    source = Path(run.code_from) if run.code_from else run.workspace
    try:
        files = read_code(source)
    except OSError as exc:
        run.note(state.name, "load_code", f"could not read the code in {source}: {exc}")
        return
    if not files:
        run.note(state.name, "load_code", f"no code in {source}: the team starts from scratch")
        return
    for name, text in files.items():
        if source != run.workspace:
            run.write_file(name, text, state.name)
        run.code_files[name] = text
    run.set_variable("codes", codes.listing(run.code_files), state.name)
    run.note(state.name, "load_code", f"the team builds on {len(files)} files from {source}: "
             + ", ".join(sorted(files))[:300])


@hook("task")
def improve_task(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """self_improve: the prompt engineer's concluded rewrite becomes the task."""
    rewritten = run.variables.get("conclusion", "").strip()
    if not run.last_concluded or not rewritten:
        run.note(state.name, "improve_task", "no rewritten task was concluded; the task stays")
        return
    name = run.spec.task_variable
    run.set_variable("original_task", run.variables.get(name, ""), state.name)
    run.set_variable(name, rewritten, state.name)


def _memory(run: SopRun, state: StateSpec):
    """The shared SOP memory, or None (and why) when the configuration turns memory off."""
    from autonomo.config import Settings
    from autonomo.memory.factory import open_memory

    settings = run.settings or Settings(data_dir=run.store.data_dir)
    if not settings.memory.enabled:
        run.note(state.name, "memory", "memory is off in the configuration (memory.enabled): "
                 "with_memory does nothing in this run")
        return None
    return open_memory(settings, MEMORY_ID)


@hook("memory")
def recall_experience(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """with_memory: earlier projects' code most like this task, shown to the programmer."""
    memory = _memory(run, state)
    if memory is None:
        return
    try:
        task = run.variables.get(run.spec.task_variable, "")
        found = memory.recall(task, k=int(args.get("k", "2")))
    finally:
        memory.close()
    if not found:
        run.note(state.name, "recall_experience", "the memory holds no earlier project yet")
        return
    run.set_variable("memory", render("sop", "chatdev_memory", memories="\n\n".join(found)),
                     state.name)
    run.note(state.name, "recall_experience", f"recalled {len(found)} memories of earlier "
             "projects for the programmer")


@hook()
def remember_experience(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """with_memory: this run's task and code are kept for later runs to recall."""
    if not run.code_files:
        run.note(state.name, "remember_experience", "no code was written; nothing to keep")
        return
    memory = _memory(run, state)
    if memory is None:
        return
    task = run.variables.get("original_task") or run.variables.get(run.spec.task_variable, "")
    try:
        memory.remember(f"Task: {task}\n\n{codes.listing(run.code_files)}", kind="sop_code",
                        meta={"run": run.run_id, "sop": run.spec.name})
        memory.flush()
    finally:
        memory.close()
    run.note(state.name, "remember_experience", f"kept this project's {len(run.code_files)} "
             "files in the memory for later runs")


@hook("description")
def web_lookup(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """web_spider: search the web for the task and read the first page found, through the web
    commands (their address guard applies); the model's summary is added to the task. A
    failure (offline, a refused address) is said, and the run goes on without it."""
    from autonomo.config import Settings
    from autonomo.llm.types import Message
    from autonomo.tools.builtin import builtin_registry
    from autonomo.tools.context import CommandContext

    settings = run.settings or Settings(data_dir=run.store.data_dir)
    ctx = CommandContext(workspace=run.workspace, settings=settings, agent_id=run.run_id)
    registry = builtin_registry()
    task = run.variables.get(run.spec.task_variable, "")
    found = registry.execute("web_search", {"query": task[:200], "max_results": 3}, ctx)
    urls = [line.strip() for line in found.output.splitlines()
            if line.strip().startswith(("http://", "https://"))]
    if found.status != "success" or not urls:
        run.note(state.name, "web_lookup", f"the web search found nothing usable "
                 f"({found.output.strip()[:200]}); going on without it")
        return
    page = registry.execute("read_webpage", {"url": urls[0], "raw": True}, ctx)
    if page.status != "success":
        run.note(state.name, "web_lookup", f"could not read {urls[0]} ({page.output.strip()[:200]}"
                 "); going on without it")
        return
    text = page.output.split("\n", 1)[-1][:3000]
    prompt = render("sop", "chatdev_web_summary", task=task, url=urls[0], text=text)
    summary = run.ask_model("web_spider", [Message.user(prompt)], state).strip()
    run.set_variable("description", summary, state.name)
    run.set_variable(run.spec.task_variable, render(
        "sop", "chatdev_web_background", task=task, url=urls[0], summary=summary), state.name)
    run.note(state.name, "web_lookup", f"read {urls[0]}; its summary is added to the task")


#: git inside the sandbox only: the workspace is written by sandboxed programs, so the host
#: never runs git there (a planted hook or config would run on the host)
_GIT = ["git", "-c", "user.name=autonomo", "-c", "user.email=autonomo@localhost",
        "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgsign=false"]


@hook()
def git_commit(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """git_management: the workspace is a git repository and each code change a commit
    ("<phase> (version N)"), made by git running in the sandbox."""
    import shlex

    version = run.attempts.get("git versions", 0) + 1
    git = " ".join(shlex.quote(part) for part in _GIT)
    message = shlex.quote(f"{state.name} (version {version})")
    script = (f"{git} init -q . && {git} add -A && "
              f"if {git} diff --cached --quiet; then echo unchanged; "
              f"else {git} commit -q -m {message} && echo committed; fi")
    sandbox = run.sandbox()
    result = sandbox.run(["sh", "-c", script],
                         timeout=bounded_timeout(args, 30.0, sandbox.config.timeout_s))
    if result.exit_code != 0:
        run.note(state.name, "git_commit", f"git failed in the sandbox: "
                 f"{(result.stderr or result.stdout).strip()[:300]}")
    elif "committed" in result.stdout:
        run.attempts["git versions"] = version
        run.note(state.name, "git_commit", f"committed the code as version {version}")
    else:
        run.note(state.name, "git_commit", "no change to commit")
