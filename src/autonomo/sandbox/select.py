"""Choose the sandbox backend — and refuse to run anything rather than run it unprotected."""

from __future__ import annotations

from pathlib import Path

from autonomo.config import SandboxConfig
from autonomo.errors import UserError
from autonomo.sandbox import bubblewrap
from autonomo.sandbox.base import Sandbox
from autonomo.sandbox.container import ContainerSandbox, engine_answers
from autonomo.sandbox.local import LocalSandbox


def backend_name(config: SandboxConfig) -> str:
    """The backend ``config`` resolves to here; raises ``UserError`` when none may run."""
    if config.backend == "bubblewrap":
        reason = bubblewrap.unavailable_reason(config)
        if reason:
            raise UserError(f"The bubblewrap sandbox is not usable: {reason}.")
        return "bubblewrap"
    if config.backend in ("docker", "podman"):
        if not engine_answers(config.backend):
            raise UserError(
                f"The {config.backend} sandbox is not usable: `{config.backend} info` failed. "
                "Start the engine or choose another sandbox backend."
            )
        return config.backend
    if config.backend == "local":
        if not config.allow_unsandboxed:
            raise UserError(
                "sandbox.backend is 'local' but sandbox.allow_unsandboxed is false: set it to "
                "true to accept running commands directly on this machine."
            )
        return "local"
    bwrap_reason = bubblewrap.unavailable_reason(config)
    if bwrap_reason is None:
        return "bubblewrap"
    for engine in ("docker", "podman"):
        if engine_answers(engine):
            return engine
    if config.allow_unsandboxed:
        return "local"
    raise UserError(
        "No sandbox is available, so code and shell commands are refused. "
        f"bubblewrap: {bwrap_reason}; docker/podman: no engine answers. "
        "Install bubblewrap (apt-get install bubblewrap) or start Docker/Podman — or set "
        "sandbox.allow_unsandboxed = true to run commands directly on this machine."
    )


def can_execute(config: SandboxConfig) -> bool:
    """Whether code execution is possible with this configuration (for ``Command.enabled``)."""
    try:
        backend_name(config)
    except UserError:
        return False
    return True


def create_sandbox(workspace: Path, config: SandboxConfig) -> Sandbox:
    """A sandbox for ``workspace`` with the backend the config selects."""
    name = backend_name(config)
    if name == "bubblewrap":
        return bubblewrap.BubblewrapSandbox(workspace, config)
    if name in ("docker", "podman"):
        return ContainerSandbox(workspace, config, engine=name)
    return LocalSandbox(workspace, config)
