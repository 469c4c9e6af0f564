"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('router_settings.conf.orig')) == ['ssid=Kettlewell-5G', 'channel=36', 'band=5GHz'], 'router_settings.conf.orig wrong')
    ok(lines(read('router_settings.conf')) == ['ssid=Kettlewell-5G', 'channel=36', 'band=5GHz'], 'router_settings.conf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
