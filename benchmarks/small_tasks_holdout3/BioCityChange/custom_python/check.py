"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    got = ' '.join(read('bio.txt').split())
    ok(got == 'Illustrator and part-time beekeeper. Based in Valencia since 2022. Available for book covers and posters.', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
