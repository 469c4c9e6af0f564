"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = sorted(x[2:] if x.startswith('./') else x for x in lines(read('md_files.txt')))
    ok(got == ['intro.md', 'usage.md'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
