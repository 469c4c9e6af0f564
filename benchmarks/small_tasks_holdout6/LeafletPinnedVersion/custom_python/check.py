"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('leaflet_version.txt'))
    ok(got in ('1.9.4', '^1.9.4', 'v1.9.4'), got)
    ok(lines(read('trailsite/bundle.json')) == ['{', '"bundle": "trail-site"', '"built": "0.5.2"', '"libs": {', '"leaflet": "1.9.4"', '"htmx.org": "2.0.3"', '}', '}'], 'trailsite/bundle.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
