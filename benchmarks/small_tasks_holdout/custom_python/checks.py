"""Helpers shared by this suite's checks (``from checks import read, ok, ...``): each
check runs with the workspace as its working folder and prints PASS or FAIL: <why>."""
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


def norm(text):
    """Lower case, whitespace collapsed, outer quotes and a final full stop dropped."""
    text = " ".join(text.split()).lower().strip("\"'`")
    return text[:-1].rstrip() if text.endswith(".") else text


def lines(text):
    """The non-empty lines, stripped (a leading list bullet or trailing comma dropped)."""
    out = []
    for line in text.splitlines():
        line = line.strip().rstrip(",").strip()
        if line[:2] in ("- ", "* "):
            line = line[2:].strip()
        if line:
            out.append(line)
    return out


def number(text):
    """The file's whole content as one number (None if it is anything else)."""
    try:
        return float(text.strip())
    except ValueError:
        return None
