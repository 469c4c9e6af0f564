"""The plugin manager: built-ins plus everything in the ``autonomo`` entry-point group."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pluggy

from autonomo.plugins import hookspecs

ENTRY_POINT_GROUP = "autonomo"


def create_plugin_manager(
    *, load_entry_points: bool = True, extra: Iterable[Any] = (), disabled: Iterable[str] = ()
) -> pluggy.PluginManager:
    """A fresh manager; entry points are loaded unless disabled by name."""
    pm = pluggy.PluginManager(ENTRY_POINT_GROUP)
    pm.add_hookspecs(hookspecs)
    if load_entry_points:
        pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    for name in disabled:
        plugin = pm.get_plugin(name)
        if plugin is not None:
            pm.unregister(plugin)
    for plugin in extra:
        pm.register(plugin)
    return pm
