"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('checklist.md'))
    ok(got[:3] == ['# Before the trip', '[x] book hotel', '[ ] buy adapter'], got)
    ok(len(got) == 4 and ' '.join(got[3].lower().split()).rstrip('.') == '[ ] renew passport', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
