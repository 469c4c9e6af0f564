"""The models an SOP's roles and states ask for by name (aiwaves' per-state and per-agent
``LLM`` blocks, a YAML role's ``model``), found in the user's configuration or the run's
mapping; a name found nowhere falls back to the default model, and the run says so."""

from __future__ import annotations

from dataclasses import dataclass, field

from autonomo.config import ModelConfig, Settings
from autonomo.errors import UserError
from autonomo.llm.base import ChatModel
from autonomo.team.sop.spec import SopSpec

BUILTIN = ("fast", "smart", "default")


@dataclass
class Resolved:
    """Model per name the SOP uses, what to tell the user about each, and the models made
    here (closed at the end of the run)."""

    models: dict[str, ChatModel] = field(default_factory=dict)
    notices: list[dict[str, object]] = field(default_factory=list)
    made: list[ChatModel] = field(default_factory=list)


def configured(settings: Settings | None) -> dict[str, ModelConfig]:
    """Models the configuration names: ``llm.models``, then the server's ``server.models``."""
    if settings is None:
        return {}
    return {**settings.server.models, **settings.llm.models}


def resolve(spec: SopSpec, *, default: ChatModel, smart: ChatModel,
            settings: Settings | None, mapping: dict[str, str],
            given: dict[str, ChatModel]) -> Resolved:
    """``mapping`` sends an SOP's model name to a configured name (or fast/smart/default);
    ``given`` holds ready models by name (a program's, a test's)."""
    from autonomo.llm.factory import create_model

    configs = configured(settings)
    known = sorted({*configs, *given, *BUILTIN})
    for name, target in mapping.items():
        if target not in known:
            raise UserError(f"The model mapping {name}={target} names no configured model: "
                            f"use one of {', '.join(known)} (llm.models in the configuration).")
    result = Resolved()
    builtin = {"fast": default, "smart": smart, "default": default}
    for name, users in spec.model_names().items():
        target = mapping.get(name, name)
        model = given.get(target) or builtin.get(target)
        if model is None and target in configs:
            model = create_model(configs[target])
            result.made.append(model)
        found = model is not None
        result.models[name] = model or default
        via = f" (mapped to {target})" if target != name else ""
        result.notices.append({
            "name": name, "uses": target if found else "default", "found": found,
            "who": users,
            "text": (f"{', '.join(users)}: model {name}{via}" if found else
                     f"{', '.join(users)} {'ask' if len(users) > 1 else 'asks'} for the "
                     f"model {name!r}, which is not configured (llm.models, or a mapping "
                     f"such as --model-map {name}=smart): the default model "
                     f"{getattr(default, 'name', '')!s} is used instead")})
    return result
