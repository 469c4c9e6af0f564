"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, number, ok, read

try:
    ok(number(read('checksum.txt')) == 662, read('checksum.txt'))
    ok(lines(read('checksum.py')) == ["word = 'autumn'", 'print(sum(ord(c) for c in word) * 7 % 1000)'], 'checksum.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
