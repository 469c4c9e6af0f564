"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('chile_cap.txt')) == 'santiago', 'wrong value')
    ok(lines(read('capitals_ref.json')) == ['{"Peru": "Lima", "Chile": "Santiago", "Bolivia": "Sucre"}'], 'capitals_ref.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
