"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = [squeeze(x) for x in lines(read('.editorconfig'))]
    ok(got == ['root=true', '[*]', 'indent_style=space', 'indent_size=2', 'end_of_line=lf', '[makefile]', 'indent_style=tab'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
