"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import os
import sys

from checks import lines, ok, read

try:
    got = sorted(os.path.basename(x) for x in lines(read('docs_index.txt')))
    ok(got == ['faq.txt', 'guide.txt', 'license.txt'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
