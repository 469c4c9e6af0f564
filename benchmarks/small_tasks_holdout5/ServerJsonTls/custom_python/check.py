"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, number, ok

try:
    d = jload('server.json')
    ok(isinstance(d, dict) and sorted(d) == ['host', 'port', 'tls'], d)
    ok(d['host'] == '0.0.0.0' and number(d['port']) == 8443, d)
    ok(d['tls'] is True or str(d['tls']).lower() in ('true', 'on'), d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
