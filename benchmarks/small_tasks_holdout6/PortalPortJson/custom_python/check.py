"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, lines, number, ok, read

try:
    d = jload('portal.json')
    ok(isinstance(d, dict) and list(d) == ['port'] and number(d['port']) == 8471, d)
    ok(lines(read('service.env')) == ['HOST=127.0.0.1', 'PORT=8471', 'LOG_LEVEL=info'], 'service.env changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
