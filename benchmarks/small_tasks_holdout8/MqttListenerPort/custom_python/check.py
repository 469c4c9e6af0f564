"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import amount, lines, norm, ok, read

try:
    got = read('mqtt_port.txt')
    ok(amount(re.sub(r'^(port|mqtt( port)?|listener)[: ]*', '', norm(got))) == 8883, got)
    ok(lines(read('home_automation/broker.conf')) == ['# mosquitto', 'listener 8883', 'protocol mqtt', 'cafile /etc/mosquitto/ca.crt', 'listener 9001', 'protocol websockets', 'persistence true'], 'home_automation/broker.conf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
