"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('haiku_draft.txt'))
    ok(got[:2] == ['autumn window light', 'the cat follows a warm square'], got)
    ok(len(got) == 3 and norm(got[2]) == 'the kettle sighs once', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
