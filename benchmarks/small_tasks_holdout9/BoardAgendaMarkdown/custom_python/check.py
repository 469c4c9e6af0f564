"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import norm, ok, read

try:
    got = [x.strip() for x in read('agenda.md').splitlines() if x.strip()]
    ok(got and got[0].startswith('#') and norm(got[0].lstrip('#')) == 'board meeting', got)
    bullets = [norm(x[2:]) for x in got[1:] if x[:2] in ('- ', '* ', '+ ')]
    ok(len(got) == 4 and sorted(bullets) == ['budget', 'hiring', 'office move'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
