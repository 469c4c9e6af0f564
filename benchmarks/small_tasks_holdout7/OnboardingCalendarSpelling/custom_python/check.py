"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('onboarding.md'))
    ok(got == ['# Welcome aboard', 'The team calendar lives in the shared drive.', 'Ask Anouk for the wiki login.', 'Add your holidays to the calendar before Friday.'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
