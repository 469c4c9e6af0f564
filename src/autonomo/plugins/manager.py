"""The plugin manager — the one place it is made: built-ins plus the ``autonomo`` entry points."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pluggy

from autonomo.plugins import hookspecs

ENTRY_POINT_GROUP = "autonomo"


def builtin_plugins() -> dict[str, Any]:
    """autonomo's own parts, by plugin name; they register through the same hooks a third
    party implements, and are registered here explicitly so that they are there even when
    the package's entry-point metadata is missing."""
    from autonomo.plugins import builtin as builtin_parts
    from autonomo.tools import builtin

    return {"builtin_commands": builtin, "builtin": builtin_parts}


def create_plugin_manager(
    *, load_entry_points: bool = True, extra: Iterable[Any] = (), disabled: Iterable[str] = (),
    builtins: bool = True,
) -> pluggy.PluginManager:
    """A fresh manager with the built-ins (unless ``builtins=False``), the installed plugins
    (unless ``load_entry_points=False``) and ``extra``; plugins in ``disabled`` are dropped."""
    pm = pluggy.PluginManager(ENTRY_POINT_GROUP)
    pm.add_hookspecs(hookspecs)
    if builtins:
        for name, plugin in builtin_plugins().items():
            pm.register(plugin, name=name)
    if load_entry_points:  # an entry point named like a registered plugin is skipped
        pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    for name in disabled:
        plugin = pm.get_plugin(name)
        if plugin is not None:
            pm.unregister(plugin)
    for plugin in extra:
        pm.register(plugin)
    return pm
