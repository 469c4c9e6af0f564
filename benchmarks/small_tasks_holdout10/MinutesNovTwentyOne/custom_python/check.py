"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    raw = [x.strip() for x in read('meeting_minutes_1121.md').splitlines() if x.strip()]
    ok(len(raw) == 3 and raw[0].startswith('#') and norm(raw[0].lstrip('#')) == 'minutes 21 nov', raw)
    ok(all(x[:2] in ('- ', '* ') for x in raw[1:]), raw)
    ok([norm(x) for x in lines('\n'.join(raw[1:]))] == ['budget approved', 'new intern starts monday'], raw)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
