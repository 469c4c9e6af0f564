"""A positive verifier's verdict (``verifying``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """Whether the finish is verified; the operation recognised ("" when none); what was
    confirmed, or what could not be."""

    verified: bool
    operation: str
    why: str

    @classmethod
    def yes(cls, operation: str, why: str) -> Verdict:
        return cls(True, operation, why)

    @classmethod
    def no(cls, operation: str, why: str) -> Verdict:
        return cls(False, operation, why)
