"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import configparser
import sys

from checks import number, ok, read

try:
    cfg = configparser.ConfigParser()
    cfg.read_string(read('app.ini'))
    ok(number(cfg['server']['workers']) == 8, dict(cfg['server']))
    ok(cfg['server']['port'] == '8000' and cfg['log']['level'] == 'warning', read('app.ini'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
