"""Approximate cosine scores from an int8 copy of the vector matrix (oneDNN through torch).

Exact search over many float32 vectors is bound by memory bandwidth: every query reads the
whole matrix (154 MB at 100,000 × 384). An int8 copy, quantised per row (``scale = max|x| /
127``), is a quarter of that, and oneDNN's u8 × s8 matrix-vector kernel reads it at about the
same speed, so a full scan takes ~1 ms instead of ~8 ms on this project's 2-core machine. The
scores are approximate (errors around 1e-3 for unit vectors); ``MatrixIndex`` rescores the best
candidates with the float32 rows, so the results and scores it returns are exact.

torch is optional: :meth:`Int8Scan.build` returns ``None`` when torch is missing, when the
operators are not there (they are internal to torch), or when a check against exact scores
fails — the caller then searches exactly.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

#: rows quantised at a time, to bound the float temporaries
_CHUNK = 16_384
#: the largest score error accepted by the self-check; real kernels stay far below it
_TOLERANCE = 0.05


@dataclass(eq=False)
class Int8Scan:
    """A packed int8 matrix; :meth:`scores` approximates ``matrix @ query``."""

    _torch: Any
    _packed: Any
    _scales: Any
    _zeros: Any
    rows: int

    @classmethod
    def build(cls, matrix: np.ndarray) -> Int8Scan | None:
        """Quantise ``matrix`` (float32 rows); ``None`` if this machine cannot scan in int8."""
        try:
            import torch
        except ImportError:
            return None
        if len(matrix) == 0:
            return None
        try:
            weights, scales = quantize_rows(matrix)
            packed = torch.ops.onednn.qlinear_prepack(
                torch.from_numpy(weights), [1, matrix.shape[1]]
            )
            scan = cls(
                torch,
                packed,
                torch.from_numpy(scales),
                torch.zeros(len(matrix), dtype=torch.int64),
                len(matrix),
            )
            error = scan.check(matrix)
        except (AttributeError, RuntimeError, TypeError, ValueError, NotImplementedError) as exc:
            log.info("int8 scan unavailable, searching exactly: %s", exc)
            return None
        if not error <= _TOLERANCE:
            log.warning("int8 scan is off by %.3g; searching exactly instead", error)
            return None
        return scan

    def scores(self, query: np.ndarray) -> np.ndarray:
        """Approximate scores of every row for a float32 ``query``; a fresh writable array.

        The scan runs on one thread: it is bound by memory bandwidth, and on a machine whose
        cores are shared, waking a second thread can cost a whole scheduler tick (measured:
        ~8 ms with two threads against ~1 ms with one, at 100,000 × 384 under load).
        """
        torch = self._torch
        low, high = float(query.min()), float(query.max())
        step = (high - low) / 255 or 1.0
        zero_point = int(np.clip(np.rint(-low / step), 0, 255))
        quantized = np.clip(np.rint(query / step) + zero_point, 0, 255).astype(np.uint8)
        threads = torch.get_num_threads()
        if threads != 1:
            torch.set_num_threads(1)
        try:
            out = torch.ops.onednn.qlinear_pointwise(
                torch.from_numpy(quantized)[None],
                step,
                zero_point,
                self._packed,
                self._scales,
                self._zeros,
                None,
                1.0,
                0,
                torch.float32,
                "none",
                [],
                "",
            )
        finally:
            if threads != 1:
                torch.set_num_threads(threads)
        return out.numpy().reshape(-1)

    def check(self, matrix: np.ndarray) -> float:
        """Largest score error over sample rows, for a query that is one of the rows."""
        sample = np.linspace(0, len(matrix) - 1, num=min(len(matrix), 512)).astype(np.int64)
        query = np.ascontiguousarray(matrix[sample[len(sample) // 2]], dtype=np.float32)
        approx = self.scores(query)
        if approx.shape != (len(matrix),):
            raise ValueError(f"int8 scan returned shape {approx.shape}")
        return float(np.max(np.abs(approx[sample] - matrix[sample] @ query)))


def quantize_rows(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Symmetric int8 per row: ``matrix ≈ weights * scales[:, None]``."""
    weights = np.empty(matrix.shape, dtype=np.int8)
    scales = np.empty(len(matrix), dtype=np.float32)
    for start in range(0, len(matrix), _CHUNK):
        block = matrix[start : start + _CHUNK]
        scale = np.abs(block).max(axis=1) / 127
        scale[scale == 0] = 1.0  # an all-zero row stays zero
        scales[start : start + len(block)] = scale
        weights[start : start + len(block)] = np.rint(block / scale[:, None])
    return weights, scales
