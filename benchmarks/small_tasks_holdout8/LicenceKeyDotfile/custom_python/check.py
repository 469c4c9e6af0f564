"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    got = read('.license_key').strip().strip('"\'`').strip()
    ok(got == 'ZX7Q-44KD-PL0M', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
