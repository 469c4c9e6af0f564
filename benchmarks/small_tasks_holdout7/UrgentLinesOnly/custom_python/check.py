"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(re.sub(r'^urgent:? ', '', norm(x)) for x in lines(read('server_room/urgent.txt')))
    ok(got == ['call the insurer about the flood claim', 'renew tls certificate for the shop', 'replace the failed disk in nas-2'], got)
    ok(lines(read('server_room/tasks.txt')) == ['URGENT renew TLS certificate for the shop', 'update the staff rota', 'URGENT replace the failed disk in nas-2', 'order printer toner', 'URGENT call the insurer about the flood claim'], 'server_room/tasks.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
