"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('channel.txt')) == 44, read('channel.txt'))
    ok(lines(read('router.conf')) == ['[radio_2g]', 'ssid = Pelican-Nest', 'channel = 6', 'width = 20MHz', '[radio_5g]', 'ssid = Pelican-Nest-5G', 'channel = 44', 'width = 80MHz'], 'router.conf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
