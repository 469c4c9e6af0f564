"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, norm, ok

try:
    d = jload('pantry_restock.json')
    ok(isinstance(d, list) and all(isinstance(x, str) for x in d), d)
    ok(sorted(norm(x) for x in d) == ['capers', 'oat flakes', 'sumac'], d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
