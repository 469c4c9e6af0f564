"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok([''.join(x.split()) for x in lines(read('sample_intake.txt'))] == ['S-117serum1.0mL', 'S-118urine4.0mL', 'S-119plasma2.5mL'], 'not appended as the last line')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
