"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok([norm(x).strip('[]') for x in lines(read('ini_sections.txt'))] == ['network', 'paper', 'duplex'], read('ini_sections.txt'))
    ok(lines(read('printer_setup.ini')) == ['[network]', 'ip = 10.1.1.40', '[paper]', 'size = A4', '[duplex]', 'enabled = yes'], 'printer_setup.ini changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
