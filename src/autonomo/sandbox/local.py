"""Plain host processes: no isolation at all. Only used when the user opts in."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from autonomo.config import SandboxConfig
from autonomo.errors import UserError
from autonomo.sandbox.base import Launch, ProcessSandbox

log = logging.getLogger(__name__)


class LocalSandbox(ProcessSandbox):
    """Runs commands as host processes in the workspace (resource limits still apply)."""

    name = "local"
    isolating = False
    auto_order = 99

    @classmethod
    def unavailable_reason(cls, config: SandboxConfig) -> str | None:
        if config.allow_unsandboxed:
            return None
        return ("it runs commands directly on this machine: set sandbox.allow_unsandboxed = "
                "true to accept that")

    def __init__(self, workspace: Path, config: SandboxConfig) -> None:
        if not config.allow_unsandboxed:
            raise UserError(
                "Refusing to run commands without a sandbox. Install bubblewrap "
                "(apt-get install bubblewrap) or Docker, or set sandbox.allow_unsandboxed = true "
                "to accept running them directly on this machine."
            )
        super().__init__(workspace, config)
        log.warning(
            "Commands run UNSANDBOXED on this machine in %s (sandbox.allow_unsandboxed is set): "
            "they can read and change anything your user can.",
            self.workspace,
        )

    workspace_mount = ""

    @property
    def python(self) -> str:
        return os.path.realpath(sys.executable)

    def _launch(self, argv: list[str], cwd: str, env: dict[str, str], name: str) -> Launch:
        env = {**env, "PATH": f"{Path(self.python).parent}:{env.get('PATH', '')}"}
        return Launch(argv=argv, env=env, cwd=str(self.workspace / cwd))
