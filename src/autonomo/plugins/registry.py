"""Looking up what plugins registered: one path for every kind of extension."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pluggy

from autonomo.errors import ConfigError

#: kind -> (hook name, what the config calls one)
KINDS = {
    "models": ("register_models", "model provider"),
    "strategies": ("register_strategies", "prompt strategy"),
    "memory_stores": ("register_memory_stores", "memory store"),
    "embedders": ("register_embedders", "embedder"),
    "sandboxes": ("register_sandboxes", "sandbox backend"),
}


@cache
def builtin_manager() -> pluggy.PluginManager:
    """A manager with autonomo's own parts only, for callers given no plugin manager."""
    from autonomo.plugins.manager import create_plugin_manager

    return create_plugin_manager(load_entry_points=False)


@cache
def installed_manager(disabled: tuple[str, ...] = ()) -> pluggy.PluginManager:
    """A manager with autonomo's own parts and the installed plugins but ``disabled``, for
    what is chosen where no manager is at hand (the sandbox of an eval or an SOP run)."""
    from autonomo.plugins.manager import create_plugin_manager

    return create_plugin_manager(disabled=disabled)


def registered(plugins: pluggy.PluginManager | None, kind: str) -> dict[str, Callable[..., Any]]:
    """Name -> factory of every ``kind`` the plugins (built-ins included) register."""
    hook_name, _ = KINDS[kind]
    found: dict[str, Callable[..., Any]] = {}

    def register(name: str, factory: Callable[..., Any]) -> None:
        found[name] = factory

    getattr((plugins or builtin_manager()).hook, hook_name)(register=register)
    return found


def lookup(plugins: pluggy.PluginManager | None, kind: str, name: str) -> Callable[..., Any]:
    """The factory registered as ``name``, or a ``ConfigError`` listing what there is."""
    found = registered(plugins, kind)
    if name not in found:
        what = KINDS[kind][1]
        raise ConfigError(f"Unknown {what} {name!r}. Registered: {', '.join(sorted(found))} "
                          "(plugins can register more).")
    return found[name]
