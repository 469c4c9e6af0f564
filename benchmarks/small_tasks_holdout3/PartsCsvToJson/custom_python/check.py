"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, jload, lines, number, ok, read

try:
    d = jload('parts.json')
    ok(isinstance(d, dict), d)
    ok({str(k).lower(): number(v) for k, v in d.items()} == {'bolts': 140, 'nuts': 85, 'washers': 300}, d)
    ok(lines(read('parts.csv')) == ['part,count', 'bolts,140', 'nuts,85', 'washers,300'], 'parts.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
