"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    ok(re.sub(r'^timezone ?[:=] ?', '', norm(read('tz.txt'))) == 'america/halifax', read('tz.txt'))
    ok(lines(read('config/app.yaml')) == ['name: ledgerly', 'timezone: America/Halifax', 'locale: en_CA', 'workers: 4'], 'config/app.yaml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
