"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('.dockerignore'))
    ok(got[:3] == ['node_modules/', '.git', '*.md'], got)
    ok(len(got) == 4 and got[3].strip('`') == '*.sqlite3', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
