"""Choose the sandbox backend — and refuse to run anything rather than run it unprotected.

Backends are registered through the ``register_sandboxes`` hook (autonomo's own in
``autonomo.plugins.builtin``); ``sandbox.backend`` names one, or "auto" tries those with an
``auto_order``, lowest first. Whatever registered it, a backend that does not isolate runs only
with ``sandbox.allow_unsandboxed``, and a backend that cannot run here is an error, never a
reason to fall back to another.
"""

from __future__ import annotations

from pathlib import Path

import pluggy

from autonomo.config import SandboxConfig
from autonomo.errors import ConfigError, UserError
from autonomo.plugins.registry import installed_manager, registered
from autonomo.sandbox.base import Sandbox


def _backends(plugins: pluggy.PluginManager | None) -> dict[str, type[Sandbox]]:
    found = registered(plugins or installed_manager(), "sandboxes")
    for name, backend in found.items():
        if not (isinstance(backend, type) and issubclass(backend, Sandbox)):
            raise ConfigError(f"The sandbox backend {name!r} is registered as {backend!r}, "
                              "not as a Sandbox subclass.")
    return found


def _refusal(backend: type[Sandbox], config: SandboxConfig) -> str | None:
    """Why ``backend`` may not run with ``config`` (None: it may)."""
    if backend.isolating is not True and not config.allow_unsandboxed:
        return ("it runs commands directly on this machine and sandbox.allow_unsandboxed is "
                "false: set it to true to accept that")
    return backend.unavailable_reason(config)


def chosen_backend(config: SandboxConfig, plugins: pluggy.PluginManager | None = None
                   ) -> tuple[str, type[Sandbox]]:
    """The backend ``config`` resolves to here, by name; raises ``UserError`` when none may
    run. Without ``plugins``, the installed plugins' backends count too."""
    backends = _backends(plugins)
    if config.backend != "auto":
        if config.backend not in backends:
            raise ConfigError(f"Unknown sandbox backend {config.backend!r} (sandbox.backend). "
                              "Registered: "
                              f"{', '.join(sorted(backends))}, or auto (plugins can register "
                              "more).")
        reason = _refusal(backends[config.backend], config)
        if reason:
            raise UserError(f"The {config.backend} sandbox is not usable: {reason}.")
        return config.backend, backends[config.backend]
    tried: list[str] = []
    candidates = sorted((b.auto_order, name) for name, b in backends.items()
                        if b.auto_order is not None)
    for _order, name in candidates:
        reason = _refusal(backends[name], config)
        if reason is None:
            return name, backends[name]
        tried.append(f"{name}: {reason}")
    raise UserError(
        "No sandbox is available, so code and shell commands are refused. "
        f"{'; '.join(tried)}. Install bubblewrap (apt-get install bubblewrap) or start "
        "Docker/Podman — or set sandbox.allow_unsandboxed = true to run commands directly on "
        "this machine."
    )


def backend_name(config: SandboxConfig, plugins: pluggy.PluginManager | None = None) -> str:
    """The name of the backend ``config`` resolves to here (see ``chosen_backend``)."""
    return chosen_backend(config, plugins)[0]


def can_execute(config: SandboxConfig, plugins: pluggy.PluginManager | None = None) -> bool:
    """Whether code execution is possible with this configuration (for ``Command.enabled``);
    a backend name nothing registered is a ``ConfigError``, not a quiet no."""
    try:
        chosen_backend(config, plugins)
    except ConfigError:
        raise
    except UserError:
        return False
    return True


def create_sandbox(workspace: Path, config: SandboxConfig,
                   plugins: pluggy.PluginManager | None = None) -> Sandbox:
    """A sandbox for ``workspace`` with the backend the config selects."""
    name, backend = chosen_backend(config, plugins)
    box = backend(workspace, config)
    if box.isolating is not True and not config.allow_unsandboxed:
        box.close()
        raise UserError(f"The {name} sandbox does not isolate commands; refused because "
                        "sandbox.allow_unsandboxed is false.")
    return box
