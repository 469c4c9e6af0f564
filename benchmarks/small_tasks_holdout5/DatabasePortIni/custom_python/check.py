"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import configparser
import sys

from checks import ok, read

try:
    c = configparser.ConfigParser()
    c.read_string(read('db.ini'))
    ok(c.sections() == ['database', 'cache'], c.sections())
    ok(dict(c['database']) == {'host': 'db.internal', 'port': '5544'}, dict(c['database']))
    ok(dict(c['cache']) == {'host': 'cache.internal', 'port': '6379'}, dict(c['cache']))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
