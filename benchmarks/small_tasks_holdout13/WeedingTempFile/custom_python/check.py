"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('weeded_titles.tmp'), 'weeded_titles.tmp still exists')
    ok(lines(read('weeded_titles.csv')) == ['title,reason', 'Old Atlas,damaged'], 'weeded_titles.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
