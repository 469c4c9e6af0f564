"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('aliases.sh'))
    ok(got[:2] == ["alias gs='git status'", "alias ..='cd ..'"], got)
    ok(len(got) == 3 and got[2].replace('"', "'") == "alias ll='ls -la'", got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
