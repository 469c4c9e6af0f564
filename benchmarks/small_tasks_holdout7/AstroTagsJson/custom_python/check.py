"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok

try:
    d = jload('tags.json')
    ok(isinstance(d, list) and all(isinstance(x, str) for x in d), d)
    ok(sorted(x.strip().lower() for x in d) == ['astro', 'long-exposure', 'night-sky'], d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
