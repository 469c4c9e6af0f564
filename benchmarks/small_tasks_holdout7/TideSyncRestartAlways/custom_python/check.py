"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = [squeeze(x) for x in lines(read('units/tide-sync.service'))]
    ok(got == ['[unit]', 'description=synctidetables', 'after=network-online.target', '[service]', 'execstart=/opt/tidesync/bin/tidesync--quiet', 'restart=always', 'restartsec=30', '[install]', 'wantedby=multi-user.target'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
