"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = [norm(x).strip('[]') for x in items(read('kiosk_sections.txt'))]
    ok(sorted(got) == ['display', 'network', 'power'], got)
    ok(lines(read('kiosk.ini')) == ['[display]', 'brightness = 80', 'rotate = 90', '[network]', 'wifi = off', 'ethernet = dhcp', '[power]', 'sleep_after = 15m', 'wake_at = 07:30'], 'kiosk.ini changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
