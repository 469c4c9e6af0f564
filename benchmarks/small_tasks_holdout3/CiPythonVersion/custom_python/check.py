"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import ok, read

try:
    got = [x.rstrip() for x in read('ci.yml').rstrip().splitlines()]
    want = ['name: tests', 'on: [push]', 'jobs:', '  test:', '    runs-on: ubuntu-latest', '    steps:', '      - uses: actions/setup-python@v5', '        with:', "          python-version: '3.11'", '      - run: pytest -q']
    ok(len(got) == len(want), got)
    i = 8
    ok(got[:i] + got[i + 1:] == want[:i] + want[i + 1:], got)
    ok(re.fullmatch(r' {10}python-version: *(["\']?)3\.13\1', got[i]), got[i])
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
