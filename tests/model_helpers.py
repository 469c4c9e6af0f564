"""The embedded model for the tests that run it for real: skipped when its weights are missing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from autonomo.errors import UserError
from autonomo.llm.local import LlamaCppModel
from autonomo.llm.local_weights import default_model_path


def embedded_model(n_ctx: int) -> Iterator[LlamaCppModel]:
    """Body of a module fixture: the embedded model, greedy and seeded, closed afterwards."""
    try:
        default_model_path()
    except UserError as exc:
        pytest.skip(str(exc))
    llm = LlamaCppModel(n_ctx=n_ctx, seed=0, temperature=0.0)
    yield llm
    llm.close()
