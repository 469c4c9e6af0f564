"""Benchmarks of agents: agbenchmark-format challenges, a runner (in-process or on Ray),
results in SQLite and HTML reports."""

from autonomo.bench.challenge import (
    Challenge,
    ChallengeError,
    Suite,
    load_challenge,
    load_suite,
    prepare_workspace,
)
from autonomo.bench.evaluate import Evaluation, evaluate

__all__ = [
    "Challenge",
    "ChallengeError",
    "Evaluation",
    "Suite",
    "evaluate",
    "load_challenge",
    "load_suite",
    "prepare_workspace",
]
