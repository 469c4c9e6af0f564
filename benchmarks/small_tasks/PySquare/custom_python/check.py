"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import os
import subprocess
import sys


def read(name):
    if not os.path.isfile(name):
        print(f"FAIL: {name} does not exist")
        sys.exit(0)
    with open(name, encoding="utf-8", errors="replace") as fh:
        return fh.read()


def exists(name):
    return os.path.exists(name)


def run(name):
    read(name)
    done = subprocess.run([sys.executable, name], capture_output=True, text=True, timeout=20)
    return done.stdout


def ok(cond, why):
    if not cond:
        print(f"FAIL: {why!r}")
        sys.exit(0)


try:
    out = run('square.py')
    ok('81' in out, out)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
