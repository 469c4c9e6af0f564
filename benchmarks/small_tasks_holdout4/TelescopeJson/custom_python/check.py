"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, number, ok

try:
    d = jload('telescope.json')
    ok(isinstance(d, dict) and sorted(d) == ['aperture_mm', 'focal_length_mm', 'mount'], d)
    ok(number(d['aperture_mm']) == 114 and number(d['focal_length_mm']) == 650, d)
    ok(str(d['mount']).strip().lower() == 'equatorial', d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
