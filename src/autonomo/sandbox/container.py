"""Docker / Podman backend, through the engine's command line (OpenDevin's sandbox)."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

from autonomo.config import SandboxConfig
from autonomo.errors import MissingDependencyError, UserError
from autonomo.sandbox.base import Launch, ProcessSandbox


@functools.lru_cache(maxsize=4)
def engine_answers(engine: str) -> bool:
    """True when ``engine`` is installed and its daemon/service responds."""
    exe = shutil.which(engine)
    if exe is None:
        return False
    try:
        done = subprocess.run([exe, "info"], capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


class ContainerSandbox(ProcessSandbox):
    """One throw-away container per command: no network unless allowed, read-only root,
    all capabilities dropped, memory / pids / CPU limited by the engine."""

    isolating = True
    #: the engine's command (``docker`` or ``podman``)
    engine = "docker"

    @classmethod
    def unavailable_reason(cls, config: SandboxConfig) -> str | None:
        if engine_answers(cls.engine):
            return None
        return (f"`{cls.engine} info` failed (not installed, or its engine does not answer); "
                "start the engine or choose another sandbox backend")

    def __init__(self, workspace: Path, config: SandboxConfig, engine: str | None = None
                 ) -> None:
        super().__init__(workspace, config)
        engine = engine or self.engine
        exe = shutil.which(engine)
        if exe is None or not engine_answers(engine):
            raise MissingDependencyError(
                f"{engine} is not installed or its engine does not answer (`{engine} info` "
                "failed); start it or choose another sandbox backend."
            )
        self.name = engine
        self._exe = exe

    @property
    def python(self) -> str:
        return "python3"

    def _limits(self, argv: list[str]) -> list[str]:
        return argv  # the engine applies them (see _launch)

    def _launch(self, argv: list[str], cwd: str, env: dict[str, str], name: str) -> Launch:
        cfg = self.config
        mount = self.workspace_mount
        if any(c in str(self.workspace) for c in ',:"'):
            # the engine parses the mount spec: such a character would add options to it
            raise UserError(
                f"The workspace path {self.workspace} contains ',', ':' or '\"', which a "
                "container mount cannot take safely; choose a workspace path without them."
            )
        args = [
            self._exe, "run", "--rm", "-i",
            "--name", name,
            "--network", "bridge" if cfg.allow_network else "none",
            "--user", f"{os.getuid()}:{os.getgid()}",
            "--read-only",
            "--tmpfs", "/tmp",
            "--cap-drop", "ALL",
            "--security-opt", "no-new-privileges",
            "--memory", f"{cfg.memory_mb}m",
            "--pids-limit", str(cfg.max_processes),
            "--ulimit", f"cpu={cfg.cpu_seconds}",
            "--mount", f"type=bind,source={self.workspace},target={mount}",
            "-w", f"{mount}/{cwd}" if cwd != "." else mount,
        ]
        for key, value in env.items():
            args += ["-e", f"{key}={value}"]
        args += [cfg.image, *argv]
        return Launch(argv=args, env=dict(os.environ))

    def _stop(self, name: str) -> None:
        subprocess.run(
            [self._exe, "kill", name], capture_output=True, timeout=30, check=False
        )


class DockerSandbox(ContainerSandbox):
    name = engine = "docker"
    auto_order = 1


class PodmanSandbox(ContainerSandbox):
    name = engine = "podman"
    auto_order = 2
