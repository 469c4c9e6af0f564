"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('lan_hosts.txt'))
    ok(got[:2] == ['127.0.0.1 localhost', '::1 localhost'], got)
    ok(len(got) == 3 and got[2].split() == ['127.0.0.1', 'wiki.lan'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
