"""The ``Sandbox`` interface and the process machinery its backends share.

A backend only decides *how* a program line is wrapped (bubblewrap arguments, a ``docker run``
line, nothing); starting it, the wall-clock timeout that kills the whole process group,
capped output and background jobs are the same for all of them and live here.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shlex
import signal
import subprocess
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from autonomo.config import SandboxConfig
from autonomo.errors import UserError, WorkspaceError
from autonomo.sandbox.disk import DiskGuard
from autonomo.sandbox.output import CappedBuffer, pump

#: what a sandbox runs: an argv, or a line for ``/bin/sh -c`` (not an agent's ``Command``)
ProgramLine = Sequence[str] | str

#: the environment every sandboxed process starts from (the host's is never passed through)
BASE_ENV = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "TERM": "dumb",
    "PYTHONUNBUFFERED": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
}


def describe_exit(code: int | None) -> str:
    """Explain an exit status, naming the limit a signal usually means."""
    if code is None:
        return "still running"
    signum = -code if code < 0 else (code - 128 if 128 < code < 160 else 0)
    if not signum:
        return f"exit code {code}"
    try:
        name = signal.Signals(signum).name
    except ValueError:
        name = f"signal {signum}"
    hint = {
        "SIGXCPU": " (CPU time limit reached)",
        "SIGXFSZ": " (file size limit reached)",
        "SIGKILL": " (killed)",
        "SIGSEGV": " (crashed, possibly out of memory)",
    }.get(name, "")
    return f"exit code {code}: terminated by {name}{hint}"


@dataclass
class ExecResult:
    """What one program run did."""

    exit_code: int | None
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    truncated: bool = False
    duration_s: float = 0.0
    #: why a limit stopped it, when one did (e.g. the disk guard)
    stopped: str = ""

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out and not self.stopped

    def describe(self, timeout: float | None = None) -> str:
        """The text shown to the model: status line, then each non-empty stream."""
        if self.timed_out:
            limit = f" of {timeout:g} s" if timeout else ""
            status = f"Timed out: the wall-clock limit{limit} was reached and it was killed."
        elif self.stopped:
            status = self.stopped
        else:
            text = describe_exit(self.exit_code)
            status = text[0].upper() + text[1:] + "."
        parts = [status]
        if self.stdout:
            parts.append("STDOUT:\n" + self.stdout.rstrip("\n"))
        if self.stderr:
            parts.append("STDERR:\n" + self.stderr.rstrip("\n"))
        if not self.stdout and not self.stderr:
            parts.append("(no output)")
        if self.truncated:
            parts.append("(output was truncated to the sandbox's output cap)")
        return "\n".join(parts)


@dataclass
class JobStatus:
    """A background job as reported to the model."""

    job_id: str
    program: str
    running: bool
    exit_code: int | None
    output: str
    truncated: bool
    started_at: float

    def describe(self) -> str:
        state = "running" if self.running else describe_exit(self.exit_code)
        body = self.output.rstrip("\n") or "(no output yet)"
        return f"Job {self.job_id} ({self.program}): {state}.\nOUTPUT:\n{body}"


class Sandbox(ABC):
    """Runs programs with the workspace as the only writable place."""

    #: backend name ("bubblewrap", "docker", "podman", "local", or a plugin's)
    name: str = ""
    #: False: programs run unprotected on the host, only with ``sandbox.allow_unsandboxed``
    isolating: bool = True
    #: where the "auto" backend tries this one (lowest first); None: only when named
    auto_order: ClassVar[int | None] = None
    #: where the workspace appears to the sandboxed process
    workspace_mount: str = "/workspace"

    def __init__(self, workspace: Path, config: SandboxConfig) -> None:
        self.workspace = Path(workspace).resolve()
        if not self.workspace.is_dir():
            raise WorkspaceError(
                f"The workspace {self.workspace} does not exist or is not a folder."
            )
        self.config = config

    @classmethod
    def unavailable_reason(cls, config: SandboxConfig) -> str | None:
        """Why this backend cannot run here with ``config`` (None: it can)."""
        return None

    @property
    @abstractmethod
    def python(self) -> str:
        """The Python interpreter to call inside the sandbox."""

    def run(
        self,
        program: ProgramLine,
        *,
        cwd: str = ".",
        timeout: float | None = None,
        env: Mapping[str, str] | None = None,
        stdin: str | None = None,
    ) -> ExecResult:
        """Run to completion (or until ``timeout``, default the config's); never raises for
        a failing program."""
        limit = timeout if timeout is not None else self.config.timeout_s
        return self._run(program, cwd, limit, env, stdin)

    @abstractmethod
    def _run(self, program: ProgramLine, cwd: str, limit: float, env: Mapping[str, str] | None,
             stdin: str | None) -> ExecResult:
        """``run`` with the time limit settled."""

    @abstractmethod
    def start_background(
        self, program: ProgramLine, *, cwd: str = ".", env: Mapping[str, str] | None = None
    ) -> str:
        """Start a program and return its job id at once."""

    @abstractmethod
    def read_job(self, job_id: str) -> JobStatus:
        """Status and (capped) output so far."""

    @abstractmethod
    def kill(self, job_id: str) -> JobStatus:
        """Stop a background job and everything it started."""

    @abstractmethod
    def jobs(self) -> list[JobStatus]:
        """Every background job started by this sandbox."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Kill every background job."""

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass
class _Job:
    job_id: str
    program: str
    process: subprocess.Popen[bytes]
    output: CappedBuffer
    started_at: float
    container_name: str
    threads: list[threading.Thread] = field(default_factory=list)
    timer: threading.Timer | None = None


@dataclass
class Launch:
    """How to start one wrapped program on the host."""

    argv: list[str]
    env: dict[str, str]
    cwd: str | None = None
    popen: dict[str, Any] = field(default_factory=dict)


class ProcessSandbox(Sandbox):
    """Shared machinery: each backend implements ``_launch`` (and ``_stop`` if needed)."""

    _counter = itertools.count(1)

    def __init__(self, workspace: Path, config: SandboxConfig) -> None:
        super().__init__(workspace, config)
        self._jobs: dict[str, _Job] = {}
        self._lock = threading.Lock()

    # -- backend hooks -------------------------------------------------------------------
    @abstractmethod
    def _launch(self, argv: list[str], cwd: str, env: dict[str, str], name: str) -> Launch:
        """Wrap ``argv`` (already resource-limited) to run in ``cwd`` (relative to the
        workspace) with exactly ``env``."""

    def _limits(self, argv: list[str]) -> list[str]:
        """Prefix that applies CPU, memory, process and file-size limits inside the sandbox."""
        cfg = self.config
        return [
            "prlimit",
            f"--cpu={cfg.cpu_seconds}:{cfg.cpu_seconds + 1}",  # SIGXCPU first, then SIGKILL
            f"--as={cfg.memory_mb * 1024 * 1024}",
            f"--nproc={cfg.max_processes}",
            f"--fsize={cfg.max_file_mb * 1024 * 1024}",
            "--",
            *argv,
        ]

    def _stop(self, name: str) -> None:
        """Extra clean-up after the host process group was killed (containers)."""

    def _prepare(self) -> None:
        """Called before every start (e.g. to make the workspace writable for the sandbox)."""

    # -- shared implementation -----------------------------------------------------------
    def _argv(self, program: ProgramLine) -> list[str]:
        if isinstance(program, str):
            if "\x00" in program:
                raise UserError("The command contains a NUL byte.")
            return ["/bin/sh", "-c", program]
        argv = [str(a) for a in program]
        if not argv:
            raise UserError("Empty command.")
        if any("\x00" in a for a in argv):
            raise UserError("The command contains a NUL byte.")
        return argv

    def _cwd(self, cwd: str) -> str:
        """``cwd`` as a normalised path relative to the workspace; it must exist inside it."""
        if "\x00" in (cwd or ""):
            raise WorkspaceError("The working folder contains a NUL byte.")
        try:
            real = Path(os.path.realpath(self.workspace / (cwd or ".")))
        except RecursionError as exc:  # realpath recurses once per link of a chain
            raise WorkspaceError(f"The working folder {cwd!r} goes through too many symbolic "
                                 "links; use a folder inside the workspace.") from exc
        if not real.is_relative_to(self.workspace):  # (``in real.parents``: O(depth²))
            raise WorkspaceError(
                f"The working folder {cwd!r} is outside the workspace; use a folder inside it."
            )
        if not real.is_dir():
            raise WorkspaceError(f"The working folder {cwd!r} does not exist in the workspace.")
        return real.relative_to(self.workspace).as_posix()

    def _env(self, env: Mapping[str, str] | None) -> dict[str, str]:
        merged = dict(BASE_ENV)
        merged["HOME"] = "/tmp"
        merged.update(env or {})
        return merged

    def _start(
        self, program: ProgramLine, cwd: str, env: Mapping[str, str] | None, *, stdin: bool
    ) -> tuple[subprocess.Popen[bytes], str]:
        name = f"autonomo-{os.getpid()}-{next(self._counter)}"
        self._prepare()
        argv = self._limits(self._argv(program))
        launch = self._launch(argv, self._cwd(cwd), self._env(env), name)
        try:
            process = subprocess.Popen(
                launch.argv,
                stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=launch.env,
                cwd=launch.cwd,
                start_new_session=True,
                **launch.popen,
            )
        except OSError as exc:
            raise UserError(
                f"The {self.name} sandbox could not start {launch.argv[0]!r}: {exc}."
            ) from exc
        return process, name

    def _kill_group(self, process: subprocess.Popen[bytes], name: str) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        self._stop(name)

    def _run(self, program: ProgramLine, cwd: str, limit: float, env: Mapping[str, str] | None,
             stdin: str | None) -> ExecResult:
        started = time.monotonic()
        guard = DiskGuard(self.workspace, self.config)
        process, name = self._start(program, cwd, env, stdin=stdin is not None)
        guard.watch(lambda: process.poll() is None, lambda: self._kill_group(process, name))
        out, err = CappedBuffer(self.config.output_cap), CappedBuffer(self.config.output_cap)
        assert process.stdout is not None and process.stderr is not None
        threads = [pump(process.stdout, out), pump(process.stderr, err)]
        if stdin is not None:
            assert process.stdin is not None
            threading.Thread(
                target=_feed, args=(process.stdin, stdin.encode()), daemon=True
            ).start()
        timed_out = False
        try:
            process.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            timed_out = True
            self._kill_group(process, name)
            process.wait()
        for thread in threads:  # a process that escaped the group may hold the pipes open
            thread.join(timeout=2)
        for stream in (process.stdout, process.stderr):
            stream.close()
        return ExecResult(
            exit_code=process.returncode,
            stdout=out.text(),
            stderr=err.text(),
            timed_out=timed_out,
            truncated=out.truncated or err.truncated,
            duration_s=time.monotonic() - started,
            stopped=guard.tripped,
        )

    def start_background(
        self, program: ProgramLine, *, cwd: str = ".", env: Mapping[str, str] | None = None
    ) -> str:
        guard = DiskGuard(self.workspace, self.config)
        process, name = self._start(program, cwd, env, stdin=False)
        buffer = CappedBuffer(self.config.output_cap)

        def stop() -> None:
            self._kill_group(process, name)
            buffer.write(f"\n[{guard.tripped}]\n".encode())

        guard.watch(lambda: process.poll() is None, stop)
        assert process.stdout is not None and process.stderr is not None
        with self._lock:
            job_id = f"job-{len(self._jobs) + 1}"
            job = _Job(
                job_id=job_id,
                program=program if isinstance(program, str) else shlex.join(program),
                process=process,
                output=buffer,
                started_at=time.time(),
                container_name=name,
                threads=[pump(process.stdout, buffer), pump(process.stderr, buffer)],
            )
            self._jobs[job_id] = job
        job.timer = threading.Timer(self.config.job_timeout_s, self._kill_group, (process, name))
        job.timer.daemon = True
        job.timer.start()
        return job_id

    def _job(self, job_id: str) -> _Job:
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None:
            known = ", ".join(self._jobs) or "none"
            raise UserError(f"No background job {job_id!r}. Known jobs: {known}.")
        return job

    def _status(self, job: _Job) -> JobStatus:
        code = job.process.poll()
        return JobStatus(
            job_id=job.job_id,
            program=job.program,
            running=code is None,
            exit_code=code,
            output=job.output.text(),
            truncated=job.output.truncated,
            started_at=job.started_at,
        )

    def read_job(self, job_id: str) -> JobStatus:
        return self._status(self._job(job_id))

    def kill(self, job_id: str) -> JobStatus:
        job = self._job(job_id)
        if job.process.poll() is None:
            self._kill_group(job.process, job.container_name)
            job.process.wait()
        if job.timer:
            job.timer.cancel()
        for thread in job.threads:
            thread.join(timeout=2)
        return self._status(job)

    def jobs(self) -> list[JobStatus]:
        with self._lock:
            jobs = list(self._jobs.values())
        return [self._status(job) for job in jobs]

    def close(self) -> None:
        with self._lock:
            running = [j.job_id for j in self._jobs.values() if j.process.poll() is None]
        for job_id in running:
            self.kill(job_id)


def _feed(pipe: Any, data: bytes) -> None:
    try:
        pipe.write(data)
    except (BrokenPipeError, OSError):
        pass
    finally:
        with contextlib.suppress(OSError):
            pipe.close()
