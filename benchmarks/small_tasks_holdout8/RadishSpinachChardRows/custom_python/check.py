"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('garden/sowing.txt'))]
    ok(len(got) == 3, got)
    pairs = {m.groups() for m in (re.fullmatch(r'(radish|spinach|chard) ?[-–—:,]? ?row ?(\d)', x) for x in got) if m}
    ok(pairs == {('radish', '1'), ('spinach', '2'), ('chard', '3')}, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
