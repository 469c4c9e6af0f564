"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    t = read('poem2.txt')
    ok('Roses are red' in t and 'Violets are blue' in t, t)
    ok('Roses' in read('poem.txt'), 'original kept')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
