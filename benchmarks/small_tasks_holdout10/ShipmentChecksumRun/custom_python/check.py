"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('checksum_out.txt')) == 7843, read('checksum_out.txt'))
    ok(lines(read('checksum_tool.py')) == ["data = open('shipment_ids.txt').read().split()", 'print(sum(int(x) * (i + 1) for i, x in enumerate(data)) % 9973)'], 'checksum_tool.py changed or gone')
    ok(lines(read('shipment_ids.txt')) == ['4021 7719 3350 1288 6604'], 'shipment_ids.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
