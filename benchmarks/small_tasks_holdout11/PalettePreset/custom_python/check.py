"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('swatch_autumn.json') .strip() == '{"primary": "#c0392b"}', 'copy differs')
    ok(lines(read('swatch_warm.json')) == ['{"primary": "#c0392b"}'], 'swatch_warm.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
