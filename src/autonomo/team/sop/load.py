"""One entry point for every SOP format, recognised from the path and its content."""

from __future__ import annotations

import json
from pathlib import Path

from autonomo.team.sop.source import Problem, SopError
from autonomo.team.sop.spec import SopSpec


def load_sop(path: str | Path) -> SopSpec:
    """An autonomo SOP file (.yaml/.yml), a ChatDev company folder, or an aiwaves
    config.json, validated; ``SopError`` names file, line and field of every problem."""
    from autonomo.team.sop.aiwaves import is_aiwaves, load_aiwaves
    from autonomo.team.sop.chatdev import is_company, load_company
    from autonomo.team.sop.yaml_format import load_yaml_sop

    path = Path(path)
    if is_company(path):
        return load_company(path)
    if path.is_dir():
        raise SopError([Problem(path, 0, "", "this folder is not a ChatDev company: it has "
                                "none of ChatChainConfig.json, PhaseConfig.json, RoleConfig.json")])
    if path.suffix.lower() in (".yaml", ".yml"):
        return load_yaml_sop(path)
    if path.suffix.lower() == ".json" and path.exists():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, OSError, RecursionError):
            data = None  # load_aiwaves names the problem
        if data is None or is_aiwaves(data):
            return load_aiwaves(path)
    if not path.exists():
        raise SopError([Problem(path, 0, "", "does not exist")])
    raise SopError([Problem(path, 0, "", "is not an SOP autonomo recognises: give an autonomo "
                            "SOP file (.yaml), a ChatDev company folder, or an aiwaves config "
                            "(.json with `states` and `relations`)")])
