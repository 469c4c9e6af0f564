"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import configparser
import sys

from checks import number, ok, read

try:
    c = configparser.ConfigParser()
    c.read_string(read('backup.ini'))
    ok(c.has_section('backup'), c.sections())
    ok(c['backup'].get('path', '').strip().strip('\'"') == '/srv/photos', dict(c['backup']))
    ok(number(c['backup'].get('keep', '')) == 10, dict(c['backup']))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
