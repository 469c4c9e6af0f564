"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('mockup_a.svg'), 'mockup_a.svg still exists')
    ok(not exists('mockup_c.svg'), 'mockup_c.svg still exists')
    ok(lines(read('mockup_b.svg')) == ["<svg><rect width='115' height='80'/></svg>"], 'mockup_b.svg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
