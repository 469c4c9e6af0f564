"""Helpers shared by this suite's checks (``from checks import read, ok, ...``): each
check runs with the workspace as its working folder and prints PASS or FAIL: <why>."""
import csv
import importlib.util
import json
import os
import re
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


def run(name, *args):
    """What the workspace's script ``name`` prints (stdout), run with ``args``."""
    read(name)
    done = subprocess.run([sys.executable, name, *args], capture_output=True, text=True,
                          timeout=20)
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
    """The whole text as one number (None if it is anything else)."""
    try:
        return float(str(text).strip().strip("\"'"))
    except ValueError:
        return None


def rows(text):
    """The CSV rows with at least one non-blank cell, cells stripped."""
    return [[c.strip() for c in r] for r in csv.reader(text.splitlines())
            if any(c.strip() for c in r)]


def module(name):
    """The workspace's Python file ``name`` imported as a module."""
    read(name)
    spec = importlib.util.spec_from_file_location(name[:-3], name)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def files_in(folder):
    """Names of the regular files directly in ``folder`` (empty if it is gone)."""
    if not os.path.isdir(folder):
        return []
    return sorted(n for n in os.listdir(folder) if os.path.isfile(os.path.join(folder, n)))


def squeeze(text, drop=""):
    """``text`` lower-cased with whitespace and the characters of ``drop`` removed."""
    return re.sub(r"\s+", "", text.lower()).translate({ord(c): None for c in drop})


def items(text):
    """The entries of a list answer: one per line, or comma-separated on a single line."""
    got = lines(text)
    if len(got) == 1 and "," in got[0]:
        got = [p.strip() for p in got[0].split(",") if p.strip()]
    return got


def amount(text, *units):
    """The text as one number, optionally followed by one of ``units`` ("3 parcels"); a
    thousands comma is allowed (None if it is anything else)."""
    text = norm(text).replace(",", "")
    for unit in units:
        if text.endswith(" " + unit):
            text = text[: -len(unit) - 1]
    return number(text)


def jload(name):
    """The workspace's JSON file ``name``, parsed."""
    return json.loads(read(name))
