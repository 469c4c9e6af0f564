"""Where a team's roles come from: a Python module or file, named on the command line.

The module defines ``roles() -> list[Role]`` (or ``module:function`` names another function;
``spec["options"]`` are passed to it as keyword arguments) and may define
``prepare(workspace)`` to put files in the workspace before the first round.
The spec is stored with the team, so ``autonomo team resume`` builds the same roles again.
Other kinds of spec (an SOP file, say) register a builder with ``register_builder``.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from autonomo.errors import UserError
from autonomo.team.role import Role

Builder = Callable[[dict[str, Any]], list[Role]]
_BUILDERS: dict[str, Builder] = {}


def register_builder(kind: str, builder: Builder) -> None:
    """Make specs ``{"kind": kind, ...}`` buildable (used by resume)."""
    _BUILDERS[kind] = builder


def spec_for(target: str) -> dict[str, Any]:
    """The spec of ``MODULE_OR_FILE[:function]`` as given on the command line."""
    path_part, _, function = target.partition(":")
    function = function or "roles"
    path = Path(path_part).expanduser()
    if path.suffix == ".py" or path.is_file():
        if not path.is_file():
            raise UserError(f"No team file {path}: give a .py file or a module name.")
        return {"kind": "python", "file": str(path.resolve()), "function": function}
    return {"kind": "python", "module": path_part, "function": function}


def load_module(spec: dict[str, Any]) -> ModuleType:
    if "file" in spec:
        file = Path(spec["file"])
        name = f"autonomo_team_{file.stem}"
        module_spec = importlib.util.spec_from_file_location(name, file)
        if module_spec is None or module_spec.loader is None:
            raise UserError(f"Cannot load {file} as Python.")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        try:
            module_spec.loader.exec_module(module)
        except FileNotFoundError as exc:
            raise UserError(f"No team file {file}.") from exc
        return module
    try:
        return importlib.import_module(spec["module"])
    except ModuleNotFoundError as exc:
        raise UserError(f"No module {spec['module']!r} ({exc}); give a module name "
                        "(e.g. autonomo.team.examples.debate) or a .py file.") from exc


def build_roles(spec: dict[str, Any]) -> list[Role]:
    kind = spec.get("kind", "python")
    if kind != "python":
        if kind not in _BUILDERS:
            raise UserError(f"Unknown team kind {kind!r}; known: python, "
                            f"{', '.join(sorted(_BUILDERS))}.")
        return _BUILDERS[kind](spec)
    module = load_module(spec)
    where = spec.get("file") or spec.get("module")
    function = getattr(module, spec.get("function", "roles"), None)
    if not callable(function):
        raise UserError(f"{where} has no function {spec.get('function', 'roles')}() that "
                        "returns the team's roles.")
    roles = list(function(**spec.get("options", {})))
    if not roles or not all(isinstance(r, Role) for r in roles):
        raise UserError(f"{where}: {spec.get('function', 'roles')}() must return a non-empty "
                        "list of Role objects.")
    return roles


def prepare(spec: dict[str, Any], workspace: Path) -> None:
    """Run the module's ``prepare(workspace)`` if it has one (new teams only)."""
    if spec.get("kind", "python") != "python":
        return
    hook = getattr(load_module(spec), "prepare", None)
    if callable(hook):
        hook(workspace)
