"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('tidy_names.py').strip() == "print('tidy')", 'content differs')
    ok(not exists('helper2.py'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
