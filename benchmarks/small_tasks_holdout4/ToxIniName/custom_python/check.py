"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('tox.ini')) == ['[tox]', 'envlist = py312', '[testenv]', 'commands = pytest -q'], read('tox.ini'))
    ok(not exists('tox.ini.txt'), 'tox.ini.txt still exists')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
